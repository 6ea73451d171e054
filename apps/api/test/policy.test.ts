import { messages, type SessionUser, type Subscription } from "@vn/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { auditLog, companyMembers, subscriptions } from "../src/db/schema/index";
import {
  addComment,
  createCompany,
  createContent,
  createPerson,
  type SeededPerson,
} from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * The policy layer's stored facts: entitlements come from the subscriptions table (not from a
 * profile column), the guard answers before validation, and security-relevant changes write the
 * audit log in their own transaction.
 */
let testDb: TestDatabase;
let app: App;
let owner: SeededPerson;
let guest: SeededPerson;
let as: { owner: Record<string, string>; guest: Record<string, string> };

const db = () => testDb.database.db;
const json = { "content-type": "application/json" };

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  owner = await createPerson(db(), {
    name: "Pia Policy",
    email: "pia@example.com",
    slug: "pia.policy.10",
    verificationStatus: "verified",
  });
  guest = await createPerson(db(), {
    name: "Gus Guest",
    email: "gus@example.com",
    slug: "gus.guest.20",
    verificationStatus: "verified",
  });
  as = { owner: await bearerFor(db(), owner.userId), guest: await bearerFor(db(), guest.userId) };
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function me(headers: Record<string, string>): Promise<SessionUser> {
  const res = await app.inject({ method: "GET", url: "/api/v1/users/me", headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SessionUser;
}

async function auditRows(resourceId: string) {
  return db().select().from(auditLog).where(eq(auditLog.resourceId, resourceId));
}

describe("stored subscriptions", () => {
  it("gives every new profile a basic subscription row", async () => {
    const rows = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.ownerProfileId, guest.profileId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planTier: "basic", status: "active", addons: [], badgeActive: false });
  });

  it("/users/me returns the stored subscription: plan, add-ons, badge, next plan, trial use", async () => {
    const [row] = await db()
      .update(subscriptions)
      .set({
        planTier: "premium",
        addons: [
          { type: "spy", quantity: 1 },
          { type: "seats", quantity: 3 },
        ],
        badgeActive: true,
        nextPlanTier: "standard",
        trialUsed: true,
        status: "trialing",
      })
      .where(eq(subscriptions.ownerProfileId, owner.profileId))
      .returning();
    const subscription: Subscription = (await me(as.owner)).subscription;
    expect(subscription.publicId).toBe(row?.id);
    expect(subscription.canUseTrial).toBe(false);
    expect(subscription.lastActive).toEqual({ isTrial: true, plan: { slug: "premium" } });
    expect(subscription.current.plan.slug).toBe("premium");
    expect(subscription.current.addons).toEqual([
      { type: { id: "spy", title: messages.addonSpy }, quantity: 1 },
      { type: { id: "seats", title: messages.addonSeats }, quantity: 3 },
    ]);
    expect(subscription.current.badge).toEqual({ active: true });
    expect(subscription.next).toEqual({ plan: { slug: "standard" } });
    expect(subscription.current.plan.features["addons.spy"]).toBe(true);
    expect(subscription.current.plan.features["addons.stealth"]).toBe(false);
    expect(subscription.current.plan.features["post.characterLimit"]).toBe(10_000);
  });

  it("what the API allows follows the stored row, not a cached tier", async () => {
    const later = {
      kind: "post",
      content: "Later",
      publicationDate: new Date(Date.now() + 3600_000).toISOString(),
    };
    const refused = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: { ...as.guest, ...json },
      payload: later,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "account_accessForbiddenByPlan",
      message: messages.scheduleNeedsPlan,
    });
    await db()
      .update(subscriptions)
      .set({ planTier: "standard" })
      .where(eq(subscriptions.ownerProfileId, guest.profileId));
    const allowed = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: { ...as.guest, ...json },
      payload: later,
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await me(as.guest)).subscription.current.plan.slug).toBe("standard");
  });
});

describe("the guard", () => {
  it("answers a visitor 401 before looking at a bad body, and a member 422 for it", async () => {
    const item = await createContent(db(), { ownerId: owner.profileId, kind: "post", content: "Hello" });
    const bad = { body: "x".repeat(100_000), parentId: { not: "a string" } };
    const anonymous = await app.inject({
      method: "POST",
      url: `/api/v1/content/${item.id}/comments`,
      headers: json,
      payload: bad,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("request_unauthenticated");
    const deadSession = await app.inject({
      method: "POST",
      url: `/api/v1/content/${item.id}/comments`,
      headers: { authorization: "Bearer not-a-session", ...json },
      payload: bad,
    });
    expect(deadSession.statusCode).toBe(401);
    expect(deadSession.json().error.code).toBe("request_invalidSessionToken");
    const member = await app.inject({
      method: "POST",
      url: `/api/v1/content/${item.id}/comments`,
      headers: { ...as.guest, ...json },
      payload: bad,
    });
    expect(member.statusCode).toBe(422);
  });
});

describe("the audit log", () => {
  it("records moderation of another's comment with who, as whom, before/after and the request id", async () => {
    const item = await createContent(db(), { ownerId: owner.profileId, kind: "post", content: "Moderated" });
    const comment = await addComment(db(), {
      contentId: item.id,
      authorId: guest.profileId,
      body: "Rude words",
    });
    const res = await app.inject({
      method: "DELETE",
      url: `/api/v1/comments/${comment.id}`,
      headers: as.owner,
    });
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await auditRows(comment.id);
    expect(row).toMatchObject({
      action: "comment.moderated",
      actorUserId: owner.userId,
      actorProfileId: owner.profileId,
      resourceType: "comment",
      requestId: res.headers["x-request-id"],
      before: { authorId: guest.profileId, contentId: item.id, body: "Rude words" },
      after: { deletedIds: [comment.id] },
    });
  });

  it("records a company created, acting as whom, and nothing for a refused creation", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/companies",
      headers: { ...as.owner, ...json },
      payload: { name: "Audit Works", slug: "audit-works-42" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [membership] = await db()
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, owner.userId), eq(companyMembers.role, "owner")));
    const rows = await auditRows(membership?.companyId ?? "");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "company.created", actorUserId: owner.userId });

    const taken = await app.inject({
      method: "POST",
      url: "/api/v1/companies",
      headers: { ...as.guest, ...json },
      payload: { name: "Audit Works Again", slug: "audit-works-42" },
    });
    expect(taken.statusCode).toBe(409);
    const all = await db().select().from(auditLog).where(eq(auditLog.action, "company.created"));
    expect(all).toHaveLength(1);
  });

  it("records an account deletion and a publication removed", async () => {
    const leaver = await createPerson(db(), {
      name: "Lea Leaver",
      email: "lea@example.com",
      slug: "lea.leaver.30",
      verificationStatus: "verified",
    });
    const headers = await bearerFor(db(), leaver.userId);
    const item = await createContent(db(), { ownerId: leaver.profileId, kind: "post", content: "Bye" });
    const removed = await app.inject({ method: "DELETE", url: `/api/v1/content/${item.id}`, headers });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await auditRows(item.id)).toMatchObject([
      { action: "content.deleted", actorUserId: leaver.userId, before: { status: "active" } },
    ]);
    const gone = await app.inject({ method: "DELETE", url: "/api/v1/users/me", headers });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await auditRows(leaver.userId)).toMatchObject([
      { action: "account.deleted", actorUserId: leaver.userId, requestId: gone.headers["x-request-id"] },
    ]);
  });

  it("keeps the record of a company's owner when acting as the company", async () => {
    const company = await createCompany(db(), {
      name: "Acting Co",
      ownerUserId: owner.userId,
      slug: "acting-co-77",
      verificationStatus: "verified",
    });
    const headers = await bearerFor(db(), owner.userId, company.profileId);
    const item = await createContent(db(), {
      ownerId: company.profileId,
      kind: "post",
      content: "Company post",
    });
    const res = await app.inject({ method: "DELETE", url: `/api/v1/content/${item.id}`, headers });
    expect(res.statusCode, res.body).toBe(204);
    expect(await auditRows(item.id)).toMatchObject([
      { action: "content.deleted", actorUserId: owner.userId, actorProfileId: company.profileId },
    ]);
  });
});
