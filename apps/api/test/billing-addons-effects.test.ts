import {
  type ProfileCard,
  type ProfilePage,
  type ProfileViewer,
  VIEWERS_PER_PAGE_DEFAULT,
} from "@vn/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { profileVisits, type StoredAddon, subscriptions } from "../src/db/schema/index";
import { createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { purgeOldVisits, recordVisit } from "../src/shared/visits";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 13 item 7: the add-ons do what they say. Spy lists who viewed the owner's profile and
 * publications; stealth keeps one's own visits off those lists for good; the profile badge shows
 * for premium owners who bought it and show it. Plans are written straight into `subscriptions`
 * (what billing leaves behind), the rest goes through the API.
 */

let testDb: TestDatabase;
let app: App;
const db = () => testDb.database.db;
const people: Record<string, SeededPerson> = {};
const as: Record<string, Record<string, string>> = {};
let post: { id: string; slug: string };
let article: { id: string; slug: string };

async function holds(person: SeededPerson, tier: string, addons: StoredAddon["type"][], badge = false) {
  await db()
    .update(subscriptions)
    .set({
      planTier: tier,
      status: "active",
      addons: addons.map((type) => ({ type, quantity: 1 })),
      badgeActive: badge,
      badgeVisible: true,
    })
    .where(eq(subscriptions.ownerProfileId, person.profileId));
}

const get = (url: string, who?: string) => app.inject({ method: "GET", url, headers: who ? as[who] : {} });
const openProfile = (slug: string, who?: string) => get(`/api/v2/profiles/${slug}`, who);
const viewPublication = (id: string, who?: string) =>
  app.inject({ method: "POST", url: `/api/v1/content/${id}/views`, headers: who ? as[who] : {} });
const viewers = (who: string, query = "") => get(`/api/v1/dashboard/insights/viewers${query}`, who);

/** The visits written for this owner and viewer (the profile page writes them after answering). */
async function visitsOf(ownerId: string, viewerId: string) {
  return db()
    .select()
    .from(profileVisits)
    .where(and(eq(profileVisits.ownerProfileId, ownerId), eq(profileVisits.viewerProfileId, viewerId)));
}

/** Waits until the visit the profile page wrote in the background is there. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the condition never held");
}

async function listed(who: string): Promise<ProfileViewer[]> {
  const res = await viewers(who, "?limit=50");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ProfileViewer[] }).data;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  const person = async (key: string, name: string, verified = true) => {
    people[key] = await createPerson(db(), {
      name,
      email: `${key}@effects.example`,
      slug: `${key}.effects.${Object.keys(people).length + 10}`,
      verificationStatus: verified ? "verified" : "not_verified",
    });
    as[key] = await bearerFor(db(), people[key]!.userId);
  };
  await person("olga", "Olga Owner");
  await person("vic", "Vic Viewer");
  await person("sam", "Sam Stealth");
  await person("bo", "Bo Blocked");
  await person("pia", "Pia Plain");
  await person("lia", "Lia Lapsed");
  await holds(people.olga!, "premium", ["spy"], true);
  await holds(people.sam!, "premium", ["stealth"]);
  await holds(people.lia!, "standard", ["stealth"]);
  await holds(people.pia!, "premium", []);
  post = await createContent(db(), { ownerId: people.olga!.profileId, kind: "post", content: "Hello there" });
  article = await createContent(db(), {
    ownerId: people.olga!.profileId,
    kind: "article",
    title: "How we price",
    content: "<p>Carefully.</p>",
  });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

describe("who viewed you (spy)", () => {
  it("lists a viewer's profile and publication visits to an owner with spy", async () => {
    const page = await openProfile(people.olga!.slug, "vic");
    expect(page.statusCode, page.body).toBe(200);
    await eventually(
      () => visitsOf(people.olga!.profileId, people.vic!.profileId),
      (rows) => rows.length === 1,
    );
    expect((await viewPublication(post.id, "vic")).statusCode).toBe(200);
    expect((await viewPublication(article.id, "vic")).statusCode).toBe(200);

    const list = await listed("olga");
    expect(list).toHaveLength(1);
    const [vic] = list;
    expect(vic!.profile).toMatchObject({
      id: people.vic!.profileId,
      slug: people.vic!.slug,
      name: "Vic Viewer",
    });
    expect(vic!.views).toBe(3);
    expect(vic!.viewedProfile).toBe(true);
    // The latest publication first.
    expect(vic!.publications.map((p) => p.slug)).toEqual([article.slug, post.slug]);
    expect(vic!.publications[0]!.title).toBe("How we price");
    expect(vic!.publications[0]!.path).toContain(`/${people.olga!.slug}/`);
    expect(vic!.publications[0]!.path).toContain(article.slug);
    expect(Date.parse(vic!.lastViewedAt)).toBeGreaterThan(Date.now() - 60_000);

    // Opening the page again the same day adds a view to the same row.
    await openProfile(people.olga!.slug, "vic");
    await eventually(
      () => visitsOf(people.olga!.profileId, people.vic!.profileId),
      (rows) => rows.find((row) => row.subject === "profile")?.views === 2,
    );
    expect((await listed("olga"))[0]!.views).toBe(4);
  });

  it("answers 403 account_accessForbiddenByPlan without the spy add-on", async () => {
    for (const who of ["vic", "pia"]) {
      const res = await viewers(who);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe("account_accessForbiddenByPlan");
    }
    // Spy on a basic plan does nothing: add-ons need a paid plan.
    await holds(people.pia!, "basic", ["spy"]);
    expect((await viewers("pia")).statusCode).toBe(403);
    await holds(people.pia!, "premium", []);
  });

  it("never lists a stealth viewer's visits, also after their stealth ends", async () => {
    await openProfile(people.olga!.slug, "sam");
    await viewPublication(post.id, "sam");
    const rows = await eventually(
      () => visitsOf(people.olga!.profileId, people.sam!.profileId),
      (found) => found.length === 2,
    );
    expect(rows.every((row) => row.stealth)).toBe(true);
    expect((await listed("olga")).map((v) => v.profile.id)).not.toContain(people.sam!.profileId);

    // The add-on ends; a visit the same day keeps the day's row stealthy, so it stays unlisted.
    await holds(people.sam!, "premium", []);
    await openProfile(people.olga!.slug, "sam");
    await eventually(
      () => visitsOf(people.olga!.profileId, people.sam!.profileId),
      (found) => found.find((row) => row.subject === "profile")?.views === 2,
    );
    expect((await listed("olga")).map((v) => v.profile.id)).not.toContain(people.sam!.profileId);

    // Stealth on a basic plan does nothing: the visit is listed.
    await holds(people.lia!, "basic", ["stealth"]);
    await openProfile(people.olga!.slug, "lia");
    await eventually(
      () => visitsOf(people.olga!.profileId, people.lia!.profileId),
      (found) => found.length === 1,
    );
    expect((await listed("olga")).map((v) => v.profile.id)).toContain(people.lia!.profileId);
  });

  it("leaves out profiles in a block with the owner, either way", async () => {
    await openProfile(people.olga!.slug, "bo");
    await eventually(
      () => visitsOf(people.olga!.profileId, people.bo!.profileId),
      (found) => found.length === 1,
    );
    expect((await listed("olga")).map((v) => v.profile.id)).toContain(people.bo!.profileId);

    const block = await app.inject({
      method: "POST",
      url: `/api/v1/profiles/${people.olga!.slug}/block`,
      headers: as.bo,
    });
    expect(block.statusCode, block.body).toBe(204);
    expect((await listed("olga")).map((v) => v.profile.id)).not.toContain(people.bo!.profileId);
    await app.inject({
      method: "DELETE",
      url: `/api/v1/profiles/${people.olga!.slug}/block`,
      headers: as.bo,
    });

    const reverse = await app.inject({
      method: "POST",
      url: `/api/v1/profiles/${people.bo!.slug}/block`,
      headers: as.olga,
    });
    expect(reverse.statusCode, reverse.body).toBe(204);
    expect((await listed("olga")).map((v) => v.profile.id)).not.toContain(people.bo!.profileId);
  });

  it("records neither the owner's own views nor a visitor's", async () => {
    await openProfile(people.olga!.slug, "olga");
    await openProfile(people.olga!.slug);
    await viewPublication(post.id);
    const own = await viewPublication(post.id, "olga");
    expect(own.json().data.counted).toBe(false);
    // A later visit by someone else lands; by then the earlier ones would have too.
    await openProfile(people.olga!.slug, "pia");
    await eventually(
      () => visitsOf(people.olga!.profileId, people.pia!.profileId),
      (found) => found.length === 1,
    );
    expect(await visitsOf(people.olga!.profileId, people.olga!.profileId)).toEqual([]);
    const all = await db()
      .select()
      .from(profileVisits)
      .where(eq(profileVisits.ownerProfileId, people.olga!.profileId));
    expect(new Set(all.map((row) => row.viewerProfileId))).toEqual(
      new Set([people.vic!, people.sam!, people.lia!, people.bo!, people.pia!].map((p) => p.profileId)),
    );
  });

  it("pages by 20 with a working cursor, and answers a broken cursor with 422", async () => {
    const owner = await createPerson(db(), {
      name: "Paula Pages",
      email: "paula@effects.example",
      slug: "paula.pages.99",
      verificationStatus: "verified",
    });
    as.paula = await bearerFor(db(), owner.userId);
    await holds(owner, "premium", ["spy"]);
    const start = Date.now() - 60 * 60 * 1000;
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const viewer = await createPerson(db(), {
        name: `Page Viewer ${i}`,
        email: `viewer${i}@effects.example`,
        slug: `page.viewer.${i + 10}`,
      });
      ids.push(viewer.profileId);
      // Two visits share one instant, so the cursor's id part decides their order.
      await recordVisit(db(), {
        ownerId: owner.profileId,
        viewerId: viewer.profileId,
        subject: "profile",
        now: new Date(start + Math.floor(i / 2) * 1000),
      });
    }
    const first = await viewers("paula");
    expect(first.statusCode, first.body).toBe(200);
    const one = first.json() as { data: ProfileViewer[]; meta: { limit: number; nextCursor: string | null } };
    expect(one.data).toHaveLength(VIEWERS_PER_PAGE_DEFAULT);
    expect(one.meta.limit).toBe(20);
    expect(one.meta.nextCursor).toEqual(expect.any(String));
    const second = await viewers("paula", `?cursor=${one.meta.nextCursor}`);
    expect(second.statusCode, second.body).toBe(200);
    const two = second.json() as { data: ProfileViewer[]; meta: { nextCursor: string | null } };
    expect(two.data).toHaveLength(5);
    expect(two.meta.nextCursor).toBeNull();
    const seen = [...one.data, ...two.data].map((v) => v.profile.id);
    expect(new Set(seen).size).toBe(25);
    expect(new Set(seen)).toEqual(new Set(ids));
    const times = [...one.data, ...two.data].map((v) => Date.parse(v.lastViewedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    for (const cursor of ["nonsense", Buffer.from("2024-02-30 10:00:00+00|x").toString("base64url")]) {
      const broken = await viewers("paula", `?cursor=${cursor}`);
      expect(broken.statusCode, broken.body).toBe(422);
      expect(broken.json().error.code).toBe("request_validationFailed");
    }
  });

  it("keeps visits 90 days: older ones are purged and never listed", async () => {
    const old = new Date(Date.now() - 120 * 24 * 60 * 60 * 1000);
    await recordVisit(db(), {
      ownerId: people.olga!.profileId,
      viewerId: people.pia!.profileId,
      subject: post.id,
      now: old,
    });
    const before = await visitsOf(people.olga!.profileId, people.pia!.profileId);
    expect(before).toHaveLength(2);
    const pia = (await listed("olga")).find((v) => v.profile.id === people.pia!.profileId);
    expect(pia!.views).toBe(1);
    expect(pia!.publications).toEqual([]);
    await purgeOldVisits(db());
    const after = await visitsOf(people.olga!.profileId, people.pia!.profileId);
    expect(after.map((row) => row.subject)).toEqual(["profile"]);
  });
});

describe("the profile badge", () => {
  const badgeOnPage = async (slug: string) => {
    const res = await openProfile(slug, "vic");
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: ProfilePage }).data.user.badge;
  };

  it("shows only while active, visible and on premium or above", async () => {
    expect(await badgeOnPage(people.olga!.slug)).toBe("premium");
    expect(await badgeOnPage(people.vic!.slug)).toBeNull();

    await db()
      .update(subscriptions)
      .set({ badgeVisible: false })
      .where(eq(subscriptions.ownerProfileId, people.olga!.profileId));
    expect(await badgeOnPage(people.olga!.slug)).toBeNull();

    await holds(people.olga!, "standard", ["spy"], true);
    expect(await badgeOnPage(people.olga!.slug)).toBeNull();

    await holds(people.olga!, "premium", ["spy"], false);
    expect(await badgeOnPage(people.olga!.slug)).toBeNull();

    await holds(people.olga!, "premium", ["spy"], true);
    expect(await badgeOnPage(people.olga!.slug)).toBe("premium");
  });

  it("shows on profile cards too (the viewers list, followers)", async () => {
    await holds(people.vic!, "premium", [], true);
    const vic = (await listed("olga")).find((v) => v.profile.id === people.vic!.profileId);
    expect(vic!.profile.badge).toBe("premium");
    const pia = (await listed("olga")).find((v) => v.profile.id === people.pia!.profileId);
    expect(pia!.profile.badge).toBeNull();

    const follow = await app.inject({
      method: "POST",
      url: `/api/v1/profiles/${people.olga!.slug}/follow`,
      headers: as.vic,
    });
    expect(follow.statusCode, follow.body).toBe(200);
    const followers = await get(`/api/v1/profiles/${people.olga!.slug}/followers`, "pia");
    expect(followers.statusCode, followers.body).toBe(200);
    const cards = (followers.json() as { data: ProfileCard[] }).data;
    expect(cards.find((card) => card.id === people.vic!.profileId)?.badge).toBe("premium");
  });
});
