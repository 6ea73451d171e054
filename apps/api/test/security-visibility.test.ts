import { messages } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { blocks, profiles } from "../src/db/schema/index";
import { createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 11, item 20: blocks hold on reposts and the profile page; privacy levels
 * (docs/decisions/0014-profile-privacy.md) decide who sees a profile and what it published.
 */
let testDb: TestDatabase;
let app: App;
const db = () => testDb.database.db;

let open: SeededPerson; // verified, public_verified: everyone
let member: SeededPerson; // not verified, base_privacy: members only
let guarded: SeededPerson; // verified, verified_privacy: verified members only
let lapsed: SeededPerson; // public_verified stored, but no longer verified: base_privacy
let viewer: SeededPerson; // a signed-in member, not verified
let checker: SeededPerson; // a signed-in member, verified
let blocker: SeededPerson; // verified, blocks `open`
const as: Record<string, Record<string, string>> = {};
const posts: Record<string, { id: string; slug: string }> = {};

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  open = await createPerson(db(), {
    name: "Opal Open",
    email: "opal@example.com",
    slug: "opal.open.10",
    verificationStatus: "verified",
  });
  member = await createPerson(db(), { name: "Mia Member", email: "mia@example.com", slug: "mia.member.20" });
  guarded = await createPerson(db(), {
    name: "Gil Guarded",
    email: "gil@example.com",
    slug: "gil.guarded.30",
    verificationStatus: "verified",
  });
  await db().update(profiles).set({ privacy: "verified_privacy" }).where(eq(profiles.id, guarded.profileId));
  lapsed = await createPerson(db(), { name: "Lou Lapsed", email: "lou@example.com", slug: "lou.lapsed.40" });
  await db().update(profiles).set({ privacy: "public_verified" }).where(eq(profiles.id, lapsed.profileId));
  viewer = await createPerson(db(), { name: "Vic Viewer", email: "vic@example.com", slug: "vic.viewer.50" });
  checker = await createPerson(db(), {
    name: "Cy Checker",
    email: "cy@example.com",
    slug: "cy.checker.60",
    verificationStatus: "verified",
  });
  blocker = await createPerson(db(), {
    name: "Bel Blocker",
    email: "bel@example.com",
    slug: "bel.blocker.70",
    verificationStatus: "verified",
  });
  await db().insert(blocks).values({ blockerId: blocker.profileId, blockedId: open.profileId });
  for (const [name, person] of Object.entries({ open, member, guarded, lapsed, viewer, checker, blocker })) {
    as[name] = await bearerFor(db(), person.userId);
    posts[name] = await createContent(db(), {
      ownerId: person.profileId,
      kind: "post",
      content: `A post by ${name}`,
      repostsEnabled: true,
    });
  }
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const get = (url: string, who?: string) => app.inject({ method: "GET", url, headers: who ? as[who] : {} });
const page = (slug: string, who?: string) => get(`/api/v2/profiles/${slug}`, who);
const list = (slug: string, who?: string) => get(`/api/v2/profiles/${slug}/content?tab=feed`, who);
const detail = (owner: string, who?: string) => get(`/api/v2/content/posts/${posts[owner]!.slug}`, who);
const repost = (owner: string, who: string) =>
  app.inject({
    method: "POST",
    url: `/api/v1/content/${posts[owner]!.id}/reposts`,
    headers: { ...as[who], "content-type": "application/json" },
    payload: JSON.stringify({}),
  });

describe("blocks (item 20)", () => {
  it("the profile page answers like a missing one to the blocked; the blocker still reaches it to unblock", async () => {
    const blocked = await page(blocker.slug, "open");
    expect(blocked.statusCode).toBe(404);
    expect(blocked.json().error.code).toBe("content_notFound");
    // The blocker's own page view shows the blocked notice and the Unblock action (web).
    expect((await page(open.slug, "blocker")).statusCode).toBe(200);
    expect((await page(open.slug, "checker")).statusCode).toBe(200);
  });

  it("nothing is reposted across a block, either way", async () => {
    for (const [owner, who] of [
      ["open", "blocker"],
      ["blocker", "open"],
    ] as const) {
      const res = await repost(owner, who);
      expect(res.statusCode, `${who} reposts ${owner}`).toBe(404);
      expect(res.json().error).toEqual({ code: "content_notFound", message: messages.repostCheckContent });
    }
    expect((await repost("open", "checker")).statusCode).toBe(201);
  });
});

describe("privacy levels (item 20, decision 0014)", () => {
  const cases: Array<
    [owner: string, slug: () => string, visitor: boolean, member: boolean, verified: boolean]
  > = [
    ["open", () => open.slug, true, true, true],
    ["member", () => member.slug, false, true, true],
    ["guarded", () => guarded.slug, false, false, true],
    ["lapsed", () => lapsed.slug, false, true, true],
  ];

  it("the profile page, the profile's list and its publications follow the level", async () => {
    for (const [owner, slug, visitor, signedIn, verified] of cases) {
      for (const [who, allowed] of [
        [undefined, visitor],
        ["viewer", signedIn],
        ["checker", verified],
        [owner, true],
      ] as const) {
        const expected = allowed ? 200 : 404;
        const label = `${who ?? "visitor"} → ${owner}`;
        expect((await page(slug(), who)).statusCode, `page: ${label}`).toBe(expected);
        expect((await list(slug(), who)).statusCode, `list: ${label}`).toBe(expected);
        expect((await detail(owner, who)).statusCode, `detail: ${label}`).toBe(expected);
      }
    }
  });

  it("a hidden publication cannot be reposted, and a repost shows a hidden original as unavailable", async () => {
    // An unverified member cannot see it, nor repost anything: the verification gate answers
    // first. Only verified members repost, and every privacy level shows to them.
    const hidden = await repost("guarded", "viewer");
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().error.code).toBe("user_notVerified");
    // A verified member reposts the guarded post; a visitor of the reposter's feed does not see it.
    const shared = await repost("guarded", "checker");
    expect(shared.statusCode, shared.body).toBe(201);
    const seenByVisitor = (await list(checker.slug)).json().data as Array<{
      id: string;
      repostOf: unknown;
    }>;
    const repostItem = seenByVisitor.find((item) => item.id === shared.json().data.id);
    expect(repostItem).toBeDefined();
    expect(repostItem?.repostOf).toBeNull();
    const seenByChecker = (await list(checker.slug, "checker")).json().data as Array<{
      id: string;
      repostOf: { id: string } | null;
    }>;
    expect(seenByChecker.find((item) => item.id === shared.json().data.id)?.repostOf?.id).toBe(
      posts.guarded!.id,
    );
  });

  it("related lists leave out publications of hidden profiles", async () => {
    // The four newest other posts are checker's, viewer's, lapsed's and guarded's: a visitor sees
    // only the public ones among them.
    const res = await get(`/api/v2/content/${posts.blocker!.id}/related`);
    expect(res.statusCode, res.body).toBe(200);
    const similar = (res.json().data.similar as Array<{ owner: { slug: string } }>).map((i) => i.owner.slug);
    expect(similar.length).toBeGreaterThan(0);
    expect(
      similar.every((slug) => [open.slug, checker.slug].includes(slug)),
      similar.join(),
    ).toBe(true);
  });
});
