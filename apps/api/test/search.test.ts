import type { ProfileHit, PublicationHit } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { profiles } from "../src/db/schema/index";
import { createCompany, createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

let testDb: TestDatabase;
let app: App;
let anna: SeededPerson;
let viewer: SeededPerson;
let asViewer: Record<string, string>;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  anna = await createPerson(db(), {
    verificationStatus: "verified",
    name: "Anna Kowalski",
    email: "anna@example.com",
    slug: "anna.kowalski.11",
    profession: "Data scientist",
    city: "Warsaw",
  });
  await createPerson(db(), {
    verificationStatus: "verified",
    name: "Zofia Wójcik",
    email: "zofia@example.com",
    slug: "zofia.wojcik.12",
  });
  await createPerson(db(), {
    verificationStatus: "verified",
    name: "Hiro Tanaka",
    email: "hiro@example.com",
    slug: "hiro.tanaka.13",
  });
  await createPerson(db(), {
    verificationStatus: "verified",
    name: "Mateo Rossi",
    email: "mateo1@example.com",
    slug: "mateo.rossi.14",
  });
  await createPerson(db(), {
    verificationStatus: "verified",
    name: "Mateo Rossi",
    email: "mateo2@example.com",
    slug: "mateo.rossi.15",
    planTier: "premium",
  });
  viewer = await createPerson(db(), {
    verificationStatus: "verified",
    name: "Vic Viewer",
    email: "vic@example.com",
    slug: "vic.viewer.16",
  });
  asViewer = await bearerFor(db(), viewer.userId);
  await createCompany(db(), {
    verificationStatus: "verified",
    name: "Northwind Analytics",
    ownerUserId: anna.userId,
    slug: "northwind-analytics",
  });
  await createContent(db(), {
    ownerId: anna.profileId,
    kind: "article",
    title: "Launching our quarterly analytics report",
    content: "<p>We <b>launched</b> the report today. Analytics teams will find it useful.</p>",
  });
  await createContent(db(), {
    ownerId: anna.profileId,
    kind: "post",
    content: "Hiring data engineers in Warsaw",
  });
  await createContent(db(), {
    ownerId: viewer.profileId,
    kind: "post",
    title: '<script>alert("x")</script> launch',
    content: "<img src=x onerror=alert(1)> launch day & more",
  });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const search = async (query: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: "GET", url: `/api/v1/search?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    people?: { hits: ProfileHit[]; hasMore: boolean };
    companies?: { hits: ProfileHit[]; hasMore: boolean };
    publications?: { hits: PublicationHit[]; hasMore: boolean };
  };
};

describe("search", () => {
  it("finds a misspelled name and highlights it", async () => {
    const data = await search("search=Ana%20Kowalsky&kind=people");
    expect(data.people!.hits[0]!.profile.slug).toBe("anna.kowalski.11");
    expect(data.people!.hits[0]!.highlight.name).toBe("<mark>Anna</mark> <mark>Kowalski</mark>");
    expect(data.companies).toBeUndefined();
  });

  it("folds accents and matches prefixes while typing", async () => {
    expect((await search("search=wojcik&kind=people")).people!.hits[0]!.profile.name).toBe("Zofia Wójcik");
    expect((await search("search=hir&kind=people")).people!.hits[0]!.profile.slug).toBe("hiro.tanaka.13");
  });

  it("searches every kind at once, with sections", async () => {
    const data = await search("search=analytics");
    expect(data.companies!.hits.map((h) => h.profile.slug)).toEqual(["northwind-analytics"]);
    expect(data.companies!.hits[0]!.highlight.name).toBe("Northwind <mark>Analytics</mark>");
    const titles = data.publications!.hits.map((h) => h.item.title);
    expect(titles).toContain("Launching our quarterly analytics report");
    expect(data.people!.hits).toEqual([]);
  });

  it("matches publications with stemming, highlights safely and filters by kind", async () => {
    const data = await search("search=launches&kind=publications");
    const hits = data.publications!.hits;
    const article = hits.find((h) => h.item.title === "Launching our quarterly analytics report")!;
    expect(article.highlight.title).toBe("<mark>Launching</mark> our quarterly analytics report");
    expect(article.highlight.text).toContain("<mark>launched</mark>");
    expect(hits.map((h) => h.item.type.id)).not.toContain("repost");
    expect(hits.some((h) => h.item.content === "Hiring data engineers in Warsaw")).toBe(false);
    const unsafe = hits.find((h) => h.item.owner.slug === "vic.viewer.16")!;
    expect(unsafe.highlight.title).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <mark>launch</mark>",
    );
    expect(unsafe.highlight.text).not.toMatch(/<(?!\/?mark>)/);
    const onlyPosts = await search("search=launch&kind=publications&contentKinds=post");
    expect(onlyPosts.publications!.hits.every((h) => h.item.type.id === "post")).toBe(true);
  });

  it("falls back to titles by similarity when no word matches (a misspelling)", async () => {
    const hits = (await search("search=quartrly%20analytcs&kind=publications")).publications!.hits;
    expect(hits[0]!.item.title).toBe("Launching our quarterly analytics report");
  });

  it("puts owners with priority ranking first among equal matches", async () => {
    const hits = (await search("search=Mateo%20Rossi&kind=people")).people!.hits;
    expect(hits.map((h) => h.profile.slug)).toEqual(["mateo.rossi.15", "mateo.rossi.14"]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it("leaves out profiles in a block with the viewer, and their publications", async () => {
    await app.inject({ method: "POST", url: "/api/v1/profiles/anna.kowalski.11/block", headers: asViewer });
    const data = await search("search=anna", asViewer);
    expect(data.people!.hits.map((h) => h.profile.slug)).not.toContain("anna.kowalski.11");
    const pubs = await search("search=analytics&kind=publications", asViewer);
    expect(pubs.publications!.hits.some((h) => h.item.owner.slug === "anna.kowalski.11")).toBe(false);
  });

  it("needs a term of 2 characters or more and pages within bounds", async () => {
    expect((await app.inject({ method: "GET", url: "/api/v1/search?search=a" })).statusCode).toBe(422);
    expect(
      (await app.inject({ method: "GET", url: "/api/v1/search?search=ab&page=51&kind=people" })).statusCode,
    ).toBe(422);
    const punctuation = await search("search=%21%21%21");
    expect(punctuation.people!.hits).toEqual([]);
  });
});

describe("privacy levels in search (decision 0014)", () => {
  it("finds a members-only profile and its posts for members, never for visitors", async () => {
    // Verified (unverified profiles never appear in search), with the members-only level.
    const quiet = await createPerson(db(), {
      name: "Quentin Quietly",
      email: "quentin@example.com",
      slug: "quentin.quietly.17",
      verificationStatus: "verified",
    });
    await db().update(profiles).set({ privacy: "base_privacy" }).where(eq(profiles.id, quiet.profileId));
    await createContent(db(), {
      ownerId: quiet.profileId,
      kind: "post",
      content: "Quietly gardening zucchini",
    });
    const asVisitor = await search("search=quentin&kind=people");
    expect(asVisitor.people!.hits).toEqual([]);
    expect((await search("search=zucchini&kind=publications")).publications!.hits).toEqual([]);
    const asMember = await search("search=quentin&kind=people", asViewer);
    expect(asMember.people!.hits.map((hit) => hit.profile.slug)).toEqual(["quentin.quietly.17"]);
    expect((await search("search=zucchini&kind=publications", asViewer)).publications!.hits).toHaveLength(1);
  });
});
