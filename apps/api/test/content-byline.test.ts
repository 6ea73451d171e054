import type { ContentItem } from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { companyMembers } from "../src/db/schema/index";
import { createCompany, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

// Issue 14 item 5: a company's publication names the member who published it, with their position;
// a member may hide it only where the company allows it.

let testDb: TestDatabase;
let app: App;
let owner: SeededPerson;
let member: SeededPerson;
let company: { profileId: string; slug: string };
let asOwner: Record<string, string>;
let asMember: Record<string, string>;
let asOwnerSelf: Record<string, string>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig(), { database: testDb.database });
  const db = testDb.database.db;
  owner = await createPerson(db, {
    name: "Olga Owner",
    email: "olga@example.com",
    slug: "olga.owner.1",
    planTier: "standard",
    verificationStatus: "verified",
  });
  member = await createPerson(db, {
    name: "Marek Member",
    email: "marek@example.com",
    slug: "marek.member.2",
    verificationStatus: "verified",
  });
  company = await createCompany(db, {
    name: "Byline Works",
    slug: "byline-works-3",
    ownerUserId: owner.userId,
    verificationStatus: "verified",
  });
  await db
    .update(companyMembers)
    .set({ position: "Chief Executive" })
    .where(and(eq(companyMembers.companyId, company.profileId), eq(companyMembers.userId, owner.userId)));
  // The employee holds no position.
  await db.execute(
    sql`INSERT INTO company_members (company_id, user_id, role) VALUES (${company.profileId}, ${member.userId}, 'company_employee')`,
  );
  asOwner = await bearerFor(db, owner.userId, company.profileId);
  asMember = await bearerFor(db, member.userId, company.profileId);
  asOwnerSelf = await bearerFor(db, owner.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const publish = async (headers: Record<string, string>, content: string): Promise<ContentItem> => {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/content",
    headers,
    payload: { kind: "post", content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ContentItem;
};
const listOf = async (slug: string, perPage = 20): Promise<ContentItem[]> => {
  const q = new URLSearchParams({ pagination: JSON.stringify({ page: 1, perPage }) });
  const res = await app.inject({ method: "GET", url: `/api/v2/profiles/${slug}/content?${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ContentItem[];
};
const detailOf = async (item: ContentItem, ownerSlug: string): Promise<ContentItem> => {
  const res = await app.inject({
    method: "GET",
    url: `/api/v2/content/posts/${item.slug}?owner=${ownerSlug}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ContentItem;
};

describe("who of the company may edit an item (the edit and delete buttons)", () => {
  it("an employee's manage scope covers their own post, not the owner's; visitors and people acting as themselves none", async () => {
    const theirs = await publish(asMember, "An employee's post");
    const owners = await publish(asOwner, "The owner's post");
    const listAs = async (headers: Record<string, string> | undefined) => {
      const q = new URLSearchParams({ pagination: JSON.stringify({ page: 1, perPage: 50 }) });
      const res = await app.inject({
        method: "GET",
        url: `/api/v2/profiles/${company.slug}/content?${q}`,
        headers,
      });
      return new Map((res.json().data as ContentItem[]).map((i) => [i.id, i.editable]));
    };
    const member = await listAs(asMember);
    expect(member.get(theirs.id)).toBe(true);
    expect(member.get(owners.id)).toBe(false);
    const ownerView = await listAs(asOwner);
    expect([ownerView.get(theirs.id), ownerView.get(owners.id)]).toEqual([true, true]);
    for (const headers of [undefined, asOwnerSelf]) {
      const other = await listAs(headers);
      expect([other.get(theirs.id), other.get(owners.id)]).toEqual([false, false]);
    }
    // The API agrees: the employee may not delete the owner's post.
    const refused = await app.inject({
      method: "DELETE",
      url: `/api/v1/content/${owners.id}`,
      headers: asMember,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("bylines on company publications", () => {
  it("names a member with a position on the list and the detail page", async () => {
    const item = await publish(asOwner, "Our quarterly statement");
    const expected = { name: "Olga Owner", position: "Chief Executive" };
    // The create answer already carries it, as every later read does.
    expect(item.byline).toEqual(expected);
    const listed = (await listOf(company.slug)).find((i) => i.id === item.id);
    expect(listed?.owner.slug).toBe(company.slug);
    expect(listed?.byline).toEqual(expected);
    expect((await detailOf(item, company.slug)).byline).toEqual(expected);
  });

  it("names a member without a position by name alone", async () => {
    const item = await publish(asMember, "Hello from the team");
    const listed = (await listOf(company.slug)).find((i) => i.id === item.id);
    expect(listed?.byline).toEqual({ name: "Marek Member", position: null });
    expect((await detailOf(item, company.slug)).byline).toEqual({ name: "Marek Member", position: null });
  });

  it("gives a person's own publication no byline", async () => {
    const item = await publish(asOwnerSelf, "Just me");
    const listed = (await listOf("olga.owner.1")).find((i) => i.id === item.id);
    expect(listed).toBeDefined();
    expect(listed!.byline).toBeNull();
    expect((await detailOf(item, "olga.owner.1")).byline).toBeNull();
  });

  it("fills a whole page of items by several members, each with its own author", async () => {
    const mine = new Map<string, string>();
    for (let n = 0; n < 20; n++) {
      const item = await publish(n % 2 ? asMember : asOwner, `Page item ${n}`);
      mine.set(item.id, n % 2 ? "Marek Member" : "Olga Owner");
    }
    const page = await listOf(company.slug, 20);
    expect(page).toHaveLength(20);
    for (const item of page) expect(item.byline?.name).toBe(mine.get(item.id));
  });

  it("shows the position a member holds now, and none once they left", async () => {
    const db = testDb.database.db;
    const item = await publish(asMember, "Before the promotion");
    await db
      .update(companyMembers)
      .set({ position: "Press Officer" })
      .where(and(eq(companyMembers.companyId, company.profileId), eq(companyMembers.userId, member.userId)));
    expect((await detailOf(item, company.slug)).byline).toEqual({
      name: "Marek Member",
      position: "Press Officer",
    });
    await db
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, company.profileId), eq(companyMembers.userId, member.userId)));
    expect((await detailOf(item, company.slug)).byline).toEqual({ name: "Marek Member", position: null });
  });
});

describe("hiding the byline where the company allows it", () => {
  let hider: SeededPerson;
  let asHider: Record<string, string>;
  let other: { profileId: string; slug: string };
  let asHiderOther: Record<string, string>;
  let quiet: ContentItem;
  const patch = (url: string, headers: Record<string, string>, payload: object) =>
    app.inject({ method: "PATCH", url, headers, payload });

  beforeAll(async () => {
    const db = testDb.database.db;
    hider = await createPerson(db, {
      name: "Hana Hider",
      email: "hana@example.com",
      slug: "hana.hider.4",
      verificationStatus: "verified",
    });
    other = await createCompany(db, {
      name: "Other Byline Works",
      slug: "other-byline-works-5",
      ownerUserId: owner.userId,
      verificationStatus: "verified",
    });
    await db.insert(companyMembers).values([
      { companyId: company.profileId, userId: hider.userId, role: "company_employee", position: "Writer" },
      { companyId: other.profileId, userId: hider.userId, role: "company_employee", position: "Editor" },
    ]);
    asHider = await bearerFor(db, hider.userId, company.profileId);
    asHiderOther = await bearerFor(db, hider.userId, other.profileId);
  });

  it("shows the byline while the company does not allow hiding it, and refuses the request", async () => {
    const item = await publish(asHider, "Written by Hana");
    expect(item.byline).toEqual({ name: "Hana Hider", position: "Writer" });
    const refused = await patch("/api/v1/companies/me/members/me", asHider, { hideByline: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("request_forbidden");
    expect((await detailOf(item, company.slug)).byline).toEqual({ name: "Hana Hider", position: "Writer" });
  });

  it("leaves it out for the member who hid it, there only, on lists and detail pages alike", async () => {
    const allowed = await patch("/api/v1/companies/me/team-settings", asOwner, {
      membersMayHideByline: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const hidden = await patch("/api/v1/companies/me/members/me", asHider, { hideByline: true });
    expect(hidden.statusCode, hidden.body).toBe(200);

    quiet = await publish(asHider, "Quietly written");
    expect(quiet.byline).toBeNull();
    const listed = (await listOf(company.slug)).find((i) => i.id === quiet.id);
    expect(listed?.byline).toBeNull();
    expect((await detailOf(quiet, company.slug)).byline).toBeNull();
    // Other members keep theirs.
    const theirs = await publish(asOwner, "Signed by the owner");
    expect((await detailOf(theirs, company.slug)).byline).toEqual({
      name: "Olga Owner",
      position: "Chief Executive",
    });
    // In a company that does not allow it, the same person is still named.
    const elsewhere = await publish(asHiderOther, "Named elsewhere");
    expect((await detailOf(elsewhere, other.slug)).byline).toEqual({
      name: "Hana Hider",
      position: "Editor",
    });
  });

  it("names the member again once the company withdraws the permission", async () => {
    const withdrawn = await patch("/api/v1/companies/me/team-settings", asOwner, {
      membersMayHideByline: false,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await detailOf(quiet, company.slug)).byline).toEqual({ name: "Hana Hider", position: "Writer" });
  });
});
