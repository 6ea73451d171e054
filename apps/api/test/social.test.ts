import { type ContentItem, messages, type ProfileCard } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { contentItems, profiles } from "../src/db/schema/index";
import { createCompany, createContent, createPerson, follow, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";
import { markVerified } from "./support/verification";

let testDb: TestDatabase;
let app: App;
let anna: SeededPerson;
let ben: SeededPerson;
let cara: SeededPerson;
let dan: SeededPerson;
let as: Record<string, Record<string, string>>;

const db = () => testDb.database.db;
const counts = async (id: string) => {
  const [row] = await db()
    .select({ followers: profiles.followersCount, following: profiles.followingCount })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row!;
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  anna = await createPerson(db(), {
    name: "Anna Kowalski",
    email: "anna@example.com",
    slug: "anna.kowalski.11",
    city: "Warsaw",
    profession: "Data scientist",
    verificationStatus: "verified",
  });
  ben = await createPerson(db(), {
    name: "Ben Okafor",
    email: "ben@example.com",
    slug: "ben.okafor.22",
    city: "Warsaw",
  });
  cara = await createPerson(db(), {
    name: "Cara Dubois",
    email: "cara@example.com",
    slug: "cara.dubois.33",
    // Visitors read her lists below: a verified profile is public (decision 0014).
    verificationStatus: "verified",
  });
  dan = await createPerson(db(), {
    name: "Dan Berg",
    email: "dan@example.com",
    slug: "dan.berg.44",
    profession: "Data scientist",
  });
  as = {
    anna: await bearerFor(db(), anna.userId),
    ben: await bearerFor(db(), ben.userId),
    cara: await bearerFor(db(), cara.userId),
    dan: await bearerFor(db(), dan.userId),
  };
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who?: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who ? as[who] : {}, ...(payload ? { payload } : {}) });

describe("follows", () => {
  it("follows and unfollows, keeping both counts in step, idempotently", async () => {
    const before = await counts(ben.profileId);
    const res = await call("POST", "/profiles/Ben.Okafor.22/follow", "anna");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ followed: true, followersCount: before.followers + 1 });
    // Following again changes nothing.
    expect((await call("POST", "/profiles/ben.okafor.22/follow", "anna")).json().data).toEqual({
      followed: true,
      followersCount: before.followers + 1,
    });
    expect((await counts(anna.profileId)).following).toBe(1);
    const rel = await call("GET", "/profiles/ben.okafor.22/relationship", "anna");
    expect(rel.json().data).toEqual({
      followed: true,
      followsYou: false,
      blocked: false,
      muted: false,
      isSelf: false,
    });

    const off = await call("DELETE", "/profiles/ben.okafor.22/follow", "anna");
    expect(off.json().data).toEqual({ followed: false, followersCount: before.followers });
    expect((await call("DELETE", "/profiles/ben.okafor.22/follow", "anna")).json().data.followed).toBe(false);
    expect((await counts(anna.profileId)).following).toBe(0);
  });

  it("refuses following oneself with the catalogue's error and §8's message", async () => {
    const res = await call("POST", "/profiles/anna.kowalski.11/follow", "anna");
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: "social_selfNotAllowed", message: messages.followFailed });
    expect((await counts(anna.profileId)).followers).toBe(0);
  });

  it("answers a missing profile with §8's follow failure", async () => {
    const res = await call("POST", "/profiles/nobody.here.99/follow", "anna");
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.followFailed);
    const off = await call("DELETE", "/profiles/nobody.here.99/follow", "anna");
    expect(off.json().error.message).toBe(messages.followUpdateFailed);
  });

  it("needs a session to follow", async () => {
    expect((await call("POST", "/profiles/ben.okafor.22/follow")).statusCode).toBe(401);
  });

  it("lists followers and following newest first by keyset cursor", async () => {
    const people: SeededPerson[] = [];
    for (let i = 0; i < 7; i++) {
      const p = await createPerson(db(), {
        name: `Fan Number${i}`,
        email: `fan${i}@example.com`,
        slug: `fan.${i}.77`,
        verificationStatus: "verified",
      });
      people.push(p);
      await follow(db(), p.profileId, cara.profileId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        "GET",
        `/profiles/cara.dubois.33/followers?perPage=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total).toBe(7);
      seen.push(...res.json().data.map((c: ProfileCard) => c.slug));
      cursor = res.json().meta.nextCursor;
    } while (cursor);
    expect(seen).toEqual(people.map((p) => p.slug).reverse());
    const following = await call("GET", "/profiles/fan.0.77/following");
    expect(following.json().data.map((c: ProfileCard) => c.slug)).toEqual(["cara.dubois.33"]);
    expect(following.json().data[0]).toMatchObject({ name: "Cara Dubois", followed: false, type: "user" });
  });

  it("shows in follow lists only the profiles the viewer may see (decision 0014)", async () => {
    const shy = await createPerson(db(), {
      name: "Shy Follower",
      email: "shy@example.com",
      slug: "shy.follower.78",
    });
    await follow(db(), shy.profileId, anna.profileId);
    const slugs = async (headers: Record<string, string>) => {
      const res = await app.inject({
        method: "GET",
        url: "/api/v1/profiles/anna.kowalski.11/followers",
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((c: ProfileCard) => c.slug) as string[];
    };
    expect(await slugs({})).not.toContain("shy.follower.78");
    expect(await slugs(await bearerFor(db(), cara.userId))).toContain("shy.follower.78");
    const hidden = await app.inject({ method: "GET", url: "/api/v1/profiles/shy.follower.78/following" });
    expect(hidden.statusCode).toBe(404);
  });

  it("refuses a cursor that was not ours", async () => {
    const res = await call("GET", "/profiles/cara.dubois.33/followers?cursor=bm9wZQ");
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("request_validationFailed");
  });

  it("lets a company's owner follow as the company but not its employees", async () => {
    const company = await createCompany(db(), {
      name: "Northwind",
      ownerUserId: anna.userId,
      slug: "northwind-1",
      verificationStatus: "verified",
    });
    const asCompany = await bearerFor(db(), anna.userId, company.profileId);
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/profiles/dan.berg.44/follow",
      headers: asCompany,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Read as a member: dan is not verified, so members only see him (decision 0014).
    const rel = await app.inject({
      method: "GET",
      url: "/api/v1/profiles/dan.berg.44/followers",
      headers: await bearerFor(db(), cara.userId),
    });
    expect(rel.json().data.map((c: ProfileCard) => c.slug)).toContain("northwind-1");
  });
});

describe("blocks and mutes", () => {
  it("a block ends follows both ways and stops following, seeing and listing", async () => {
    const eve = await createPerson(db(), {
      name: "Eve Moreau",
      email: "eve@example.com",
      slug: "eve.moreau.55",
    });
    const asEve = await bearerFor(db(), eve.userId);
    await follow(db(), eve.profileId, ben.profileId);
    await follow(db(), ben.profileId, eve.profileId);
    const post = await createContent(db(), {
      ownerId: ben.profileId,
      kind: "post",
      content: "Ben's thoughts",
    });
    const eveBefore = await counts(eve.profileId);

    const blocked = await call("POST", "/profiles/eve.moreau.55/block", "ben");
    expect(blocked.statusCode, blocked.body).toBe(204);
    const eveAfter = await counts(eve.profileId);
    expect(eveAfter).toEqual({ followers: eveBefore.followers - 1, following: eveBefore.following - 1 });

    // Eve may not follow Ben again, nor see his publications, list or detail.
    const refollow = await app.inject({
      method: "POST",
      url: "/api/v1/profiles/ben.okafor.22/follow",
      headers: asEve,
    });
    expect(refollow.statusCode).toBe(403);
    expect(refollow.json().error).toEqual({
      code: "social_followNotAllowed",
      message: messages.followFailed,
    });
    const detail = await app.inject({
      method: "GET",
      url: `/api/v2/content/posts/${post.slug}`,
      headers: asEve,
    });
    expect(detail.statusCode).toBe(404);
    const list = await app.inject({
      method: "GET",
      url: "/api/v2/profiles/ben.okafor.22/content",
      headers: asEve,
    });
    expect(list.statusCode).toBe(404);
    const followers = await app.inject({
      method: "GET",
      url: "/api/v1/profiles/ben.okafor.22/followers",
      headers: asEve,
    });
    expect(followers.statusCode).toBe(404);
    // Nor Ben hers: a block hides both sides.
    expect((await call("GET", "/profiles/eve.moreau.55/following", "ben")).statusCode).toBe(404);
    // Others still see Ben's post (a member: Ben is not verified, so his profile is for members
    // only, decision 0014).
    expect(
      (await app.inject({ method: "GET", url: `/api/v2/content/posts/${post.slug}`, headers: as.cara }))
        .statusCode,
    ).toBe(200);
    const mine = await call("GET", "/me/blocks", "ben");
    expect(mine.json().data.map((c: ProfileCard) => c.slug)).toEqual(["eve.moreau.55"]);
    expect((await call("GET", "/profiles/eve.moreau.55/relationship", "ben")).json().data.blocked).toBe(true);

    expect((await call("DELETE", "/profiles/eve.moreau.55/block", "ben")).statusCode).toBe(204);
    expect(
      (await app.inject({ method: "GET", url: `/api/v2/content/posts/${post.slug}`, headers: asEve }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses blocking or muting oneself", async () => {
    for (const what of ["block", "mute"]) {
      const res = await call("POST", `/profiles/ben.okafor.22/${what}`, "ben");
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe("social_selfNotAllowed");
    }
  });
});

describe("home feed", () => {
  let reader: SeededPerson;
  let asReader: Record<string, string>;
  beforeAll(async () => {
    reader = await createPerson(db(), {
      name: "Fay Reader",
      email: "fay@example.com",
      slug: "fay.reader.66",
    });
    asReader = await bearerFor(db(), reader.userId);
  });
  const feed = (query = "") => app.inject({ method: "GET", url: `/api/v1/feed${query}`, headers: asReader });

  it("shows publications and reposts of followed profiles and one's own, newest first, across cursor pages", async () => {
    const hana = await createPerson(db(), {
      name: "Hana Ito",
      email: "hana@example.com",
      slug: "hana.ito.12",
    });
    const ivo = await createPerson(db(), {
      name: "Ivo Petrov",
      email: "ivo@example.com",
      slug: "ivo.petrov.13",
    });
    const t0 = Date.now() - 3_600_000;
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    const a1 = await createContent(db(), {
      ownerId: hana.profileId,
      kind: "post",
      content: "a1",
      publicationDate: at(1),
    });
    const b1 = await createContent(db(), {
      ownerId: ivo.profileId,
      kind: "article",
      title: "b1",
      content: "<p>b1</p>",
      publicationDate: at(2),
    });
    const own = await createContent(db(), {
      ownerId: reader.profileId,
      kind: "post",
      content: "mine",
      publicationDate: at(3),
    });
    const repost = await createContent(db(), {
      ownerId: hana.profileId,
      kind: "repost",
      repostOfId: b1.id,
      publicationDate: at(4),
    });
    const a2 = await createContent(db(), {
      ownerId: hana.profileId,
      kind: "post",
      content: "a2",
      publicationDate: at(5),
    });
    // Not followed, a draft, a removed item: never in the feed.
    await createContent(db(), {
      ownerId: cara.profileId,
      kind: "post",
      content: "stranger",
      publicationDate: at(6),
    });
    await createContent(db(), {
      ownerId: hana.profileId,
      kind: "post",
      content: "draft",
      status: "draft",
      publicationDate: at(7),
    });
    await createContent(db(), {
      ownerId: ivo.profileId,
      kind: "post",
      content: "gone",
      status: "removed",
      publicationDate: at(8),
    });
    await follow(db(), reader.profileId, hana.profileId);
    await follow(db(), reader.profileId, ivo.profileId);

    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await feed(`?perPage=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(...res.json().data.map((i: ContentItem) => i.id));
      cursor = res.json().meta.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(ids).toEqual([a2.id, repost.id, own.id, b1.id, a1.id]);
    const first = (await feed("?perPage=5")).json();
    const shownRepost = first.data.find((i: ContentItem) => i.id === repost.id);
    expect(shownRepost.repostOf.id).toBe(b1.id);
    expect(first.meta.viewerReactions).toEqual({});

    // The page's hydration (owners, repost originals, reaction counts: one statement) fills the
    // original inside a repost as it fills the original itself, and the viewer's own reaction.
    const liked = await app.inject({
      method: "PUT",
      url: `/api/v1/content/${b1.id}/reactions`,
      headers: asReader,
      payload: { kind: "like" },
    });
    expect(liked.statusCode, liked.body).toBeLessThan(300);
    const again = (await feed("?perPage=5")).json();
    const byId = new Map<string, ContentItem>(again.data.map((i: ContentItem) => [i.id, i]));
    const original = byId.get(b1.id)!;
    expect(original).toMatchObject({
      owner: { slug: "ivo.petrov.13", name: "Ivo Petrov" },
      title: "b1",
      reactions: { like: 1 },
      publicationDate: at(2).toISOString(),
    });
    expect(byId.get(repost.id)).toMatchObject({
      owner: { slug: "hana.ito.12" },
      repostOf: { id: b1.id, owner: { slug: "ivo.petrov.13" }, reactions: { like: 1 }, title: "b1" },
    });
    expect(byId.get(a2.id)?.reactions).toEqual({});
    expect(again.meta.viewerReactions).toEqual({ [b1.id]: "like" });
  });

  it("leaves out muted profiles, and a newly followed author's next post appears", async () => {
    expect(
      (await app.inject({ method: "POST", url: "/api/v1/profiles/ivo.petrov.13/mute", headers: asReader }))
        .statusCode,
    ).toBe(204);
    const muted = (await feed("?perPage=50")).json().data as ContentItem[];
    expect(muted.some((i) => i.owner.slug === "ivo.petrov.13")).toBe(false);
    await app.inject({ method: "DELETE", url: "/api/v1/profiles/ivo.petrov.13/mute", headers: asReader });

    await app.inject({ method: "POST", url: "/api/v1/profiles/dan.berg.44/follow", headers: asReader });
    // Publishing needs a verified person (the verification gates).
    await markVerified(db(), dan.userId);
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as.dan,
      payload: { kind: "post", content: "Dan's fresh post" },
    });
    expect(created.statusCode).toBe(201);
    const top = (await feed("?perPage=1")).json().data[0] as ContentItem;
    expect(top.id).toBe(created.json().data.id);
  });

  it("needs a signed-in profile", async () => {
    expect((await app.inject({ method: "GET", url: "/api/v1/feed" })).statusCode).toBe(401);
  });
});

describe("suggestions", () => {
  it("suggests by shared follows, same city and profession, never followed, blocked or oneself", async () => {
    const gus = await createPerson(db(), {
      name: "Gus Hughes",
      email: "gus@example.com",
      slug: "gus.hughes.88",
      city: "Warsaw",
      profession: "Data scientist",
    });
    const asGus = await bearerFor(db(), gus.userId);
    const star = await createPerson(db(), {
      name: "Star Person",
      email: "star@example.com",
      slug: "star.person.99",
      verificationStatus: "verified",
    });
    // Only verified profiles are suggested (product decisions, verification gates).
    await db().update(profiles).set({ verificationStatus: "verified" }).where(eq(profiles.id, dan.profileId));
    await follow(db(), gus.profileId, ben.profileId);
    await follow(db(), ben.profileId, star.profileId);
    await follow(db(), anna.profileId, star.profileId);
    await follow(db(), gus.profileId, anna.profileId);
    await app.inject({ method: "POST", url: "/api/v1/profiles/cara.dubois.33/block", headers: asGus });

    const res = await app.inject({
      method: "GET",
      url: "/api/v1/network/suggested?limit=50",
      headers: asGus,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { profile: ProfileCard; reasons: string[]; sharedFollowsCount: number }[];
    const slugs = list.map((s) => s.profile.slug);
    expect(list[0]!.profile.slug).toBe("star.person.99");
    expect(list[0]).toMatchObject({ reasons: ["sharedFollows"], sharedFollowsCount: 2 });
    expect(list.find((s) => s.profile.slug === "dan.berg.44")?.reasons).toContain("sameProfession");
    expect(slugs).not.toContain("gus.hughes.88");
    expect(slugs).not.toContain("ben.okafor.22");
    expect(slugs).not.toContain("anna.kowalski.11");
    expect(slugs).not.toContain("cara.dubois.33");
  });
});

describe("reactions and views", () => {
  let postId: string;
  beforeAll(async () => {
    // Visitors list who reacted and count views: the post's owner is verified, so public (decision 0014).
    await db()
      .update(profiles)
      .set({ verificationStatus: "verified", privacy: "public_verified" })
      .where(eq(profiles.id, ben.profileId));
    postId = (await createContent(db(), { ownerId: ben.profileId, kind: "post", content: "React to me" })).id;
  });

  it("keeps one reaction per profile, changeable, with counts and who reacted", async () => {
    const like = await call("PUT", `/content/${postId}/reactions`, "anna", { kind: "like" });
    expect(like.statusCode, like.body).toBe(200);
    expect(like.json().data).toMatchObject({ total: 1, mine: "like", counts: { like: 1, celebrate: 0 } });
    const change = await call("PUT", `/content/${postId}/reactions`, "anna", { kind: "celebrate" });
    expect(change.json().data).toMatchObject({
      total: 1,
      mine: "celebrate",
      counts: { like: 0, celebrate: 1 },
    });
    await call("PUT", `/content/${postId}/reactions`, "cara", { kind: "insightful" });

    const item = await app.inject({ method: "GET", url: `/api/v1/content/${postId}`, headers: as.ben });
    expect(item.json().data).toMatchObject({ like: 2, reactions: { celebrate: 1, insightful: 1 } });
    const who = await call("GET", `/content/${postId}/reactions`);
    expect(
      who.json().data.map((r: { profile: ProfileCard; kind: string }) => [r.profile.slug, r.kind]),
    ).toEqual([
      ["cara.dubois.33", "insightful"],
      ["anna.kowalski.11", "celebrate"],
    ]);
    const onlyCelebrate = await call("GET", `/content/${postId}/reactions?kind=celebrate`);
    expect(onlyCelebrate.json().data).toHaveLength(1);
    const mine = await call("GET", `/reactions/mine?ids=${postId},nope`, "anna");
    expect(mine.json().data).toEqual({ [postId]: "celebrate" });

    const removed = await call("DELETE", `/content/${postId}/reactions`, "anna");
    expect(removed.json().data).toMatchObject({ total: 1, mine: null });
    const [row] = await db().select().from(contentItems).where(eq(contentItems.id, postId));
    expect(row!.likeCount).toBe(1);
  });

  it("refuses a reaction where reactions are disabled, with the catalogue's error", async () => {
    const quiet = await createContent(db(), {
      ownerId: ben.profileId,
      kind: "post",
      content: "No reactions",
    });
    await db().update(contentItems).set({ reactionsEnabled: false }).where(eq(contentItems.id, quiet.id));
    const res = await call("PUT", `/content/${quiet.id}/reactions`, "anna", { kind: "like" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: "reactions_disabled", message: messages.reactionsOff });
  });

  it("refuses an unknown reaction kind", async () => {
    const res = await call("PUT", `/content/${postId}/reactions`, "anna", { kind: "angry" });
    expect(res.statusCode).toBe(422);
  });

  it("counts a view once per viewer per day, not the owner's, and not where views are off", async () => {
    const view = (who?: string, ua = "agent-1") =>
      app.inject({
        method: "POST",
        url: `/api/v1/content/${postId}/views`,
        headers: { ...(who ? as[who] : {}), "user-agent": ua },
      });
    expect((await view("anna")).json().data).toEqual({ counted: true, view: 1 });
    expect((await view("anna")).json().data).toEqual({ counted: false, view: 1 });
    expect((await view()).json().data).toEqual({ counted: true, view: 2 });
    expect((await view()).json().data.counted).toBe(false);
    expect((await view(undefined, "agent-2")).json().data.counted).toBe(true);
    expect((await view("ben")).json().data).toEqual({ counted: false, view: 3 });
    await db().update(contentItems).set({ viewsEnabled: false }).where(eq(contentItems.id, postId));
    expect((await view("cara")).json().data).toEqual({ counted: false, view: 3 });
  });
});
