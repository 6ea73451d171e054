import type { ContentItem } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { contentItems, reactions } from "../src/db/schema/index";
import { createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";
import { markVerified } from "./support/verification";

/**
 * The home feed follows every change of the social graph at once (decision 0026): a follow brings
 * the followed profile's earlier publications in, and an unfollow, a block (either way) or a mute
 * takes them out; unmuting, or following again after an unblock, brings them back. A deleted or
 * moderation-removed publication leaves every feed.
 */
let testDb: TestDatabase;
let app: App;
let reader: SeededPerson;
let author: SeededPerson;
let other: SeededPerson;
let as: Record<"reader" | "author", Record<string, string>>;
let authorPosts: string[];
let otherPost: string;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  reader = await createPerson(db(), {
    name: "Rita Reader",
    email: "rita@example.com",
    slug: "rita.reader.71",
  });
  author = await createPerson(db(), {
    name: "Arno Author",
    email: "arno@example.com",
    slug: "arno.author.72",
    verificationStatus: "verified",
  });
  other = await createPerson(db(), { name: "Olga Other", email: "olga@example.com", slug: "olga.other.73" });
  await markVerified(db(), author.userId);
  as = { reader: await bearerFor(db(), reader.userId), author: await bearerFor(db(), author.userId) };
  // Published well before any follow: a follow must bring old publications, not only new ones.
  const t0 = Date.UTC(2025, 5, 1);
  authorPosts = [];
  for (let i = 0; i < 3; i++) {
    const { id } = await createContent(db(), {
      ownerId: author.profileId,
      kind: "post",
      content: `old ${i}`,
      publicationDate: new Date(t0 + i * 60_000),
    });
    authorPosts.unshift(id);
  }
  otherPost = (
    await createContent(db(), {
      ownerId: other.profileId,
      kind: "post",
      content: "other",
      publicationDate: new Date(t0 - 60_000),
    })
  ).id;
  await relate("reader", "POST", "olga.other.73/follow");
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function relate(who: "reader" | "author", method: "POST" | "DELETE", path: string) {
  const res = await app.inject({ method, url: `/api/v1/profiles/${path}`, headers: as[who] });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** The reader's whole feed, walked page by page. */
async function feedIds(): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 20; guard++) {
    const res = await app.inject({
      method: "GET",
      url: `/api/v1/feed?perPage=2${cursor ? `&cursor=${cursor}` : ""}`,
      headers: as.reader,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: ContentItem[]; meta: { nextCursor: string | null } };
    ids.push(...body.data.map((item) => item.id));
    cursor = body.meta.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

describe("home feed after changes of the social graph", () => {
  it("follow brings the followed profile's earlier publications in; unfollow takes them out", async () => {
    expect(await feedIds()).toEqual([otherPost]);
    await relate("reader", "POST", "arno.author.72/follow");
    expect(await feedIds()).toEqual([...authorPosts, otherPost]);
    // The page names the reader's own reactions on what it shows.
    await db()
      .insert(reactions)
      .values({ contentId: authorPosts[1]!, profileId: reader.profileId, kind: "like" });
    const page = await app.inject({ method: "GET", url: "/api/v1/feed?perPage=10", headers: as.reader });
    expect(page.json().meta.viewerReactions).toEqual({ [authorPosts[1]!]: "like" });
    await relate("reader", "DELETE", "arno.author.72/follow");
    expect(await feedIds()).toEqual([otherPost]);
  });

  it("mute takes them out and unmute brings them back", async () => {
    await relate("reader", "POST", "arno.author.72/follow");
    await relate("reader", "POST", "arno.author.72/mute");
    expect(await feedIds()).toEqual([otherPost]);
    await relate("reader", "DELETE", "arno.author.72/mute");
    expect(await feedIds()).toEqual([...authorPosts, otherPost]);
  });

  it("a block either way takes them out; after an unblock, following again brings them back", async () => {
    await relate("reader", "POST", "arno.author.72/block");
    expect(await feedIds()).toEqual([otherPost]);
    await relate("reader", "DELETE", "arno.author.72/block");
    // The block ended the follow (shared/social-graph.ts block), so nothing comes back by itself.
    expect(await feedIds()).toEqual([otherPost]);
    await relate("reader", "POST", "arno.author.72/follow");
    expect(await feedIds()).toEqual([...authorPosts, otherPost]);

    await relate("author", "POST", "rita.reader.71/block");
    expect(await feedIds()).toEqual([otherPost]);
    await relate("author", "DELETE", "rita.reader.71/block");
    await relate("reader", "POST", "arno.author.72/follow");
    expect(await feedIds()).toEqual([...authorPosts, otherPost]);
  });

  it("a deleted or moderation-removed publication leaves the feed", async () => {
    const [newest, middle, oldest] = authorPosts as [string, string, string];
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/v1/content/${newest}`,
      headers: as.author,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // What a moderator's "remove" writes (modules/moderation).
    await db().update(contentItems).set({ status: "removed" }).where(eq(contentItems.id, oldest));
    expect(await feedIds()).toEqual([middle, otherPost]);
  });
});
