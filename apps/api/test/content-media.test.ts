import { type ContentItem, IMAGE_ALT_MAX, type Media } from "@vn/contract";
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

/** Issue 18: a picture's alt text travels with the calls that attach it, and comes back with the item. */
describe("alt text of a publication's pictures", () => {
  type Pictured = { id: string; alt?: string | null };
  const images = (item: ContentItem) => (item.gallery as { images: Pictured[] }).images;
  const altOf = (item: ContentItem, id: string) => images(item).find((g) => g.id === id)?.alt;

  it("keeps each gallery picture's alt, and the main image's, in the item's view", async () => {
    const [a, b] = [await image(as), await image(as)];
    const post = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: {
        kind: "post",
        content: "Described pictures",
        media: { galleryIds: [a.id, b.id], alts: { [a.id]: "  A red square on a white page  " } },
      },
    });
    expect(post.statusCode, post.body).toBe(201);
    const item = post.json<{ data: ContentItem }>().data;
    expect(altOf(item, a.id)).toBe("A red square on a white page");
    expect(altOf(item, b.id)).toBeNull();
    // Anyone reading the published post gets it too.
    const read = await app.inject({ method: "GET", url: `/api/v1/content/${item.id}`, headers: other });
    expect(altOf(read.json<{ data: ContentItem }>().data, a.id)).toBe("A red square on a white page");

    const main = await image(as);
    const article = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: {
        kind: "article",
        title: "Described",
        content: "<p>Text</p>",
        media: { mainImageId: main.id, alts: { [main.id]: "The team at the launch" } },
      },
    });
    expect(article.statusCode, article.body).toBe(201);
    expect(article.json<{ data: ContentItem }>().data.mainImage).toMatchObject({
      id: main.id,
      alt: "The team at the launch",
      width: 800,
      height: 600,
    });
  });

  it("changes one picture's alt in an edit and leaves the others; an empty one clears it", async () => {
    const [a, b] = [await image(as), await image(as)];
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: {
        kind: "post",
        content: "Edit my alts",
        media: { galleryIds: [a.id, b.id], alts: { [a.id]: "First", [b.id]: "Second" } },
      },
    });
    const id = created.json<{ data: ContentItem }>().data.id;
    const edited = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${id}`,
      headers: as,
      payload: { media: { alts: { [a.id]: "First, better described" } } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const item = edited.json<{ data: ContentItem }>().data;
    expect(altOf(item, a.id)).toBe("First, better described");
    expect(altOf(item, b.id)).toBe("Second");

    const cleared = await app.inject({
      method: "PUT",
      url: `/api/v1/content/${id}/media`,
      headers: as,
      payload: { alts: { [b.id]: "" } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(altOf(cleared.json<{ data: ContentItem }>().data, b.id)).toBeNull();
    // The owner's own answer about the file says the same.
    const own = await app.inject({ method: "GET", url: `/api/v1/media/${a.id}`, headers: as });
    expect(own.json<{ data: Media }>().data.description).toBe("First, better described");
  });

  it("refuses an alt for a picture that is not on the item, and keeps nothing", async () => {
    const before = (await itemsOfOwner()).length;
    const [mine, loose] = [await image(as), await image(as)];
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: {
        kind: "post",
        content: "Alt for a stranger",
        media: { galleryIds: [mine.id], alts: { [loose.id]: "Not on this post" } },
      },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.code).toBe("file_notFound");
    expect((await itemsOfOwner()).length).toBe(before);
    const [row] = await testDb.database.db
      .select()
      .from(contentItems)
      .where(eq(contentItems.content, "Alt for a stranger"));
    expect(row).toBeUndefined();
  });

  it("refuses another person's alt on my pictures, and an alt that is too long", async () => {
    const a = await image(as);
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: { kind: "post", content: "Mine to describe", media: { galleryIds: [a.id] } },
    });
    const id = created.json<{ data: ContentItem }>().data.id;
    const theirs = await app.inject({
      method: "PUT",
      url: `/api/v1/content/${id}/media`,
      headers: other,
      payload: { alts: { [a.id]: "Vandalised" } },
    });
    expect(theirs.statusCode).toBe(404);
    const long = await app.inject({
      method: "PUT",
      url: `/api/v1/content/${id}/media`,
      headers: as,
      payload: { alts: { [a.id]: "x".repeat(IMAGE_ALT_MAX + 1) } },
    });
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain(`Max ${IMAGE_ALT_MAX} characters.`);
    const read = await app.inject({ method: "GET", url: `/api/v1/content/${id}`, headers: as });
    expect(altOf(read.json<{ data: ContentItem }>().data, a.id)).toBeNull();
  });
});
