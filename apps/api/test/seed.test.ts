import { contentKinds } from "@vn/contract";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoIfEmpty } from "../src/seed/demo";
import { generateDataSet } from "../src/seed/generate";
import { createTestDatabase, type TestDatabase } from "./support/database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

describe("demo seed", () => {
  it("seeds people and companies in several verification states, every kind, follows and comments, once", async () => {
    const db = testDb.database.db;
    expect(await seedDemoIfEmpty(db, pino({ level: "silent" }))).toBe(true);
    expect(await seedDemoIfEmpty(db, pino({ level: "silent" }))).toBe(false);

    const raw = testDb.database.raw;
    const states = await raw.executeSql("SELECT DISTINCT verification_status AS s FROM profiles");
    // One person in each verification status (issue 12), each with the history behind it.
    expect(states.rows.map((r) => r.s).sort()).toEqual([
      "appealed",
      "failed",
      "not_verified",
      "pending",
      "rejection",
      "verified",
    ]);
    const histories = await raw.executeSql(
      "SELECT p.verification_status AS s, t.status AS t, (SELECT count(*)::int FROM idv_appeals a WHERE a.transaction_id = t.id) AS appeals FROM idv_transactions t JOIN profiles p ON p.id = t.profile_id WHERE p.slug IN ('marcus.reed', 'fatima.haddad', 'lena.fischer', 'oskar.lind') ORDER BY p.slug",
    );
    expect(histories.rows).toEqual([
      { s: "failed", t: "rejected", appeals: 0 },
      { s: "rejection", t: "rejected", appeals: 0 },
      { s: "pending", t: "pending", appeals: 0 },
      { s: "appealed", t: "rejected", appeals: 1 },
    ]);
    const types = await raw.executeSql(
      "SELECT type, count(*)::int AS n FROM profiles GROUP BY type ORDER BY type",
    );
    expect(types.rows).toEqual([
      { type: "company", n: 3 },
      { type: "user", n: 16 },
    ]);
    // The review queue's demo (issue 16): open subjects with their reports.
    const queue = await raw.executeSql(
      "SELECT subject_type AS type, open_reports AS n FROM moderation_subjects WHERE state = 'open' ORDER BY priority DESC",
    );
    expect(queue.rows).toEqual([
      { type: "content", n: 3 },
      expect.objectContaining({ n: 1 }),
      expect.objectContaining({ n: 1 }),
    ]);
    const staff = await raw.executeSql(
      "SELECT email, staff_role AS role FROM users WHERE staff_role IS NOT NULL ORDER BY email",
    );
    expect(staff.rows).toEqual([
      { email: "admin@demo.verified.local", role: "admin" },
      { email: "moderator@demo.verified.local", role: "moderator" },
    ]);
    const plans = await raw.executeSql("SELECT count(*)::int AS n FROM subscriptions");
    expect(plans.rows).toEqual([{ n: 19 }]);
    const kinds = (await raw.executeSql("SELECT DISTINCT kind FROM content_items")).rows.map((r) => r.kind);
    for (const kind of [
      "post",
      "article",
      "release",
      "statement",
      "insight",
      "response",
      "document",
      "event",
      "podcast",
      "video",
      "repost",
    ]) {
      expect(contentKinds).toContain(kind);
      expect(kinds).toContain(kind);
    }
    const follows = await raw.executeSql("SELECT count(*)::int AS n FROM follows");
    expect(follows.rows[0]?.n).toBeGreaterThan(10);
    const anna = await raw.executeSql("SELECT followers_count FROM profiles WHERE slug = 'anna.kowalski'");
    expect(anna.rows[0]?.followers_count).toBe(4);
    const comments = await raw.executeSql(
      "SELECT count(*)::int AS n FROM comments WHERE parent_id IS NOT NULL",
    );
    expect(comments.rows[0]?.n).toBe(1);
  });
});

describe("generated data set", () => {
  it("creates the requested numbers of people, companies, items and follows", async () => {
    const result = await generateDataSet(testDb.database.db, {
      people: 200,
      companies: 20,
      items: 1500,
      followsPerPerson: 10,
    });
    const raw = testDb.database.raw;
    const people = await raw.executeSql(
      `SELECT count(*)::int AS n FROM profiles WHERE id LIKE 'gen-p-${result.tag}-%'`,
    );
    expect(people.rows[0]?.n).toBe(200);
    const companies = await raw.executeSql(
      `SELECT count(*)::int AS n FROM profiles WHERE id LIKE 'gen-c-${result.tag}-%'`,
    );
    expect(companies.rows[0]?.n).toBe(20);
    const items = await raw.executeSql(
      `SELECT count(*)::int AS n, count(DISTINCT owner_id)::int AS owners FROM content_items WHERE id LIKE 'gen-i-${result.tag}-%'`,
    );
    expect(items.rows[0]).toEqual({ n: 1500, owners: 220 });
    const follows = await raw.executeSql(
      `SELECT count(*)::int AS n FROM follows WHERE follower_id LIKE 'gen-p-${result.tag}-%'`,
    );
    expect(follows.rows[0]?.n).toBe(2000);
  });
});
