import type { ContentItem } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { profiles } from "../src/db/schema/index";
import { createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * A publication's related items (GET /api/v2/content/:id/related): "more from" its owner (the
 * owner's latest other items, reposts left out) and "similar" (the same kind from other owners
 * the viewer may see), four each, newest first; both lists are hydrated in one read.
 */
let testDb: TestDatabase;
let app: App;
let writer: SeededPerson;
let other: SeededPerson;
let guarded: SeededPerson;
let reader: SeededPerson;
const db = () => testDb.database.db;
const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute));
const ids: Record<string, string> = {};

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  const person = (name: string, slug: string) =>
    createPerson(db(), { name, email: `${slug}@example.com`, slug, verificationStatus: "verified" });
  writer = await person("Wren Writer", "wren.writer.40");
  other = await person("Otto Other", "otto.other.41");
  guarded = await person("Gail Guarded", "gail.guarded.42");
  reader = await createPerson(db(), {
    name: "Rhea Reader",
    email: "rhea@example.com",
    slug: "rhea.reader.43",
  });
  await db().update(profiles).set({ privacy: "verified_privacy" }).where(eq(profiles.id, guarded.profileId));
  for (let i = 1; i <= 6; i++)
    ids[`w${i}`] = (
      await createContent(db(), {
        ownerId: writer.profileId,
        kind: "post",
        content: `w${i}`,
        publicationDate: at(i),
      })
    ).id;
  ids.wArticle = (
    await createContent(db(), {
      ownerId: writer.profileId,
      kind: "article",
      title: "wa",
      content: "<p>wa</p>",
      publicationDate: at(7),
    })
  ).id;
  ids.wRepost = (
    await createContent(db(), {
      ownerId: writer.profileId,
      kind: "repost",
      repostOfId: ids.w1,
      publicationDate: at(8),
    })
  ).id;
  for (let i = 1; i <= 5; i++)
    ids[`o${i}`] = (
      await createContent(db(), {
        ownerId: other.profileId,
        kind: "post",
        content: `o${i}`,
        publicationDate: at(10 + i),
      })
    ).id;
  ids.oArticle = (
    await createContent(db(), {
      ownerId: other.profileId,
      kind: "article",
      title: "oa",
      content: "<p>oa</p>",
      publicationDate: at(16),
    })
  ).id;
  ids.g1 = (
    await createContent(db(), {
      ownerId: guarded.profileId,
      kind: "post",
      content: "g1",
      publicationDate: at(20),
    })
  ).id;
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function related(id: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: "GET", url: `/api/v2/content/${id}/related`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as Record<"more-from-owner" | "similar", ContentItem[]>;
  return { more: data["more-from-owner"].map((i) => i.id), similar: data.similar.map((i) => i.id), data };
}

describe("related publications", () => {
  it("lists the owner's latest other items and the same kind from others, four each, newest first", async () => {
    const { more, similar, data } = await related(ids.w3!);
    // The writer's newest items but the one shown; the repost is not "more from".
    expect(more).toEqual([ids.wArticle, ids.w6, ids.w5, ids.w4]);
    // Posts of others the visitor may see: the members-only author is left out.
    expect(similar).toEqual([ids.o5, ids.o4, ids.o3, ids.o2]);
    expect(data["more-from-owner"][0]).toMatchObject({ owner: { slug: "wren.writer.40" }, title: "wa" });
    expect(data.similar[0]).toMatchObject({ owner: { slug: "otto.other.41" }, content: "o5" });
  });

  it("shows a verified member the members-only author's posts among the similar ones", async () => {
    const { similar } = await related(ids.w3!, await bearerFor(db(), writer.userId));
    expect(similar).toEqual([ids.g1, ids.o5, ids.o4, ids.o3]);
    // An unverified member does not see them.
    expect((await related(ids.w3!, await bearerFor(db(), reader.userId))).similar).toEqual([
      ids.o5,
      ids.o4,
      ids.o3,
      ids.o2,
    ]);
  });
});
