import http from "node:http";
import type { AddressInfo } from "node:net";
import { type ContentItem, messages } from "@vn/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createLinkPreviewer, isPublicAddress, parsePreview } from "../src/modules/links/preview";
import { servedCard } from "../src/modules/links/routes";
import { createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Link preview cards (issue 18): the SSRF rules through the real app (private, loopback,
 * link-local, mapped and resolved-to-private addresses are refused before any byte is sent), and
 * the previewer against a real HTTP server of this test (parsing, cache, time and size limits,
 * redirects checked again), which may only be reached because the test allows its own address.
 */

let testDb: TestDatabase;
let app: App;
let author: SeededPerson;
let headers: Record<string, string>;
const db = () => testDb.database.db;

/** A local web server whose pages the tests choose; counts the requests it answers. */
let server: http.Server;
let bigPicture: Buffer;
let base: string;
let port: number;
const hits = new Map<string, number>();

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  author = await createPerson(db(), {
    name: "Lina Links",
    email: "lina@example.com",
    slug: "lina.links.18",
    verificationStatus: "verified",
  });
  headers = await bearerFor(db(), author.userId);

  bigPicture = await sharp({
    create: { width: 2000, height: 1000, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === "/page") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html><head>
        <title>Plain title</title>
        <meta property="og:title" content="Launch &amp; learn">
        <meta name="description" content="What we shipped this week.">
        <meta property="og:image" content="/cover.png">
        <meta property="og:site_name" content="Example News">
        </head><body>Hello</body></html>`);
    } else if (path === "/slow") {
      // Never answers: the previewer gives up at its time limit.
    } else if (path === "/huge") {
      response.writeHead(200, { "content-type": "text/html" });
      response.write("<html><head><title>Big page</title></head><body>");
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 40 && response.write(chunk)) sent++;
        if (sent < 40) response.once("drain", pump);
        else response.end("</body></html>");
      };
      pump();
    } else if (path === "/image") {
      response.writeHead(200, { "content-type": "image/png" });
      response.end(Buffer.alloc(10));
    } else if (path === "/big.png") {
      response.writeHead(200, { "content-type": "image/png" });
      response.end(bigPicture);
    } else if (path === "/fake.png") {
      response.writeHead(200, { "content-type": "image/png" });
      response.end("<script>alert(1)</script>");
    } else if (path === "/to-private") {
      response.writeHead(302, { location: "http://10.0.0.1/admin" });
      response.end();
    } else if (path === "/to-page") {
      response.writeHead(301, { location: "/page" });
      response.end();
    } else {
      response.writeHead(404, { "content-type": "text/html" });
      response.end("<title>Missing</title>");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await app.close();
  await testDb.drop();
});

/** A previewer allowed to reach this test's own server (and nothing else private). */
function localPreviewer(options: { timeoutMs?: number; maxBytes?: number; imageMaxBytes?: number } = {}) {
  return createLinkPreviewer({
    allowAddress: (address) => address === "127.0.0.1" || isPublicAddress(address),
    extraPorts: [port],
    ...options,
  });
}

const preview = (url: string, h: Record<string, string> | undefined = headers) =>
  app.inject({
    method: "GET",
    url: `/api/v1/link-previews?${new URLSearchParams({ url }).toString()}`,
    headers: h,
  });

describe("link previews: addresses", () => {
  it("knows public addresses from private, loopback, link-local, mapped and reserved ones", () => {
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.0.0.8",
      "172.20.1.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "64:ff9b::a00:1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("refuses every address that is not a public web page, before fetching anything", async () => {
    for (const url of [
      "http://127.0.0.1/",
      "http://127.1/",
      "http://2130706433/",
      "http://10.1.2.3/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
      // A name is resolved first: localhost is loopback whatever it is called.
      "http://localhost/",
      // Credentials in the address and other ports are refused too.
      "http://user:secret@example.com/",
      "http://example.com:22/",
      `${base}/page`,
    ]) {
      const res = await preview(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json().error.code, url).toBe("link_refused");
      expect(res.json().error.message).toBe(messages.linkRefused);
    }
    expect(hits.get("/page") ?? 0).toBe(0);
    // Not http(s) at all: the request itself is invalid.
    for (const url of ["ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "gopher://x/"]) {
      const res = await preview(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.code, url).toBe("request_validationFailed");
    }
  });

  it("is for signed-in people only; visitors get a published link's card, never any address", async () => {
    expect((await preview("https://example.com/", {})).statusCode).toBe(401);

    const link = await createContent(db(), {
      ownerId: author.profileId,
      kind: "link",
      title: "Internal",
      onlineUrl: "http://127.0.0.1:1/secret",
    });
    const forLink = await app.inject({ method: "GET", url: `/api/v2/content/${link.id}/link-preview` });
    expect(forLink.statusCode, forLink.body).toBe(200);
    // The author's address is not public: no card, and nothing was fetched.
    expect(forLink.json().data).toBeNull();

    const post = await createContent(db(), { ownerId: author.profileId, kind: "post", content: "No link" });
    const forPost = await app.inject({ method: "GET", url: `/api/v2/content/${post.id}/link-preview` });
    expect(forPost.statusCode).toBe(404);
    const draft = await createContent(db(), {
      ownerId: author.profileId,
      kind: "link",
      onlineUrl: "https://example.com/",
      status: "draft",
    });
    const forDraft = await app.inject({ method: "GET", url: `/api/v2/content/${draft.id}/link-preview` });
    expect(forDraft.statusCode).toBe(404);
  });
});

describe("link previews: fetching", () => {
  it("reads the page's Open Graph card once and serves it from the cache after", async () => {
    const previewer = localPreviewer();
    const first = await previewer.preview(`${base}/page#section`);
    expect(first).toEqual({
      url: `${base}/page`,
      title: "Launch & learn",
      description: "What we shipped this week.",
      image: `${base}/cover.png`,
      siteName: "Example News",
    });
    const again = await previewer.preview(`${base}/page`);
    expect(again).toEqual(first);
    expect(hits.get("/page")).toBe(1);
    expect(previewer.fetches).toBe(1);
    // Many at once: one fetch.
    const fresh = localPreviewer();
    await Promise.all([1, 2, 3, 4].map(() => fresh.preview(`${base}/to-page`)));
    expect(fresh.fetches).toBe(2); // the redirect and the page, once
  });

  it("gives up at the time limit, and remembers the failure for a while", async () => {
    const previewer = localPreviewer({ timeoutMs: 400 });
    const started = Date.now();
    expect(await previewer.preview(`${base}/slow`)).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await previewer.preview(`${base}/slow`)).toBeNull();
    expect(hits.get("/slow")).toBe(1);
  });

  it("reads at most the size limit of a page, and only HTML", async () => {
    const previewer = localPreviewer({ maxBytes: 32 * 1024 });
    const started = Date.now();
    const big = await previewer.preview(`${base}/huge`);
    expect(big?.title).toBe("Big page");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await previewer.preview(`${base}/image`)).toBeNull();
    expect(await previewer.preview(`${base}/missing`)).toBeNull();
  });

  it("checks every redirect again: one to a private address is refused", async () => {
    const previewer = localPreviewer();
    await expect(previewer.preview(`${base}/to-private`)).rejects.toMatchObject({ code: "link_refused" });
  });

  it("serves a card's picture re-encoded and bounded, and nothing that is not a picture", async () => {
    const previewer = localPreviewer();
    const webp = await previewer.image(`${base}/big.png`);
    expect(webp).not.toBeNull();
    const meta = await sharp(webp!).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(600);
    expect(meta.height).toBe(300);
    await previewer.image(`${base}/big.png`);
    expect(hits.get("/big.png")).toBe(1);
    // A "picture" that is not one, a page, one too large: nothing.
    expect(await previewer.image(`${base}/fake.png`)).toBeNull();
    expect(await previewer.image(`${base}/page`)).toBeNull();
    expect(await localPreviewer({ imageMaxBytes: 1000 }).image(`${base}/big.png`)).toBeNull();
    await expect(createLinkPreviewer().image(`${base}/big.png`)).rejects.toMatchObject({
      code: "link_refused",
    });
  });

  it("gives the browser the picture as a signed path of ours, and serves only signed ones", async () => {
    const card = servedCard({
      url: "https://example.com/",
      title: "T",
      description: null,
      image: "http://127.0.0.1/cover.png",
      siteName: "example.com",
    });
    expect(card?.image).toMatch(
      /^\/api\/v2\/link-previews\/image\?src=http%3A%2F%2F127\.0\.0\.1%2Fcover\.png&exp=\d+&sig=/,
    );
    // Signed, but the address is not public: refused before anything is fetched.
    const signed = await app.inject({ method: "GET", url: card!.image! });
    expect(signed.statusCode, signed.body).toBe(422);
    expect(signed.json().error.code).toBe("link_refused");
    // Not signed by us (any other address, or a changed one): not found.
    const forged = card!.image!.replace("cover.png", "other.png");
    expect((await app.inject({ method: "GET", url: forged })).statusCode).toBe(404);
    const unsigned = `/api/v2/link-previews/image?src=${encodeURIComponent("https://example.com/a.png")}&exp=1&sig=x`;
    expect((await app.inject({ method: "GET", url: unsigned })).statusCode).toBe(404);
  });

  it("keeps only http(s) images and falls back to the host for the site name", () => {
    const page = new URL("https://www.example.org/a/b");
    const card = parsePreview(
      `<title> Hello\n world </title><meta content="javascript:alert(1)" property="og:image">`,
      page,
    );
    expect(card).toEqual({
      url: "https://www.example.org/a/b",
      title: "Hello world",
      description: null,
      image: null,
      siteName: "example.org",
    });
  });
});

describe("content sections: questions, links, folders", () => {
  it("publishes questions and links and lists each in its own section", async () => {
    const create = (payload: object) =>
      app.inject({ method: "POST", url: "/api/v1/content", headers, payload });
    const question = await create({ kind: "question", title: "Which editor do you use?" });
    expect(question.statusCode, question.body).toBe(201);
    expect(question.json().data.path).toMatch(/^\/lina\.links\.18\/questions\//);
    expect((await create({ kind: "question" })).statusCode).toBe(422);

    const link = await create({
      kind: "link",
      onlineUrl: "https://example.com/article",
      title: "Worth reading",
    });
    expect(link.statusCode, link.body).toBe(201);
    const item = link.json().data as ContentItem;
    expect(item.link).toEqual({ url: "https://example.com/article" });
    expect(item.event).toBeNull();
    expect((await create({ kind: "link" })).statusCode).toBe(422);
    expect((await create({ kind: "link", onlineUrl: "javascript:alert(1)" })).statusCode).toBe(422);

    const doc = await createContent(db(), {
      ownerId: author.profileId,
      kind: "document",
      title: "Handbook",
      description: "How we work",
    });

    const section = async (name: string) => {
      const query = new URLSearchParams({ tab: "media", filter: JSON.stringify({ section: name }) });
      const res = await app.inject({
        method: "GET",
        url: `/api/v2/profiles/lina.links.18/content?${query.toString()}`,
      });
      return (res.json().data as ContentItem[]).map((entry) => entry.id);
    };
    expect(await section("questions")).toEqual([question.json().data.id]);
    expect(await section("links")).toContain(item.id);
    expect(await section("folders")).toEqual([doc.id]);

    const page = await app.inject({ method: "GET", url: "/api/v2/profiles/lina.links.18" });
    expect(page.json().data.sectionCounts).toMatchObject({ questions: 1, folders: 1 });
  });
});
