import type { ContentItem } from "@vn/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { dropIdleHomeTimelines, trimHomeTimelines } from "../src/modules/social/feed";
import { createPerson, follow, type SeededPerson } from "../src/seed/library";
import { rowsOf } from "../src/shared/pages";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * The precomputed home timeline (decision 0030) at and past its cap of 800 entries: pages above
 * the horizon come from the timeline, pages below it from the merge, and a walk through both is
 * the feed's exact order, after the timeline is built, after a follow that raises its horizon,
 * after the trim, and with a followed profile hidden by its privacy level.
 */
let testDb: TestDatabase;
let app: App;
let reader: SeededPerson;
let headers: Record<string, string>;
const db = () => testDb.database.db;
/** Every active publication the reader's feed should hold: [id, publication time]. */
const expected: { id: string; at: number }[] = [];
const base = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  reader = await createPerson(db(), { name: "Tia Reader", email: "tia@example.com", slug: "tia.reader.31" });
  headers = await bearerFor(db(), reader.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

/** `count` active posts of one owner in one statement; every third minute is shared by three posts (ties by id). */
async function publish(ownerId: string, count: number, fromMinute: number, track = true) {
  const rows = await rowsOf<{ id: string; at: string }>(
    db(),
    sql`INSERT INTO content_items (id, owner_id, kind, slug, content, status, publication_date)
        SELECT gen_random_uuid()::text, ${ownerId}, 'post', 'bulk-' || ${fromMinute} || '-' || g, 'post ' || g, 'active',
               ${new Date(base).toISOString()}::timestamptz + ((${fromMinute} + g / 3) * interval '1 minute')
        FROM generate_series(1, ${count}) g
        RETURNING id, publication_date::text AS at`,
  );
  if (track) expected.push(...rows.map((r) => ({ id: r.id, at: Date.parse(r.at) })));
}

async function author(n: number, count: number, fromMinute: number): Promise<SeededPerson> {
  const person = await createPerson(db(), {
    name: `Writer Number${n}`,
    email: `writer${n}@example.com`,
    slug: `writer.${n}.32`,
  });
  await publish(person.profileId, count, fromMinute);
  return person;
}

function order(list: { id: string; at: number }[]): string[] {
  return [...list].sort((x, y) => y.at - x.at || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0)).map((e) => e.id);
}

async function walk(perPage: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 2000; guard++) {
    const res = await app.inject({
      method: "GET",
      url: `/api/v1/feed?perPage=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: ContentItem[]; meta: { nextCursor: string | null } };
    seen.push(...body.data.map((i) => i.id));
    cursor = body.meta.nextCursor;
    if (!cursor) break;
  }
  return seen;
}

async function timelineOf(profileId: string) {
  const [timeline] = await rowsOf<{ horizon: string | null; entries: number }>(
    db(),
    sql`SELECT horizon_at::text AS horizon,
          (SELECT count(*)::int FROM home_timeline_entries e WHERE e.follower_id = h.follower_id) AS entries
        FROM home_timelines h WHERE h.follower_id = ${profileId}`,
  );
  return timeline;
}

describe("home timeline past its cap", () => {
  it("builds at the first read and pages through the horizon into the merge in the feed's order", async () => {
    const a = await author(1, 500, 0);
    const b = await author(2, 500, 20);
    const c = await author(3, 30, 100);
    for (const followee of [a, b, c]) await follow(db(), reader.profileId, followee.profileId);
    await publish(reader.profileId, 5, 50);
    const stranger = await author(4, 5, 400);
    // The stranger's posts are not the reader's to see.
    expected.splice(expected.length - 5, 5);
    expect(stranger.profileId).toBeTruthy();

    expect(await timelineOf(reader.profileId)).toBeUndefined();
    expect(await walk(10)).toEqual(order(expected));
    const built = await timelineOf(reader.profileId);
    expect(built?.entries).toBe(800);
    expect(built?.horizon).not.toBeNull();
    expect(await walk(49)).toEqual(order(expected));
  });

  it("a follow of a profile with more than the cap raises the horizon and keeps the order", async () => {
    const before = await timelineOf(reader.profileId);
    const heavy = await author(5, 900, 300);
    await follow(db(), reader.profileId, heavy.profileId);
    const after = await timelineOf(reader.profileId);
    expect(Date.parse(after!.horizon!)).toBeGreaterThan(Date.parse(before!.horizon!));
    expect(after!.entries).toBeLessThanOrEqual(800);
    expect(await walk(25)).toEqual(order(expected));
  });

  it("new publications fan out, the trim brings the timeline back to its cap, and the order holds", async () => {
    const [followee] = await rowsOf<{ id: string }>(
      db(),
      sql`SELECT followee_id AS id FROM follows WHERE follower_id = ${reader.profileId} LIMIT 1`,
    );
    await publish(followee!.id, 900, 1000);
    expect((await timelineOf(reader.profileId))!.entries).toBe(1700);
    expect(await trimHomeTimelines(db())).toBe(1);
    expect((await timelineOf(reader.profileId))!.entries).toBe(800);
    expect(await walk(30)).toEqual(order(expected));
  });

  it("leaves out a followed profile the reader may not see at its privacy level, in both sources", async () => {
    const [hidden] = await rowsOf<{ id: string }>(
      db(),
      sql`UPDATE profiles SET privacy = 'verified_privacy' WHERE slug = 'writer.5.32' RETURNING id`,
    );
    const hiddenIds = new Set(
      (
        await rowsOf<{ id: string }>(db(), sql`SELECT id FROM content_items WHERE owner_id = ${hidden!.id}`)
      ).map((r) => r.id),
    );
    expect(await walk(40)).toEqual(order(expected).filter((id) => !hiddenIds.has(id)));
    await rowsOf(
      db(),
      sql`UPDATE profiles SET privacy = 'base_privacy' WHERE id = ${hidden!.id} RETURNING id`,
    );
    expect(await walk(40)).toEqual(order(expected));
  });

  it("keeps its read time to the hour, and is dropped after two weeks unread, then built again on return", async () => {
    const readAt = async () =>
      (
        await rowsOf<{ at: string | null }>(
          db(),
          sql`SELECT (SELECT read_at::text FROM home_timelines WHERE follower_id = ${reader.profileId}) AS at`,
        )
      )[0]?.at ?? null;
    const setReadAt = (interval: string) =>
      rowsOf(
        db(),
        sql`UPDATE home_timelines SET read_at = now() - ${interval}::interval WHERE follower_id = ${reader.profileId} RETURNING 1`,
      );
    const page1 = () => app.inject({ method: "GET", url: "/api/v1/feed?perPage=5", headers });

    // Read 10 minutes ago: a read leaves the time alone; two hours ago: a read brings it to now.
    await setReadAt("10 minutes");
    const recent = await readAt();
    expect((await page1()).statusCode).toBe(200);
    expect(await readAt()).toBe(recent);
    await setReadAt("2 hours");
    expect((await page1()).statusCode).toBe(200);
    expect(Date.now() - Date.parse((await readAt())!)).toBeLessThan(60_000);

    // Thirteen days unread: kept. Fifteen: dropped, and publications stop reaching it.
    await setReadAt("13 days");
    expect(await dropIdleHomeTimelines(db())).toBe(0);
    await setReadAt("15 days");
    expect(await dropIdleHomeTimelines(db())).toBe(1);
    expect(await timelineOf(reader.profileId)).toBeUndefined();
    const [followee] = await rowsOf<{ id: string }>(
      db(),
      sql`SELECT followee_id AS id FROM follows WHERE follower_id = ${reader.profileId} LIMIT 1`,
    );
    await publish(followee!.id, 3, 5000);
    expect(await timelineOf(reader.profileId)).toBeUndefined();

    // The reader comes back: the first read builds the timeline again, with what was published.
    expect(await walk(50)).toEqual(order(expected));
    expect((await timelineOf(reader.profileId))?.entries).toBe(800);
  });
});
