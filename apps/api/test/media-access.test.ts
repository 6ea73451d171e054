import type { ContentItem, Media } from "@vn/contract";
import { messages } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { mediaFiles } from "../src/db/schema/index";
import { createPerson } from "../src/seed/library";
import { signedQuery } from "../src/shared/media-view";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { filesUnder, mediaDir, pathOf, uploadFile } from "./support/media";
import { pdf, png } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Issue 11, item 14: media of drafts (and of uploads not published yet) answer only to short-lived
 * signed URLs; a published item's media are public but no longer cached for a year; a deleted
 * item's media stop answering at once and are purged by the sweep. Item 20 (documents): a block
 * between viewer and owner hides a document's download and PDF as it hides the publication.
 */
let testDb: TestDatabase;
let app: App;
let media: Awaited<ReturnType<typeof mediaDir>>;
let owner: Record<string, string>;
let reader: Record<string, string>;
const slugs = { owner: "media.owner.14", reader: "media.reader.14" };

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  app = await buildApp(testConfig({ MEDIA_DIR: media.dir }), { database: testDb.database });
  const db = testDb.database.db;
  // Verified: a public profile, so only the block (never a privacy level) keeps a reader out.
  const a = await createPerson(db, {
    name: "Media Owner",
    email: "owner14@example.com",
    slug: slugs.owner,
    verificationStatus: "verified",
  });
  const b = await createPerson(db, {
    name: "Media Reader",
    email: "reader14@example.com",
    slug: slugs.reader,
  });
  owner = await bearerFor(db, a.userId);
  reader = await bearerFor(db, b.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  await media.remove();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });
/** The URL without its signature: what anyone who once saw it could still ask for. */
const plain = (url: string | null | undefined) => new URL(url!).pathname;

describe("item 14: media of drafts and deleted items", () => {
  it("gives an unpublished upload's variants only through short-lived signed URLs", async () => {
    const { res, media: file } = await uploadFile(
      app,
      owner,
      { uploadType: "post_image" },
      { name: "draft.png", data: await png(800, 600) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const url = file!.urls.full!;
    expect(new URL(url).searchParams.get("sig")).toBeTruthy();
    const expires = Number(new URL(url).searchParams.get("exp"));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(25 * 60 * 1000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const signed = await get(pathOf(url));
    expect(signed.statusCode).toBe(200);
    expect(signed.headers["cache-control"]).toBe("private, no-cache");
    // Without the signature, or with a wrong one, it does not exist.
    expect((await get(plain(url))).statusCode).toBe(404);
    expect((await get(`${plain(url)}?exp=${expires}&sig=${"A".repeat(32)}`)).statusCode).toBe(404);
    // A signature for another file does not open this one.
    const otherKey = `public/${file!.id}/small-0000000000000000.webp`;
    expect((await get(`${plain(url)}?${signedQuery(otherKey, expires)}`)).statusCode).toBe(404);
    // A signature past its time says so.
    const key = plain(url).replace("/api/media/", "");
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await get(`${plain(url)}?${signedQuery(key, past)}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error).toMatchObject({
      code: "file_linkExpired",
      message: messages.mediaLinkExpired,
    });
  });

  it("serves a draft's media signed, a published item's plainly (briefly cached), and nothing of a deleted one", async () => {
    const image = (
      await uploadFile(
        app,
        owner,
        { uploadType: "post_image" },
        { name: "main.png", data: await png(700, 700) },
      )
    ).media!;
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: owner,
      payload: { kind: "post", content: "Not yet", draft: true, media: { galleryIds: [image.id] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json().data as ContentItem;
    expect(draft.status).toBe("draft");
    const draftUrl = draft.image!.urls.preview!;
    expect(new URL(draftUrl).searchParams.get("sig")).toBeTruthy();
    expect((await get(pathOf(draftUrl))).statusCode).toBe(200);
    expect((await get(plain(draftUrl))).statusCode).toBe(404);

    // Published: plain URLs, public, cached minutes rather than a year.
    const published = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${draft.id}`,
      headers: owner,
      payload: { draft: false },
    });
    expect(published.statusCode, published.body).toBe(200);
    const item = (await get(`/api/v1/content/${draft.id}`, owner)).json().data as ContentItem;
    const publicUrl = item.image!.urls.preview!;
    expect(new URL(publicUrl).search).toBe("");
    expect(plain(publicUrl)).toBe(plain(draftUrl));
    const shown = await get(plain(publicUrl));
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toBe("public, max-age=600");

    // Deleted: neither URL answers any more, at once…
    expect(
      (await app.inject({ method: "DELETE", url: `/api/v1/content/${draft.id}`, headers: owner })).statusCode,
    ).toBe(204);
    expect((await get(plain(publicUrl))).statusCode).toBe(404);
    expect((await get(pathOf(draftUrl))).statusCode).toBe(404);
    // …and the sweep purges the file and every byte of it.
    expect((await filesUnder(media.dir)).some((f) => f.includes(image.id))).toBe(true);
    await app.media.sweep();
    expect(await testDb.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, image.id))).toEqual([]);
    expect((await filesUnder(media.dir)).filter((f) => f.includes(image.id))).toEqual([]);
  });

  it("keeps a profile photo public and cached for good", async () => {
    const { media: photo } = await uploadFile(
      app,
      owner,
      { uploadType: "user_image" },
      { name: "me.png", data: await png(500, 500) },
    );
    expect(new URL(photo!.urls.small!).search).toBe("");
    const res = await get(plain(photo!.urls.small));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

describe("item 20: blocks hide documents too", () => {
  it("answers 'not found' for a published document's download and PDF across a block, either way", async () => {
    const file = (
      await uploadFile(
        app,
        owner,
        { uploadType: "document_file", title: "Report", description: "Numbers" },
        { name: "report.pdf", data: pdf("Report") },
      )
    ).media as Media;
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: owner,
      payload: { kind: "document", title: "Report", description: "Numbers", media: { fileId: file.id } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const urls = [`/api/v1/media/${file.id}/download`, `/api/v1/media/${file.id}/document`];
    for (const url of urls) expect((await get(url, reader)).statusCode, url).toBe(200);

    const block = (who: Record<string, string>, slug: string, method: "POST" | "DELETE") =>
      app.inject({ method, url: `/api/v1/profiles/${slug}/block`, headers: who });
    expect((await block(owner, slugs.reader, "POST")).statusCode).toBeLessThan(300);
    for (const url of urls) {
      const res = await get(url, reader);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("file_notFound");
      // The owner still has it; a visitor (no block) still reads the published file.
      expect((await get(url, owner)).statusCode, url).toBe(200);
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await block(owner, slugs.reader, "DELETE")).statusCode).toBeLessThan(300);
    expect((await block(reader, slugs.owner, "POST")).statusCode).toBeLessThan(300);
    for (const url of urls) expect((await get(url, reader)).statusCode, url).toBe(404);
  });
});
