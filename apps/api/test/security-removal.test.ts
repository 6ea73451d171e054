import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { comments, contentItems, mediaFiles, profiles, reactionCounts } from "../src/db/schema/index";
import {
  addComment,
  createCompany,
  createContent,
  createPerson,
  follow,
  type SeededPerson,
} from "../src/seed/library";
import { originalKeyOf } from "../src/shared/media-keys";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { mediaDir } from "./support/media";
import { bearerFor } from "./support/sessions";

/**
 * Issue 11, item 10: removing an account completely keeps everyone else's counters right
 * (comments, replies, reactions, followers even when a person and their company both followed)
 * and its stored files (originals with their EXIF) are deleted by a job.
 */
let testDb: TestDatabase;
let app: App;
let media: Awaited<ReturnType<typeof mediaDir>>;
const db = () => testDb.database.db;

let other: SeededPerson;
let leaver: SeededPerson;
let company: { profileId: string; slug: string };

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  app = await buildApp(
    testConfig({ RATE_LIMIT_PER_MINUTE: "100000", AUTH_RATE_LIMIT_PER_MINUTE: "1000", MEDIA_DIR: media.dir }),
    { database: testDb.database },
  );
  await app.ready();
  other = await createPerson(db(), {
    name: "Olga Other",
    email: "olga@example.com",
    slug: "olga.other.10",
    verificationStatus: "verified",
  });
  leaver = await createPerson(db(), {
    name: "Leo Leaver",
    email: "leo@example.com",
    slug: "leo.leaver.20",
    password: "leaving for good",
    verificationStatus: "verified",
  });
  company = await createCompany(db(), {
    name: "Leo Solo Co",
    slug: "leo-solo-co",
    ownerUserId: leaver.userId,
    verificationStatus: "verified",
  });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  await media.remove();
});

async function counters(contentId: string) {
  const [item] = await db()
    .select({ comments: contentItems.commentCount, likes: contentItems.likeCount })
    .from(contentItems)
    .where(eq(contentItems.id, contentId));
  const kinds = await db()
    .select({ kind: reactionCounts.kind, n: reactionCounts.n })
    .from(reactionCounts)
    .where(eq(reactionCounts.contentId, contentId));
  return { ...item!, reactions: Object.fromEntries(kinds.filter((k) => k.n > 0).map((k) => [k.kind, k.n])) };
}

async function followCounts(id: string) {
  const [row] = await db()
    .select({ followers: profiles.followersCount, following: profiles.followingCount })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row!;
}

/** A stored file of `ownerId` with its original and one public output, as the pipeline leaves it. */
async function storedFile(ownerId: string): Promise<string[]> {
  const id = crypto.randomUUID();
  const keys = [originalKeyOf(id), `public/${id}/preview-abc123.jpg`];
  for (const key of keys) await app.deps.storage.put(key, Buffer.from(`bytes of ${key}`), "image/jpeg");
  await db()
    .insert(mediaFiles)
    .values({
      id,
      ownerId,
      uploadType: "user_gallery_image",
      kind: "image",
      status: "ready",
      fileName: "holiday.jpg",
      ext: "jpg",
      mime: "image/jpeg",
      size: 100,
      originalKey: keys[0]!,
      outputs: { preview: { key: keys[1]!, mime: "image/jpeg", size: 10, hash: "abc123" } },
    });
  return keys;
}

async function removeCompletely(person: SeededPerson, password: string) {
  const bearer = await bearerFor(db(), person.userId);
  const deleted = await app.inject({ method: "DELETE", url: "/api/v1/users/me", headers: bearer });
  expect(deleted.statusCode, deleted.body).toBe(200);
  const signIn = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ email: person.email, password }),
  });
  const restoreToken = signIn.json().error.details.restoreToken as string;
  const removed = await app.inject({
    method: "DELETE",
    url: "/api/v1/users/me/complete-removal",
    headers: { authorization: `Bearer ${restoreToken}` },
  });
  expect(removed.statusCode, removed.body).toBe(200);
}

describe("complete removal (item 10)", () => {
  it("keeps others' comment, reply, reaction and follow counters right, and deletes the stored files by a job", async () => {
    const post = await createContent(db(), {
      ownerId: other.profileId,
      kind: "post",
      content: "Olga's post",
    });
    // Olga's own comment stays; the leaver replies to it.
    const kept = await addComment(db(), { contentId: post.id, authorId: other.profileId, body: "Mine" });
    await addComment(db(), {
      contentId: post.id,
      authorId: leaver.profileId,
      body: "A reply by the leaver",
      parentId: kept.id,
    });
    // The leaver's own thread, with a reply by Olga: the whole thread goes, as a deleted comment's does.
    const thread = await addComment(db(), { contentId: post.id, authorId: leaver.profileId, body: "Hi" });
    await addComment(db(), {
      contentId: post.id,
      authorId: other.profileId,
      body: "Hello",
      parentId: thread.id,
    });
    // The company comments too.
    await addComment(db(), { contentId: post.id, authorId: company.profileId, body: "From the company" });
    // The person and their company both react…
    const react = async (headers: Record<string, string>, kind: string) => {
      const res = await app.inject({
        method: "PUT",
        url: `/api/v1/content/${post.id}/reactions`,
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify({ kind }),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await react(await bearerFor(db(), leaver.userId), "like");
    await react(await bearerFor(db(), leaver.userId, company.profileId), "celebrate");
    await react(await bearerFor(db(), other.userId), "like");
    // …and both follow Olga, who follows the leaver back.
    await follow(db(), leaver.profileId, other.profileId);
    await follow(db(), company.profileId, other.profileId);
    await follow(db(), other.profileId, leaver.profileId);
    expect(await counters(post.id)).toEqual({ comments: 5, likes: 3, reactions: { like: 2, celebrate: 1 } });
    expect(await followCounts(other.profileId)).toEqual({ followers: 2, following: 1 });

    const files = [...(await storedFile(leaver.profileId)), ...(await storedFile(company.profileId))];
    for (const key of files) expect(await app.deps.storage.head(key), key).not.toBeNull();

    await removeCompletely(leaver, "leaving for good");

    expect(await counters(post.id)).toEqual({ comments: 1, likes: 1, reactions: { like: 1 } });
    const [mine] = await db().select().from(comments).where(eq(comments.id, kept.id));
    expect(mine?.replyCount).toBe(0);
    // No reply is left pointing at a thread that is gone.
    const orphans = await db()
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.parentId, thread.id));
    expect(orphans).toEqual([]);
    expect(await followCounts(other.profileId)).toEqual({ followers: 0, following: 0 });
    expect(
      await db()
        .select({ id: profiles.id })
        .from(profiles)
        .where(inArray(profiles.id, [leaver.profileId, company.profileId])),
    ).toEqual([]);

    // The files are not deleted inside the request; the job deletes them.
    const { storageDeletionsJob } = await import("../src/jobs/storage-deletions");
    await storageDeletionsJob.handle(
      { database: testDb.database, log: app.log, storage: app.deps.storage, config: app.deps.config },
      {},
    );
    for (const key of files) expect(await app.deps.storage.head(key), key).toBeNull();
  });
});
