import type { ContentItem } from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createContent, createPerson, follow } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

let testDb: TestDatabase;
let app: App;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("home feed merge", () => {
  it("walks every item of 30 followed profiles exactly once, newest first, ties by id, at any page size", async () => {
    const reader = await createPerson(db(), {
      name: "Rea Der",
      email: "rea@example.com",
      slug: "rea.der.10",
    });
    const headers = await bearerFor(db(), reader.userId);
    const next = random(42);
    const base = Date.UTC(2026, 0, 1);
    const expected: { id: string; at: number }[] = [];
    for (let a = 0; a < 30; a++) {
      const author = await createPerson(db(), {
        name: `Author Number${a}`,
        email: `author${a}@example.com`,
        slug: `author.${a}.99`,
      });
      await follow(db(), reader.profileId, author.profileId);
      // Uneven: some authors post a lot, some once, some never; many share a timestamp.
      const count = a % 7 === 0 ? 0 : Math.floor(next() ** 3 * 25) + 1;
      for (let i = 0; i < count; i++) {
        const at = base + Math.floor(next() * 40) * 60_000;
        const { id } = await createContent(db(), {
          ownerId: author.profileId,
          kind: "post",
          content: `a${a} #${i}`,
          publicationDate: new Date(at),
        });
        expected.push({ id, at });
      }
    }
    // Not followed: never shown.
    const stranger = await createPerson(db(), {
      name: "Stran Ger",
      email: "stranger@example.com",
      slug: "stran.ger.11",
    });
    await createContent(db(), {
      ownerId: stranger.profileId,
      kind: "post",
      content: "x",
      publicationDate: new Date(base),
    });
    expected.sort((x, y) => y.at - x.at || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0));

    for (const perPage of [1, 3, 10, 100]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 1000; guard++) {
        const res = await app.inject({
          method: "GET",
          url: `/api/v1/feed?perPage=${perPage}${cursor ? `&cursor=${cursor}` : ""}`,
          headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { data: ContentItem[]; meta: { nextCursor: string | null } };
        expect(body.data.length).toBeLessThanOrEqual(perPage);
        seen.push(...body.data.map((i) => i.id));
        cursor = body.meta.nextCursor;
        if (!cursor) break;
      }
      expect(seen, `perPage ${perPage}`).toEqual(expected.map((e) => e.id));
    }
  });
});
