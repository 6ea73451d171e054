import { messages } from "@vn/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import {
  post,
  type SignedIn,
  signUpActive,
  signUpVerified,
  startSmtp,
  type TestSmtp,
} from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { markVerified } from "./support/verification";

let testDb: TestDatabase;
let smtp: TestSmtp;
let app: App;
let owner: SignedIn & { slug: string };
let outsider: SignedIn & { slug: string };
let companyId = "";

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtp();
  app = await buildApp(testConfig({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: "1000" }), {
    database: testDb.database,
  });
  await app.ready();
  owner = await signUpActive(app, smtp, "owner@example.com", "Olga Owner");
  // Creating a company needs a verified person (the verification gates).
  await markVerified(testDb.database.db, owner.userId);
  outsider = await signUpActive(app, smtp, "outsider@example.com", "Otto Outsider");
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await testDb.drop();
});

const me = (headers: Record<string, string>) =>
  app.inject({ method: "GET", url: "/api/v1/users/me", headers });
const switchTo = (headers: Record<string, string>, body: unknown) =>
  post(app, "/api/v1/users/switch-account", body, headers);

describe("creating a company", () => {
  it("validates with the §5 rules and the handle rules", async () => {
    const bad = await post(app, "/api/v1/companies", { name: "", slug: "x" }, owner.bearer);
    expect(bad.statusCode).toBe(422);
    const premium = await post(app, "/api/v1/companies", { name: "Acme", slug: "acme" }, owner.bearer);
    expect(premium.statusCode).toBe(403);
    expect(premium.json().error).toMatchObject({
      code: "account_accessForbiddenByPlan",
      message: messages.handleNeedsPremium,
    });
    const taken = await post(app, "/api/v1/companies", { name: "Acme", slug: owner.slug }, owner.bearer);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("slug_alreadyTakenConflict");
  });

  it("creates the company profile with the caller as owner; counts it; finishes the company step", async () => {
    const generated = await post(app, "/api/v1/dashboard/owner/slug/generate", {
      name: "Acme Rockets",
      type: "company",
    });
    const slug = generated.json().data.slug as string;
    expect(slug).toMatch(/^acme-rockets-\d{2}$/);
    const res = await post(
      app,
      "/api/v1/companies",
      {
        name: "Acme  Rockets",
        slug,
        about: "We build rockets.",
        logoUrl: "https://cdn.example.com/acme.png",
      },
      owner.bearer,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      slug,
      name: "Acme Rockets",
      role: "owner",
      verificationStatus: "not_verified",
      image: { urls: { preview: "https://cdn.example.com/acme.png" } },
    });
    companyId = res.json().data.id;
    const user = (await me(owner.bearer)).json().data;
    expect(user).toMatchObject({
      countCompanyProfiles: 1,
      isCompanyWizardCompleted: true,
      type: { id: "user" },
    });
    const list = await app.inject({
      method: "GET",
      url: "/api/v1/users/me/companies",
      headers: owner.bearer,
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: companyId, slug, name: "Acme Rockets", role: "owner" }),
    ]);
  });
});

describe("switching accounts", () => {
  it("switches to the company: the session acts as it, authBy is the person with authAsCompanyOwner", async () => {
    const res = await switchTo(owner.bearer, { type: { id: "company" }, id: companyId });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      id: companyId,
      type: { id: "company", title: messages.ownerTypeCompany },
      name: "Acme Rockets",
      isManager: true,
      email: "owner@example.com",
      status: { id: "active" },
      subscription: { current: { plan: { slug: "basic", ownerType: "company" } } },
      authBy: { slug: owner.slug, name: "Olga Owner", authAsCompanyOwner: true },
    });
    expect(user.permissions.settings).toBe("all");
    // The switch belongs to the session: /users/me says the same from now on.
    expect((await me(owner.bearer)).json().data.type.id).toBe("company");
  });

  it("general-info still edits the person, not the company", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/v1/users/me/general-info",
      headers: owner.bearer,
    });
    expect(res.json().data.name).toBe("Olga Owner");
  });

  it("switches back to the personal account", async () => {
    const res = await switchTo(owner.bearer, { type: { id: "user" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: { id: "user" },
      slug: owner.slug,
      isManager: false,
      authBy: { authAsCompanyOwner: false },
    });
  });

  it("refuses a company one does not belong to (403 accountManager_permissionNotProvided)", async () => {
    const res = await switchTo(outsider.bearer, { type: { id: "company" }, id: companyId });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: "accountManager_permissionNotProvided",
      message: messages.permissionNotProvided,
    });
    const unknown = await switchTo(outsider.bearer, { type: { id: "company" }, id: "no-such-company" });
    expect(unknown.statusCode).toBe(403);
    const missingId = await switchTo(outsider.bearer, { type: { id: "company" } });
    expect(missingId.statusCode).toBe(422);
    expect((await me(outsider.bearer)).json().data.type.id).toBe("user");
  });

  it("a manager acts with the manager's permissions", async () => {
    await testDb.database.db.execute(
      sql`insert into company_members (company_id, user_id, role) values (${companyId}, ${outsider.userId}, 'manager')`,
    );
    const res = await switchTo(outsider.bearer, { type: { id: "company" }, id: companyId });
    expect(res.statusCode).toBe(200);
    const { permissions, isManager } = res.json().data;
    expect(isManager).toBe(true);
    expect(permissions).toMatchObject({
      posts: "all",
      employees: "manage",
      settings: "none",
      account_info: "none",
    });
  });

  it("when the acting company is gone, calls answer 403 accountManager_ownerNotFound until switching back", async () => {
    await testDb.database.db.execute(
      sql`delete from company_members where company_id = ${companyId} and user_id = ${outsider.userId}`,
    );
    const res = await me(outsider.bearer);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: "accountManager_ownerNotFound",
      message: messages.companyDeletedOrBlocked,
    });
    const back = await switchTo(outsider.bearer, { type: { id: "user" } });
    expect(back.statusCode).toBe(200);
    expect((await me(outsider.bearer)).json().data.type.id).toBe("user");
  });

  it("a person who has not finished the wizard cannot create a company", async () => {
    const newcomer = await signUpVerified(app, smtp, "newcomer@example.com");
    const res = await post(
      app,
      "/api/v1/companies",
      { name: "Too Early", slug: "too-early-12" },
      newcomer.bearer,
    );
    expect(res.json().error.code).toBe("user_profileNotCompleted");
  });
});
