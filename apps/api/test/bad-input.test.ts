import { connect } from "node:net";
import { errorMessage, messages } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { comments, contentItems, reports } from "../src/db/schema/index";
import { createContent, createPerson, follow, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 11 item 18: every bad input is a 4xx with the catalogue's `{error:{code,message}}` shape —
 * a NUL byte in any text, a page cursor naming an impossible date, a path that is not valid
 * percent-encoded UTF-8, an over-long path parameter, over-long request lines and headers.
 * (Before: NUL and impossible cursors reached PostgreSQL and answered 500; the framework's own
 * 400/414/431 answers carried Fastify's shape.)
 */
let testDb: TestDatabase;
let app: App;
let owner: SeededPerson;
let fan: SeededPerson;
let postId: string;
let as: { owner: Record<string, string>; fan: Record<string, string> };
let port: number;

const db = () => testDb.database.db;
const NUL = "\u0000";

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
  owner = await createPerson(db(), {
    name: "Nora Null",
    email: "nora@example.com",
    slug: "nora.null.10",
    verificationStatus: "verified",
  });
  fan = await createPerson(db(), {
    name: "Finn Fan",
    email: "finn.bad@example.com",
    slug: "finn.fan.11",
    verificationStatus: "verified",
  });
  await follow(db(), fan.profileId, owner.profileId);
  postId = (await createContent(db(), { ownerId: owner.profileId, kind: "post", content: "Hello there" })).id;
  as = { owner: await bearerFor(db(), owner.userId), fan: await bearerFor(db(), fan.userId) };
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

/** The catalogue's shape with a 4xx status; returns the body. */
function expectRefusal(res: { statusCode: number; body: string }, status = 422) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { error: { code: string; message: string; details?: unknown } };
  expect(typeof body.error.code, res.body).toBe("string");
  expect(typeof body.error.message, res.body).toBe("string");
  return body.error;
}

describe("a NUL byte is refused with the catalogue's answer, never a 500", () => {
  const cases: Array<{
    name: string;
    method: "GET" | "POST" | "PATCH";
    url: () => string;
    who?: "owner" | "fan";
    payload?: () => object;
    path: string;
  }> = [
    {
      name: "post content",
      method: "POST",
      url: () => "/api/v1/content",
      who: "owner",
      payload: () => ({ kind: "post", content: `Hi${NUL}there` }),
      path: "body.content",
    },
    {
      name: "article title",
      method: "POST",
      url: () => "/api/v1/content",
      who: "owner",
      payload: () => ({ kind: "article", title: `Title${NUL}`, content: "<p>Body</p>" }),
      path: "body.title",
    },
    {
      name: "comment body",
      method: "POST",
      url: () => `/api/v1/content/${postId}/comments`,
      who: "fan",
      payload: () => ({ body: `Nice${NUL}post` }),
      path: "body.body",
    },
    {
      name: "about",
      method: "PATCH",
      url: () => "/api/v1/users/me/general-info",
      who: "owner",
      payload: () => ({ about: `About${NUL}me` }),
      path: "body.about",
    },
    {
      name: "report description",
      method: "POST",
      url: () => "/api/v1/reports",
      who: "fan",
      payload: () => ({ targetType: "content", targetId: postId, reason: "other", description: `Bad${NUL}` }),
      path: "body.description",
    },
    {
      name: "search term",
      method: "GET",
      url: () => "/api/v1/search?search=ab%00cd",
      path: "querystring.search",
    },
    {
      name: "profile URL",
      method: "GET",
      url: () => "/api/v2/profiles/nora%00",
      path: "params.slug",
    },
    {
      name: "page cursor",
      method: "GET",
      url: () => "/api/v2/profiles/nora.null.10/content?cursor=a%00",
      path: "querystring.cursor",
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const res = await app.inject({
        method: c.method,
        url: c.url(),
        headers: c.who ? as[c.who] : {},
        ...(c.payload ? { payload: c.payload() } : {}),
      });
      const error = expectRefusal(res);
      expect(error.code).toBe("request_validationFailed");
      expect(error.message).toBe(errorMessage("request_validationFailed"));
      expect(error.details).toContainEqual({ path: c.path, message: messages.textControlCharacters });
    });
  }

  it("nothing was written by the refused requests", async () => {
    const owned = await db().select().from(contentItems).where(eq(contentItems.ownerId, owner.profileId));
    expect(owned.map((row) => row.id)).toEqual([postId]);
    expect(await db().select().from(comments).where(eq(comments.contentId, postId))).toEqual([]);
    expect(await db().select().from(reports)).toEqual([]);
  });

  it("a NUL deep in a JSON body is refused too", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as.owner,
      payload: { kind: "post", content: "Fine", media: { galleryIds: ["x", `y${NUL}`] } },
    });
    const error = expectRefusal(res);
    expect(error.details).toEqual([
      { path: "body.media.galleryIds.1", message: messages.textControlCharacters },
    ]);
  });

  it("other control characters and broken Unicode are refused as well", async () => {
    for (const content of ["Bell\u0007", "Escape\u001b[31m", "Lone \ud800 surrogate"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/v1/content",
        headers: as.owner,
        payload: { kind: "post", content },
      });
      expect(expectRefusal(res).details).toEqual([
        { path: "body.content", message: messages.textControlCharacters },
      ]);
    }
  });

  it("text that is merely unusual still passes (tabs, new lines, emoji, other scripts)", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as.owner,
      payload: { kind: "post", content: "Tab\there\nnew line — ünïcödé 🙂 日本語" },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe("a session credential holding a NUL is refused, never a 500", () => {
  for (const headers of [
    { authorization: "Bearer abc%00def" },
    { cookie: "better-auth.session_token=abc%00def.sig" },
  ]) {
    it(Object.keys(headers)[0]!, async () => {
      for (const url of ["/api/v1/users/me", "/api/auth/session", "/api/auth/get-session"]) {
        const res = await app.inject({ method: "GET", url, headers });
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectRefusal(res, res.statusCode);
      }
    });
  }
});

describe("a page cursor naming an impossible date or a bad key is a 422, never a 500", () => {
  const cursor = (text: string) => Buffer.from(text).toString("base64url");
  const impossible = [
    "2024-02-30 10:00:00+00|x",
    "2024-13-01 10:00:00+00|x",
    "2024-01-01 25:00:00+00|x",
    "2024-01-01 10:61:00+00|x",
    "0000-01-01 10:00:00+00|x",
    "2024-01-01 10:00:00+99|x",
    `2024-01-01 10:00:00+00|x${NUL}`,
  ];
  const lists = [
    { name: "home feed", url: "/api/v1/feed", who: "fan" as const },
    { name: "followers", url: "/api/v1/profiles/nora.null.10/followers", who: "fan" as const },
    { name: "following", url: "/api/v1/profiles/finn.fan.11/following", who: "fan" as const },
    { name: "profile content", url: "/api/v2/profiles/nora.null.10/content", who: "fan" as const },
    { name: "notifications", url: "/api/v1/notifications", who: "owner" as const },
    { name: "comments", url: () => `/api/v1/content/${postId}/comments`, who: "fan" as const },
    { name: "reactions", url: () => `/api/v1/content/${postId}/reactions`, who: "fan" as const },
  ];
  for (const list of lists) {
    it(list.name, async () => {
      for (const text of impossible) {
        const base = typeof list.url === "function" ? list.url() : list.url;
        const res = await app.inject({
          method: "GET",
          url: `${base}?cursor=${cursor(text)}`,
          headers: as[list.who],
        });
        const error = expectRefusal(res);
        expect(error.code, text).toBe("request_validationFailed");
      }
    });
  }

  it("a real cursor still pages", async () => {
    for (let i = 0; i < 3; i++)
      await createContent(db(), { ownerId: owner.profileId, kind: "post", content: `p${i}` });
    const first = await app.inject({ method: "GET", url: "/api/v1/feed?perPage=2", headers: as.fan });
    expect(first.statusCode, first.body).toBe(200);
    const next = first.json().meta.nextCursor as string;
    expect(next).toBeTruthy();
    const second = await app.inject({
      method: "GET",
      url: `/api/v1/feed?perPage=2&cursor=${next}`,
      headers: as.fan,
    });
    expect(second.statusCode, second.body).toBe(200);
  });
});

describe("framework errors carry the catalogue's shape", () => {
  it("a path that is not valid percent-encoded UTF-8 (400)", async () => {
    for (const url of ["/api/v2/profiles/%C0%AF", "/api/v2/profiles/%FF", "/api/v2/profiles/%E0%A4%A"]) {
      const error = expectRefusal(await app.inject({ method: "GET", url }), 400);
      expect(error).toEqual({ code: "request_malformed", message: errorMessage("request_malformed") });
    }
  });

  it("a path parameter longer than the router takes (414)", async () => {
    const error = expectRefusal(
      await app.inject({ method: "GET", url: `/api/v2/profiles/${"a".repeat(300)}` }),
      414,
    );
    expect(error).toEqual({ code: "request_uriTooLong", message: errorMessage("request_uriTooLong") });
  });

  /** Sends raw bytes over a socket (what Node's HTTP parser refuses never reaches inject). */
  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString("utf8");
      });
      socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
      socket.on("close", () => resolve(answer));
      socket.write(request);
    });
  }

  function parse(answer: string): { status: number; body: { error: { code: string; message: string } } } {
    const [head = "", body = ""] = answer.split("\r\n\r\n");
    const status = Number(head.split(" ")[1]);
    expect(head.toLowerCase()).toContain("content-type: application/json");
    return { status, body: JSON.parse(body) };
  }

  it("an over-long request line (431 from Node's parser)", async () => {
    const answer = parse(await raw(`GET /api/health?x=${"a".repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({
      error: { code: "request_headersTooLarge", message: errorMessage("request_headersTooLarge") },
    });
  });

  it("over-long headers (431 from Node's parser)", async () => {
    const answer = parse(
      await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(70_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.body.error.code).toBe("request_headersTooLarge");
  });

  it("a request the parser cannot read (400)", async () => {
    const answer = parse(await raw("GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: { code: "request_malformed", message: errorMessage("request_malformed") },
    });
  });
});

describe("an event's online link is http(s) only (issue 11 item 15)", () => {
  const event = (onlineUrl: string) => ({
    kind: "event",
    title: "Launch",
    startsAt: "2031-05-01T10:00:00Z",
    endsAt: "2031-05-01T11:00:00Z",
    onlineUrl,
  });

  for (const onlineUrl of [
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
  ]) {
    it(`refuses ${onlineUrl.trim().slice(0, 16)}… on create and on edit`, async () => {
      const created = await app.inject({
        method: "POST",
        url: "/api/v1/content",
        headers: as.owner,
        payload: event(onlineUrl),
      });
      expect(expectRefusal(created).details).toEqual([
        { path: "body.onlineUrl", message: messages.invalidUrl },
      ]);

      const edited = await app.inject({
        method: "PATCH",
        url: `/api/v1/content/${eventId}`,
        headers: as.owner,
        payload: { onlineUrl },
      });
      expect(expectRefusal(edited).details).toEqual([
        { path: "body.onlineUrl", message: messages.invalidUrl },
      ]);
    });
  }

  let eventId: string;
  beforeAll(async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as.owner,
      payload: event("https://meet.example.com/launch?room=1"),
    });
    expect(res.statusCode, res.body).toBe(201);
    eventId = res.json().data.id;
    expect(res.json().data.event.onlineUrl).toBe("https://meet.example.com/launch?room=1");
  });

  it("keeps the stored link after refused edits", async () => {
    const [row] = await db().select().from(contentItems).where(eq(contentItems.id, eventId));
    expect(row?.onlineUrl).toBe("https://meet.example.com/launch?room=1");
  });
});
