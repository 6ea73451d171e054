import type { ProfileCard } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { profiles } from "../src/db/schema/index";
import { forgetSuggestions } from "../src/modules/social/suggestions";
import { createPerson, follow, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Suggestions are ranked once a minute per viewer (the ranking walks the follow graph), but what
 * the viewer did since (follow, mute, block) and profiles that left count at once.
 */
let testDb: TestDatabase;
let app: App;
let viewer: SeededPerson;
let auth: Record<string, string>;
const people: Record<string, SeededPerson> = {};

const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  viewer = await createPerson(db(), {
    name: "Vera Viewer",
    email: "vera@example.com",
    slug: "vera.viewer.10",
  });
  auth = await bearerFor(db(), viewer.userId);
  for (const [i, name] of ["friend", "alpha", "beta", "gamma", "delta", "late"].entries()) {
    people[name] = await createPerson(db(), {
      name: `${name[0]!.toUpperCase()}${name.slice(1)} Person`,
      email: `${name}@example.com`,
      slug: `${name}.person.${20 + i}`,
      // Only verified profiles are suggested (product decisions, verification gates).
      verificationStatus: "verified",
    });
  }
  // Vera follows her friend, who follows alpha…delta: each is suggested for a shared follow.
  await follow(db(), viewer.profileId, people.friend!.profileId);
  for (const name of ["alpha", "beta", "gamma", "delta"])
    await follow(db(), people.friend!.profileId, people[name]!.profileId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function suggested(): Promise<string[]> {
  const res = await app.inject({ method: "GET", url: "/api/v1/network/suggested?limit=20", headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ profile: ProfileCard; reasons: string[] }>)
    .filter((s) => s.reasons.includes("sharedFollows"))
    .map((s) => s.profile.slug);
}

describe("suggestions kept for a minute", () => {
  it("drop at once whom the viewer followed, muted or blocked since, and profiles no longer active", async () => {
    forgetSuggestions();
    expect((await suggested()).sort()).toEqual([
      "alpha.person.21",
      "beta.person.22",
      "delta.person.24",
      "gamma.person.23",
    ]);
    const act = (method: "POST", url: string) => app.inject({ method, url: `/api/v1${url}`, headers: auth });
    expect((await act("POST", "/profiles/alpha.person.21/follow")).statusCode).toBe(200);
    expect((await act("POST", "/profiles/beta.person.22/mute")).statusCode).toBeLessThan(300);
    expect((await act("POST", "/profiles/gamma.person.23/block")).statusCode).toBeLessThan(300);
    await db().update(profiles).set({ status: "deleted" }).where(eq(profiles.id, people.delta!.profileId));
    expect(await suggested()).toEqual([]);
  });

  it("rank anew once the kept ranking is gone", async () => {
    forgetSuggestions();
    expect(await suggested()).toEqual([]);
    // A new shared follow is not in the kept ranking…
    await follow(db(), people.friend!.profileId, people.late!.profileId);
    expect(await suggested()).toEqual([]);
    // …and shows once it is ranked again (after a minute, or on a node that never ranked it).
    forgetSuggestions();
    expect(await suggested()).toEqual(["late.person.25"]);
  });

  it("fill a short page from further down the kept ranking when its head has gone", async () => {
    for (const name of ["eta", "theta", "iota"]) {
      people[name] = await createPerson(db(), {
        name: `${name} Person`,
        email: `${name}@example.com`,
        slug: `${name}.person.30`,
        verificationStatus: "verified",
      });
      await follow(db(), people.friend!.profileId, people[name]!.profileId);
    }
    forgetSuggestions();
    const page = async (limit: number) => {
      const res = await app.inject({
        method: "GET",
        url: `/api/v1/network/suggested?limit=${limit}`,
        headers: auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ profile: ProfileCard }>).map((s) => s.profile.slug);
    };
    const ranking = await page(20);
    expect(ranking.length).toBeGreaterThanOrEqual(3);
    // A page of one re-checks the ranking's first two; both followed since, the third fills it.
    for (const slug of ranking.slice(0, 2)) {
      const res = await app.inject({ method: "POST", url: `/api/v1/profiles/${slug}/follow`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await page(1)).toEqual([ranking[2]]);
  });
});
