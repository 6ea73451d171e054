import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { blocks, profiles, profileVisits } from "../src/db/schema/index";
import { createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Decision 0028: the web serves a signed-in viewer the cached anonymous render of a profile's
 * pages only when GET /api/v1/profiles/:slug/visitor-view says they see exactly what a visitor
 * sees; everything that makes their page differ answers false.
 */
let testDb: TestDatabase;
let app: App;
const db = () => testDb.database.db;

let open: SeededPerson; // verified, public_verified: visitors see it
let member: SeededPerson; // base_privacy: members only
let reposter: SeededPerson; // public, reposts a members-only publication
let viewer: SeededPerson; // a signed-in member without blocks
let blocker: SeededPerson; // blocks someone else
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  const publicPerson = async (name: string, slug: string) => {
    const person = await createPerson(db(), {
      name,
      email: `${slug}@example.com`,
      slug,
      verificationStatus: "verified",
    });
    await db().update(profiles).set({ privacy: "public_verified" }).where(eq(profiles.id, person.profileId));
    return person;
  };
  open = await publicPerson("Opal Open", "opal.open.11");
  reposter = await publicPerson("Rex Reposter", "rex.reposter.12");
  member = await createPerson(db(), { name: "Mia Member", email: "mia@example.com", slug: "mia.member.13" });
  viewer = await createPerson(db(), { name: "Vic Viewer", email: "vic@example.com", slug: "vic.viewer.14" });
  blocker = await createPerson(db(), {
    name: "Bel Blocker",
    email: "bel@example.com",
    slug: "bel.blocker.15",
  });
  await db().insert(blocks).values({ blockerId: blocker.profileId, blockedId: member.profileId });
  const original = await createContent(db(), {
    ownerId: member.profileId,
    kind: "post",
    content: "Members only",
  });
  await createContent(db(), { ownerId: reposter.profileId, kind: "repost", repostOfId: original.id });
  for (const [name, person] of Object.entries({ open, viewer, blocker })) {
    as[name] = await bearerFor(db(), person.userId);
  }
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function sameAsVisitor(slug: string, who?: string, profilePage = false): Promise<boolean> {
  const response = await app.inject({
    method: "GET",
    url: `/api/v1/profiles/${slug}/visitor-view${profilePage ? "?profilePage=true" : ""}`,
    headers: who ? as[who] : {},
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { sameAsVisitor: boolean } }).data.sameAsVisitor;
}

describe("who sees a profile's pages as a visitor does (decision 0028)", () => {
  it("a member without blocks on a public profile, and any visitor", async () => {
    expect(await sameAsVisitor("opal.open.11", "viewer")).toBe(true);
    expect(await sameAsVisitor("OPAL.OPEN.11", "viewer")).toBe(true);
    expect(await sameAsVisitor("opal.open.11")).toBe(true);
  });

  it("not the profile itself (owner mode), nor on pages visitors may not see or that do not exist", async () => {
    expect(await sameAsVisitor("opal.open.11", "open")).toBe(false);
    expect(await sameAsVisitor("mia.member.13", "viewer")).toBe(false);
    expect(await sameAsVisitor("no.such.profile", "viewer")).toBe(false);
  });

  it("not a viewer with a block (blocks hide pages and reposts)", async () => {
    expect(await sameAsVisitor("opal.open.11", "blocker")).toBe(false);
  });

  it("not on a profile that reposts what only members may see", async () => {
    expect(await sameAsVisitor("rex.reposter.12", "viewer")).toBe(false);
  });

  it("records the visit the profile page data would have recorded, for the profile page only", async () => {
    const visits = () =>
      db()
        .select()
        .from(profileVisits)
        .where(
          and(
            eq(profileVisits.ownerProfileId, open.profileId),
            eq(profileVisits.viewerProfileId, viewer.profileId),
          ),
        );
    // The viewer asked without profilePage above (a publication's page): no visit from those.
    await sameAsVisitor("opal.open.11", "viewer", true);
    // Recorded in the background, as the profile page data does it.
    await expect
      .poll(async () => (await visits()).map((visit) => [visit.subject, visit.views]))
      .toEqual([["profile", 1]]);
  });
});
