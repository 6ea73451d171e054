import { CHECKLIST_ITEMS, ONBOARDING_STEPS, type OnboardingStepsView } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import {
  companyInvites,
  companyMembers,
  kybTransactions,
  onboardingSteps,
  profiles,
  users,
} from "../src/db/schema/index";
import { createCompany, createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { patch, signUpActive, startSmtp, type TestSmtp } from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 18: the guided tour (spec §7 GET tooltips/steps, POST tooltips/steps/{stepId}, POST
 * tooltips/steps/finish) with the Session user's hasUnfinishedOnboarding, and the getting-started
 * checklist worked out from real state for a person, a company's owner and an invitee.
 */
let testDb: TestDatabase;
let smtp: TestSmtp;
let app: App;
const db = () => testDb.database.db;

type Headers = Record<string, string>;
const send = (method: "GET" | "POST", url: string, headers: Headers = {}) =>
  app.inject({ method, url, headers });
const stepsOf = async (headers: Headers, base = "/api/v1") => {
  const res = await send("GET", `${base}/tooltips/steps`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: OnboardingStepsView }).data;
};
const sessionFlag = async (headers: Headers) => {
  const res = await send("GET", "/api/v1/users/me", headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { hasUnfinishedOnboarding: boolean } }).data.hasUnfinishedOnboarding;
};
type ChecklistBody = {
  kind: string;
  isHidden: boolean;
  isComplete: boolean;
  items: {
    id: string;
    isDone: boolean;
    progress?: { count: number; target: number };
    invitationId?: string;
  }[];
};
const checklistOf = async (headers: Headers) => {
  const res = await send("GET", "/api/v1/users/me/checklist", headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ChecklistBody }).data;
};
const done = (list: ChecklistBody) => Object.fromEntries(list.items.map((item) => [item.id, item.isDone]));

let n = 0;
const newcomer = async (extra: Partial<Parameters<typeof createPerson>[1]> = {}) => {
  n += 1;
  const person = await createPerson(db(), {
    name: `Newcomer ${n}`,
    email: `newcomer${n}@onboarding.example`,
    slug: `newcomer.${n}.onboard`,
    onboardingTour: true,
    ...extra,
  });
  return { ...person, auth: await bearerFor(db(), person.userId) };
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtp();
  app = await buildApp(
    testConfig({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: "100000", AUTH_RATE_LIMIT_PER_MINUTE: "1000" }),
    { database: testDb.database },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await testDb.drop();
});

describe("the onboarding tour", () => {
  it("is ahead of someone who just joined: every step unpassed, and the session says so", async () => {
    const joined = await signUpActive(app, smtp, "fresh@onboarding.example", "Fresh Person");
    const steps = await stepsOf(joined.bearer);
    expect(steps.isFinished).toBe(false);
    expect(steps.steps).toEqual(ONBOARDING_STEPS.map((id) => ({ id, isPassed: false })));
    expect(await sessionFlag(joined.bearer)).toBe(true);
  });

  it("marks steps passed (idempotent, v1 and v2), and passing the last one finishes it", async () => {
    const person = await newcomer();
    const first = await send("POST", "/api/v1/tooltips/steps/media", person.auth);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send("POST", "/api/v2/tooltips/steps/media", person.auth);
    expect(again.statusCode, again.body).toBe(200);
    const after = (again.json() as { data: OnboardingStepsView }).data;
    expect(after.steps.filter((step) => step.isPassed).map((step) => step.id)).toEqual(["media"]);
    expect(after.isFinished).toBe(false);
    const rows = await db().select().from(onboardingSteps).where(eq(onboardingSteps.userId, person.userId));
    expect(rows).toHaveLength(1);
    expect(await sessionFlag(person.auth)).toBe(true);

    for (const step of ONBOARDING_STEPS.filter((id) => id !== "media")) {
      expect((await send("POST", `/api/v1/tooltips/steps/${step}`, person.auth)).statusCode).toBe(200);
    }
    const steps = await stepsOf(person.auth, "/api/v2");
    expect(steps.isFinished).toBe(true);
    expect(steps.steps.every((step) => step.isPassed)).toBe(true);
    // The redirect stops without any POST finish: the last step finished the tour.
    expect(await sessionFlag(person.auth)).toBe(false);
  });

  it("finishes on request with steps left (idempotent), and the redirect stops", async () => {
    const person = await newcomer();
    await send("POST", "/api/v1/tooltips/steps/profile-photo", person.auth);
    const finished = await send("POST", "/api/v1/tooltips/steps/finish", person.auth);
    expect(finished.statusCode, finished.body).toBe(200);
    const body = (finished.json() as { data: OnboardingStepsView }).data;
    expect(body.isFinished).toBe(true);
    expect(body.steps.find((step) => step.id === "profile-photo")?.isPassed).toBe(true);
    expect(body.steps.find((step) => step.id === "feedback")?.isPassed).toBe(false);
    const [row] = await db().select().from(users).where(eq(users.id, person.userId));
    const at = row?.onboardingFinishedAt;
    expect(at).toBeInstanceOf(Date);
    expect((await send("POST", "/api/v1/tooltips/steps/finish", person.auth)).statusCode).toBe(200);
    const [still] = await db().select().from(users).where(eq(users.id, person.userId));
    expect(still?.onboardingFinishedAt?.getTime()).toBe(at?.getTime());
    expect(await sessionFlag(person.auth)).toBe(false);
    expect((await stepsOf(person.auth)).isFinished).toBe(true);
  });

  it("refuses an unknown step with 422 and stores nothing", async () => {
    const person = await newcomer();
    const res = await send("POST", "/api/v1/tooltips/steps/not-a-step", person.auth);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe("request_validationFailed");
    expect(
      await db().select().from(onboardingSteps).where(eq(onboardingSteps.userId, person.userId)),
    ).toEqual([]);
  });

  it("is not for visitors, unfinished profiles or companies (§6)", async () => {
    expect((await send("GET", "/api/v1/tooltips/steps")).statusCode).toBe(401);
    expect((await send("POST", "/api/v1/tooltips/steps/home")).statusCode).toBe(401);
    expect((await send("POST", "/api/v1/tooltips/steps/finish")).statusCode).toBe(401);

    const unfinished = await newcomer({ status: "profile-not-completed" });
    const refused = await send("POST", "/api/v1/tooltips/steps/home", unfinished.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("user_profileNotCompleted");
    expect(await sessionFlag(unfinished.auth)).toBe(false);

    const owner = await newcomer();
    const company = await createCompany(db(), { name: "Tour Works", ownerUserId: owner.userId });
    const acting = await bearerFor(db(), owner.userId, company.profileId);
    // Acting as the company: nothing to tour, no redirect, and steps cannot be passed there.
    expect((await stepsOf(acting)).isFinished).toBe(true);
    expect(await sessionFlag(acting)).toBe(false);
    for (const url of ["/api/v1/tooltips/steps/home", "/api/v1/tooltips/steps/finish"]) {
      const res = await send("POST", url, acting);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe("request_forbidden");
    }
    expect(await db().select().from(onboardingSteps).where(eq(onboardingSteps.userId, owner.userId))).toEqual(
      [],
    );
    // The same person as themselves still has the tour ahead.
    expect((await stepsOf(owner.auth)).isFinished).toBe(false);
    expect(await sessionFlag(owner.auth)).toBe(true);
  });

  it("is behind seeded people (demo accounts are not sent on it)", async () => {
    const seeded = await createPerson(db(), { name: "Old Hand", email: "old@onboarding.example" });
    expect(await sessionFlag(await bearerFor(db(), seeded.userId))).toBe(false);
  });
});

describe("the getting-started checklist", () => {
  it("ticks a person's items from what they did: verify, photo, first post, follow five", async () => {
    const person = await newcomer();
    let list = await checklistOf(person.auth);
    expect(list.kind).toBe("person");
    expect(list.items.map((item) => item.id)).toEqual(CHECKLIST_ITEMS.person);
    expect(list.items.every((item) => !item.isDone)).toBe(true);
    expect(list.items.find((item) => item.id === "followFive")?.progress).toEqual({ count: 0, target: 5 });
    expect(list.isComplete).toBe(false);

    await db()
      .update(profiles)
      .set({ imageUrl: "/media/images/me.webp" })
      .where(eq(profiles.id, person.profileId));
    // A draft is not a publication.
    await createContent(db(), { ownerId: person.profileId, kind: "post", content: "draft", status: "draft" });
    const others: SeededPerson[] = [];
    for (let i = 0; i < 5; i += 1) {
      others.push(
        await createPerson(db(), {
          name: `Followed ${i}`,
          email: `followed${i}.${person.slug}@onboarding.example`,
        }),
      );
    }
    for (const other of others.slice(0, 3)) {
      const res = await send("POST", `/api/v1/profiles/${other.slug}/follow`, person.auth);
      expect(res.statusCode, res.body).toBe(200);
    }
    list = await checklistOf(person.auth);
    expect(done(list)).toEqual({
      verifyIdentity: false,
      addPhoto: true,
      firstPost: false,
      followFive: false,
    });
    expect(list.items.find((item) => item.id === "followFive")?.progress).toEqual({ count: 3, target: 5 });

    for (const other of others.slice(3))
      await send("POST", `/api/v1/profiles/${other.slug}/follow`, person.auth);
    await createContent(db(), { ownerId: person.profileId, kind: "post", content: "Hello, network" });
    await db()
      .update(profiles)
      .set({ verificationStatus: "verified", verifiedAt: new Date() })
      .where(eq(profiles.id, person.profileId));
    list = await checklistOf(person.auth);
    expect(done(list)).toEqual({ verifyIdentity: true, addPhoto: true, firstPost: true, followFive: true });
    expect(list.isComplete).toBe(true);

    // Unfollowing takes the tick back: nothing is stored but what is true.
    await app.inject({
      method: "DELETE",
      url: `/api/v1/profiles/${others[0]!.slug}/follow`,
      headers: person.auth,
    });
    expect(done(await checklistOf(person.auth)).followFive).toBe(false);
  });

  it("follows a company's owner acting as the company: details, business verification, the team", async () => {
    const owner = await newcomer();
    const company = await createCompany(db(), {
      name: "Checklist Works",
      ownerUserId: owner.userId,
      planTier: "basic",
    });
    const acting = await bearerFor(db(), owner.userId, company.profileId);
    let list = await checklistOf(acting);
    expect(list.kind).toBe("company");
    expect(list.items.map((item) => item.id)).toEqual(CHECKLIST_ITEMS.company);
    expect(list.items.every((item) => !item.isDone)).toBe(true);

    await db()
      .update(profiles)
      .set({ imageUrl: "/media/images/logo.webp", about: "We make checklists." })
      .where(eq(profiles.id, company.profileId));
    // A draft business verification is not submitted yet.
    await db()
      .insert(kybTransactions)
      .values({ id: `kyb-${company.profileId}`, companyId: company.profileId });
    const invited = await app.inject({
      method: "POST",
      url: "/api/v1/companies/me/invites",
      headers: acting,
      payload: { invites: [{ email: "colleague@onboarding.example" }] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    list = await checklistOf(acting);
    expect(done(list)).toEqual({ companyDetails: true, businessVerification: false, inviteTeam: true });

    await db()
      .update(kybTransactions)
      .set({ status: "pending", submittedAt: new Date() })
      .where(eq(kybTransactions.companyId, company.profileId));
    list = await checklistOf(acting);
    expect(list.isComplete).toBe(true);

    // As themselves, the owner has the person's list.
    expect((await checklistOf(owner.auth)).kind).toBe("person");
    // A member of another role acting as the company has nothing to list.
    const member = await newcomer();
    await db()
      .insert(companyMembers)
      .values({ companyId: company.profileId, userId: member.userId, role: "company_employee" });
    const memberList = await checklistOf(await bearerFor(db(), member.userId, company.profileId));
    expect(memberList).toMatchObject({ kind: "none", items: [] });
  });

  it("follows an invitee: accept the invitation, complete the profile", async () => {
    const owner = await newcomer();
    const company = await createCompany(db(), {
      name: "Invite Works",
      ownerUserId: owner.userId,
      planTier: "basic",
    });
    const invitee = await newcomer();
    const acting = await bearerFor(db(), owner.userId, company.profileId);
    const sent = await app.inject({
      method: "POST",
      url: "/api/v1/companies/me/invites",
      headers: acting,
      payload: { invites: [{ email: invitee.email }] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    let list = await checklistOf(invitee.auth);
    expect(list.kind).toBe("invitee");
    expect(done(list)).toEqual({ acceptInvitation: false, completeProfile: false });

    const [invitation] = await db()
      .select()
      .from(companyInvites)
      .where(eq(companyInvites.email, invitee.email));
    // The open item names the invitation to answer (its page is /companies/invites/{id}).
    expect(list.items.find((item) => item.id === "acceptInvitation")?.invitationId).toBe(invitation!.id);
    const accepted = await patch(
      app,
      `/api/v1/users/me/companies/invites/${invitation!.id}/accept`,
      {},
      invitee.auth,
    );
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    await db()
      .update(profiles)
      .set({ imageUrl: "/media/images/face.webp", about: "Joining the team." })
      .where(eq(profiles.id, invitee.profileId));
    list = await checklistOf(invitee.auth);
    expect(list.kind).toBe("invitee");
    expect(done(list)).toEqual({ acceptInvitation: true, completeProfile: true });
    expect(list.items.find((item) => item.id === "acceptInvitation")?.invitationId).toBeUndefined();
  });

  it("is closed for good by hide (idempotent), for the person only", async () => {
    const person = await newcomer();
    const other = await newcomer();
    const hidden = await send("POST", "/api/v1/users/me/checklist/hide", person.auth);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((hidden.json() as { data: ChecklistBody }).data.isHidden).toBe(true);
    expect((await send("POST", "/api/v1/users/me/checklist/hide", person.auth)).statusCode).toBe(200);
    expect((await checklistOf(person.auth)).isHidden).toBe(true);
    expect((await checklistOf(other.auth)).isHidden).toBe(false);
  });

  it("is not for visitors or unfinished profiles", async () => {
    expect((await send("GET", "/api/v1/users/me/checklist")).statusCode).toBe(401);
    expect((await send("POST", "/api/v1/users/me/checklist/hide")).statusCode).toBe(401);
    const unfinished = await newcomer({ status: "profile-not-completed" });
    const res = await send("GET", "/api/v1/users/me/checklist", unfinished.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("user_profileNotCompleted");
  });
});
