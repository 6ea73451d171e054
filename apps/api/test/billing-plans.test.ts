import { randomUUID } from "node:crypto";
import {
  annualCents,
  catalogueVersion,
  FREE_TRIAL_DAYS,
  type PlansDictionary,
  planCatalogue,
} from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createCompany, createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 13, first calls: the plans dictionary (product decisions' prices, in integer cents, the
 * 16% yearly discount, trials, add-ons, the badge, entitlements) and the subscription fetch, which
 * only verified owners may make (§6).
 */
let testDb: TestDatabase;
let app: App;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_NAMESPACE: `vn-billing-${randomUUID()}:` }), {
    database: testDb.database,
  });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const dictionary = async (version?: string) => {
  const res = await app.inject({
    method: "GET",
    url: `/api/v1/dictionaries/payments/plans${version === undefined ? "" : `?version=${encodeURIComponent(version)}`}`,
  });
  return { status: res.statusCode, data: res.json().data as PlansDictionary, body: res.json() };
};

describe("the plans dictionary", () => {
  it("prices every plan in cents, annual with 16% off, as product decisions set them", async () => {
    const { status, data } = await dictionary();
    expect(status).toBe(200);
    const price = (owner: string, tier: string) =>
      data.plans.find((p) => p.owner === owner && p.tier === tier);
    expect(price("user", "basic")).toMatchObject({ monthlyCents: 0, annualCents: 0, trial: false });
    expect(price("user", "standard")).toMatchObject({ monthlyCents: 999, annualCents: 10070, trial: true });
    expect(price("user", "premium")).toMatchObject({ monthlyCents: 1999, annualCents: 20150, trial: true });
    expect(price("user", "creator")).toMatchObject({
      monthlyCents: 3999,
      annualCents: 40310,
      selfServe: false,
    });
    expect(price("company", "standard")).toMatchObject({
      monthlyCents: 9900,
      annualCents: 99792,
      trial: true,
    });
    expect(price("company", "premium")).toMatchObject({
      monthlyCents: 29900,
      annualCents: 301392,
      trial: false,
    });
    expect(price("company", "enterprise")).toMatchObject({
      monthlyCents: null,
      annualCents: null,
      selfServe: false,
    });
    expect(data).toMatchObject({ currency: "USD", yearlyDiscountPercent: 16, trialDays: FREE_TRIAL_DAYS });
    expect(data.addons).toEqual([
      { type: "spy", monthlyCents: 499, perUnit: false },
      { type: "stealth", monthlyCents: 499, perUnit: false },
      { type: "seats", monthlyCents: 500, perUnit: true },
    ]);
    expect(data.badge).toEqual({ monthlyCents: 299, fromTier: "premium" });
    // Entitlements travel with each plan (plans.ts is the only table): unlimited is null.
    expect(price("user", "basic")?.features).toMatchObject({
      "post.characterLimit": 1000,
      "messenger.use": false,
    });
    expect(price("user", "standard")?.features).toMatchObject({
      "content.schedule": true,
      "messenger.use": true,
    });
    expect(price("company", "enterprise")?.features["team.membersIncluded"]).toBeNull();
    for (const plan of data.plans) {
      if (plan.monthlyCents !== null) expect(plan.annualCents).toBe(annualCents(plan.monthlyCents));
    }
  });

  it("carries a version that says whether the client's copy is current", async () => {
    const first = await dictionary();
    expect(first.data.version).toBe(catalogueVersion(planCatalogue()));
    expect(first.data.unchanged).toBe(false);
    expect((await dictionary(first.data.version)).data.unchanged).toBe(true);
    expect((await dictionary("p0")).data.unchanged).toBe(false);
    // A changed price is a new version.
    const changed = planCatalogue();
    changed.plans[1] = { ...changed.plans[1]!, monthlyCents: 1099 };
    expect(catalogueVersion(changed)).not.toBe(first.data.version);
    // Bad input: refused in the catalogue's shape, never a 500.
    for (const bad of ["x".repeat(65), "a b", "a\u0000b"]) {
      const res = await dictionary(bad);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("request_validationFailed");
    }
  });
});

describe("the subscription fetch", () => {
  it("answers verified owners with their stored subscription, and nobody else", async () => {
    const verified = await createPerson(testDb.database.db, {
      name: "Paying Person",
      email: "paying@example.com",
      verificationStatus: "verified",
      planTier: "premium",
    });
    const unverified = await createPerson(testDb.database.db, {
      name: "Not Yet",
      email: "not.yet@example.com",
    });
    const url = "/api/v1/dashboard/payments/subscriptions/last-active";

    const mine = await app.inject({
      method: "GET",
      url,
      headers: await bearerFor(testDb.database.db, verified.userId),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.current.plan).toMatchObject({ slug: "premium", ownerType: "user" });

    const refused = await app.inject({
      method: "GET",
      url,
      headers: await bearerFor(testDb.database.db, unverified.userId),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("user_notVerified");
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);

    // Acting as a verified company: the company's own subscription.
    const company = await createCompany(testDb.database.db, {
      name: "Paying Co",
      ownerUserId: verified.userId,
      verificationStatus: "verified",
      planTier: "standard",
    });
    const asCompany = await app.inject({
      method: "GET",
      url,
      headers: await bearerFor(testDb.database.db, verified.userId, company.profileId),
    });
    expect(asCompany.json().data.current.plan).toMatchObject({ slug: "standard", ownerType: "company" });
    // An unverified company (KYB pending) may not fetch it yet.
    const pending = await createCompany(testDb.database.db, {
      name: "Pending Co",
      ownerUserId: verified.userId,
    });
    const notYet = await app.inject({
      method: "GET",
      url,
      headers: await bearerFor(testDb.database.db, verified.userId, pending.profileId),
    });
    expect(notYet.json().error.code).toBe("company_notVerified");
  });
});
