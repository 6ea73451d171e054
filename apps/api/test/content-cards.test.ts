import { randomUUID } from "node:crypto";
import type { ContentItem } from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { companyMembers, contentItems, mediaFiles, profiles } from "../src/db/schema/index";
import { createCompany, createContent, createPerson, follow, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { cutListeners, readUntil, unheard, waitFor, withSecondNode } from "./support/nodes";
import { bearerFor } from "./support/sessions";

/**
 * The home feed's publication cards kept per API node (decision 0035): a second read of the feed
 * shows the cards it kept (a write no trigger announced goes unseen), every write a card is made
 * of is heard before the next request, and what depends on the viewer (isOwner, blocks, privacy
 * levels) is applied per request to the one card every viewer shares.
 */
let testDb: TestDatabase;
let app: App;
const db = () => testDb.database.db;
let seq = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "1000000" }), { database: testDb.database });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function person(verified = true): Promise<SeededPerson & { name: string }> {
  seq++;
  const name = `Card Person ${seq}`;
  const seeded = await createPerson(db(), {
    name,
    email: `card${seq}@cards.example`,
    slug: `card.person.${10 + seq}`,
    verificationStatus: verified ? "verified" : "not_verified",
  });
  return { ...seeded, name };
}

/** The reader's home feed, page 1, as the API answers it on `node`. */
async function feed(node: App, reader: SeededPerson): Promise<ContentItem[]> {
  const res = await node.inject({
    method: "GET",
    url: "/api/v1/feed?perPage=10",
    headers: await bearerFor(db(), reader.userId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ContentItem[] }).data;
}

/** A reader following an author who published one post (its id). */
async function readerOfPost(text = "A post to cache.") {
  const author = await person();
  const reader = await person();
  await follow(db(), reader.profileId, author.profileId);
  const post = await createContent(db(), { ownerId: author.profileId, kind: "post", content: text });
  return { author, reader, post };
}

const itemIn = (items: ContentItem[], id: string) => items.find((item) => item.id === id);

describe("the home feed's publication cards", () => {
  it("show the second read from the cards: a change no trigger announced goes unseen", async () => {
    const { reader, post } = await readerOfPost("Before.");
    expect(itemIn(await feed(app, reader), post.id)?.content).toBe("Before.");
    await unheard(db(), (tx) =>
      tx.update(contentItems).set({ content: "Unannounced." }).where(eq(contentItems.id, post.id)),
    );
    expect(itemIn(await feed(app, reader), post.id)?.content).toBe("Before.");
    // The same change written normally is heard before the next request.
    await db().update(contentItems).set({ content: "Announced." }).where(eq(contentItems.id, post.id));
    expect(itemIn(await feed(app, reader), post.id)?.content).toBe("Announced.");
  });

  it("share one card between viewers: isOwner and editable are each viewer's", async () => {
    const { author, reader, post } = await readerOfPost();
    const forReader = itemIn(await feed(app, reader), post.id);
    const forAuthor = itemIn(await feed(app, author), post.id);
    expect([forReader?.isOwner, forReader?.editable]).toEqual([false, false]);
    expect([forAuthor?.isOwner, forAuthor?.editable]).toEqual([true, true]);
    expect(itemIn(await feed(app, reader), post.id)?.isOwner).toBe(false);
  });

  it("apply blocks per viewer: a repost of a blocked profile's post shows its original as unavailable", async () => {
    const { author, post } = await readerOfPost("The original.");
    const reposter = await person();
    const reader = await person();
    const other = await person();
    await follow(db(), reader.profileId, reposter.profileId);
    await follow(db(), other.profileId, reposter.profileId);
    const repost = await createContent(db(), {
      ownerId: reposter.profileId,
      kind: "repost",
      repostOfId: post.id,
    });
    expect(itemIn(await feed(app, reader), repost.id)?.repostOf?.content).toBe("The original.");
    const res = await app.inject({
      method: "POST",
      url: `/api/v1/profiles/${author.slug}/block`,
      headers: await bearerFor(db(), reader.userId),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(itemIn(await feed(app, reader), repost.id)?.repostOf).toBeNull();
    // The same cards, for a viewer in no block.
    expect(itemIn(await feed(app, other), repost.id)?.repostOf?.content).toBe("The original.");
  });

  const changes: Array<{
    name: string;
    /** What the reader sees of the post (undefined: not in the feed), before and after the write. */
    seen: (item: ContentItem | undefined) => unknown;
    before: unknown;
    write: (post: { id: string }, author: SeededPerson) => Promise<unknown>;
    after: unknown;
  }> = [
    {
      name: "a reaction through the API (reaction_counts, like_count)",
      seen: (item) => [item?.like, item?.reactions],
      before: [0, {}],
      write: async (post) => {
        const fan = await person();
        const res = await app.inject({
          method: "PUT",
          url: `/api/v1/content/${post.id}/reactions`,
          headers: await bearerFor(db(), fan.userId),
          payload: { kind: "like" },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
      after: [1, { like: 1 }],
    },
    {
      name: "a picture attached (media_files)",
      seen: (item) => item?.gallery.images.length,
      before: 0,
      write: (post, author) =>
        db()
          .insert(mediaFiles)
          .values({
            id: randomUUID(),
            ownerId: author.profileId,
            uploadType: "user_gallery_image",
            kind: "image",
            status: "ready",
            fileName: "card.jpg",
            ext: "jpg",
            mime: "image/jpeg",
            size: 100,
            originalKey: `originals/${randomUUID()}/original`,
            contentItemId: post.id,
            role: "gallery",
            position: 0,
          }),
      after: 1,
    },
    {
      name: "the owner's new name (profiles.name)",
      seen: (item) => item?.owner.name === "Renamed Author",
      before: false,
      write: (_post, author) =>
        db().update(profiles).set({ name: "Renamed Author" }).where(eq(profiles.id, author.profileId)),
      after: true,
    },
    {
      name: "the owner's new picture (profiles.image_url)",
      seen: (item) => item?.owner.image?.urls.preview ?? null,
      before: null,
      write: (_post, author) =>
        db()
          .update(profiles)
          .set({ imageUrl: "https://cdn.example/face.jpg" })
          .where(eq(profiles.id, author.profileId)),
      after: "https://cdn.example/face.jpg",
    },
    {
      name: "the owner's suspension (profiles.status)",
      seen: (item) => item !== undefined,
      before: true,
      write: (_post, author) =>
        db().update(profiles).set({ status: "suspended" }).where(eq(profiles.id, author.profileId)),
      after: false,
    },
    {
      name: "the publication's removal (content_items.status)",
      seen: (item) => item !== undefined,
      before: true,
      write: (post) =>
        db().update(contentItems).set({ status: "removed" }).where(eq(contentItems.id, post.id)),
      after: false,
    },
  ];

  for (const change of changes) {
    it(`hear ${change.name} before the next request`, async () => {
      const { author, reader, post } = await readerOfPost();
      const seen = (items: ContentItem[]) => change.seen(itemIn(items, post.id));
      expect(seen(await feed(app, reader))).toEqual(change.before);
      expect(seen(await feed(app, reader))).toEqual(change.before);
      await change.write(post, author);
      expect(seen(await feed(app, reader))).toEqual(change.after);
    });
  }

  it("hear a repost's original removed, and its owner's narrower privacy level per viewer", async () => {
    const { author, post } = await readerOfPost("Reposted.");
    const reposter = await person();
    const unverified = await person(false);
    const verified = await person();
    for (const reader of [unverified, verified]) await follow(db(), reader.profileId, reposter.profileId);
    const repost = await createContent(db(), {
      ownerId: reposter.profileId,
      kind: "repost",
      repostOfId: post.id,
    });
    const original = async (reader: SeededPerson) =>
      itemIn(await feed(app, reader), repost.id)?.repostOf?.content;
    expect(await original(unverified)).toBe("Reposted.");
    expect(await original(verified)).toBe("Reposted.");
    await db().update(profiles).set({ privacy: "verified_privacy" }).where(eq(profiles.id, author.profileId));
    expect(await original(unverified)).toBeUndefined();
    expect(await original(verified)).toBe("Reposted.");
    await db().update(contentItems).set({ status: "removed" }).where(eq(contentItems.id, post.id));
    expect(await original(verified)).toBeUndefined();
    expect(itemIn(await feed(app, verified), repost.id)).toBeDefined();
  });

  it("hear a byline's position and its author's new name (company_members, the person's profile)", async () => {
    const owner = await person();
    const reader = await person();
    seq++;
    const company = await createCompany(db(), {
      name: `Card Works ${seq}`,
      ownerUserId: owner.userId,
      verificationStatus: "verified",
    });
    await follow(db(), reader.profileId, company.profileId);
    const post = await createContent(db(), {
      ownerId: company.profileId,
      kind: "post",
      content: "By a member.",
    });
    await db().update(contentItems).set({ authorUserId: owner.userId }).where(eq(contentItems.id, post.id));
    const byline = async () => itemIn(await feed(app, reader), post.id)?.byline;
    expect(await byline()).toEqual({ name: owner.name, position: null });
    expect(await byline()).toEqual({ name: owner.name, position: null });
    await db()
      .update(companyMembers)
      .set({ position: "Founder" })
      .where(and(eq(companyMembers.companyId, company.profileId), eq(companyMembers.userId, owner.userId)));
    expect(await byline()).toEqual({ name: owner.name, position: "Founder" });
    await db().update(profiles).set({ name: "Renamed Founder" }).where(eq(profiles.id, owner.profileId));
    expect(await byline()).toEqual({ name: "Renamed Founder", position: "Founder" });
  });

  it("hear a TRUNCATE, which fires no row trigger", async () => {
    const { reader, post } = await readerOfPost("Before a truncate.");
    await feed(app, reader);
    await db().execute(sql`TRUNCATE media_files CASCADE`);
    await unheard(db(), (tx) =>
      tx.update(contentItems).set({ content: "After a truncate." }).where(eq(contentItems.id, post.id)),
    );
    expect(itemIn(await feed(app, reader), post.id)?.content).toBe("After a truncate.");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on a second API node, hear a write made through the first within milliseconds",
    () =>
      withSecondNode(testDb.url as string, async (second) => {
        const { reader, post } = await readerOfPost("Before, elsewhere.");
        await feed(second.app, reader);
        await feed(second.app, reader);
        await db()
          .update(contentItems)
          .set({ content: "Edited elsewhere." })
          .where(eq(contentItems.id, post.id));
        const content = await readUntil(
          async () => itemIn(await feed(second.app, reader), post.id)?.content,
          (answer) => answer === "Edited elsewhere.",
        );
        expect(content).toBe("Edited elsewhere.");
      }),
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "keep nothing while the node cannot hear other nodes, and cache again once it listens",
    () =>
      withSecondNode(testDb.url as string, async (second) => {
        const { reader, post } = await readerOfPost("Before the cut.");
        const edit = (content: string) =>
          unheard(db(), (tx) => tx.update(contentItems).set({ content }).where(eq(contentItems.id, post.id)));
        await feed(second.app, reader);
        await cutListeners(testDb.url as string);
        await waitFor(() => !second.database.notifications.live);
        await edit("Unannounced, yet seen.");
        expect(itemIn(await feed(second.app, reader), post.id)?.content).toBe("Unannounced, yet seen.");
        await waitFor(() => second.database.notifications.live);
        await feed(second.app, reader);
        await edit("Unannounced, unseen.");
        expect(itemIn(await feed(second.app, reader), post.id)?.content).toBe("Unannounced, yet seen.");
      }),
  );
});
