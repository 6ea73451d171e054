import type { ContentItem, Media } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { contentItems } from "../src/db/schema/index";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { mediaDir, uploadFile } from "./support/media";
import { jpeg } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * A publication and its media are saved by one request in one transaction (§5 files, issue 5):
 * a refused file leaves no publication, and a refused edit leaves the old text.
 */
let testDb: TestDatabase;
let app: App;
let media: Awaited<ReturnType<typeof mediaDir>>;
let as: Record<string, string>;
let other: Record<string, string>;
let ownerId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  app = await buildApp(testConfig({ MEDIA_DIR: media.dir }), { database: testDb.database });
  const db = testDb.database.db;
  const person = await createPerson(db, {
    name: "Gallery Owner",
    email: "gallery@example.com",
    slug: "gallery.owner.31",
    planTier: "premium",
    verificationStatus: "verified",
  });
  const someone = await createPerson(db, {
    name: "Other Author",
    email: "other@example.com",
    slug: "other.author.32",
  });
  ownerId = person.profileId;
  as = await bearerFor(db, person.userId);
  other = await bearerFor(db, someone.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  await media.remove();
});

async function image(headers: Record<string, string>): Promise<Media> {
  const { res, media: item } = await uploadFile(
    app,
    headers,
    { uploadType: "post_image" },
    { name: "picture.jpeg", data: await jpeg(800, 600) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return item!;
}

const galleryIds = (item: ContentItem) =>
  (item.gallery as { images: Array<{ id: string }> }).images.map((g) => g.id);

const itemsOfOwner = () =>
  testDb.database.db.select().from(contentItems).where(eq(contentItems.ownerId, ownerId));

describe("media saved with the publication", () => {
  it("creates a post with its gallery in one request", async () => {
    const [a, b] = [await image(as), await image(as)];
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: { kind: "post", content: "Two pictures", media: { galleryIds: [b.id, a.id] } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<{ data: ContentItem }>().data;
    expect(galleryIds(item)).toEqual([b.id, a.id]);
  });

  it("gives the main image with its media id, so the owner's form can re-crop it", async () => {
    const picture = await image(as);
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: {
        kind: "article",
        title: "Pictured",
        content: "<p>Text</p>",
        media: { mainImageId: picture.id },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: ContentItem }>().data.mainImage).toMatchObject({ id: picture.id });
  });

  it("keeps nothing when one of the files is not the author's", async () => {
    const before = (await itemsOfOwner()).length;
    const mine = await image(as);
    const theirs = await image(other);
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: { kind: "post", content: "Borrowed picture", media: { galleryIds: [mine.id, theirs.id] } },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("file_notFound");
    expect((await itemsOfOwner()).length).toBe(before);
  });

  it("keeps nothing when a file does not fit the kind", async () => {
    const before = (await itemsOfOwner()).length;
    const picture = await image(as);
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: {
        kind: "podcast",
        title: "Episode one",
        description: "A picture is not a recording",
        media: { fileId: picture.id },
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe("file_wrongKind");
    expect((await itemsOfOwner()).length).toBe(before);
  });

  it("edits text and media together, and a refused file leaves the old text", async () => {
    const first = await image(as);
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: { kind: "post", content: "Before", media: { galleryIds: [first.id] } },
    });
    const id = created.json<{ data: ContentItem }>().data.id;

    const second = await image(as);
    const edited = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${id}`,
      headers: as,
      payload: { content: "After", media: { galleryIds: [second.id] } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const item = edited.json<{ data: ContentItem }>().data;
    expect(item.content).toBe("After");
    expect(galleryIds(item)).toEqual([second.id]);

    const theirs = await image(other);
    const refused = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${id}`,
      headers: as,
      payload: { content: "Never saved", media: { galleryIds: [theirs.id] } },
    });
    expect(refused.statusCode).toBe(404);
    const [row] = await testDb.database.db.select().from(contentItems).where(eq(contentItems.id, id));
    expect(row!.content).toBe("After");
    const still = await app.inject({ method: "GET", url: `/api/v1/content/${id}`, headers: as });
    expect(galleryIds(still.json<{ data: ContentItem }>().data)).toEqual([second.id]);
  });
});
