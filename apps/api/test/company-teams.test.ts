import { format, messages } from "@vn/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import {
  auditLog,
  companyInvites,
  companyMemberDetails,
  companyMembers,
  companyTeamSettings,
  devOutbox,
  sessions,
  subscriptions,
} from "../src/db/schema/index";
import { createCompany, createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { mediaDir, uploadFile } from "./support/media";
import { png } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Company teams (issue 14, item 4): inviting by email (one or up to 50), seats, the invitee's
 * answer, the people tab, roles, position and team, members' own details, the team's settings,
 * removal, leaving and ownership transfer, through the real API and database.
 */

let testDb: TestDatabase;
let media: Awaited<ReturnType<typeof mediaDir>>;
let app: App;
const db = () => testDb.database.db;
type Headers = Record<string, string>;
type Person = { userId: string; email: string; self: Headers };
let company = { profileId: "", slug: "" };
let big = { profileId: "", slug: "" };
let owner: Person & { acting: Headers; actingBig: Headers };
let manager: Person & { acting: Headers };
let employee: Person & { acting: Headers };
let alice: Person;
let bob: Person;
let carol: Person;

async function person(name: string, extra: { status?: "blocked" | "deleted" } = {}): Promise<Person> {
  const email = `${name.toLowerCase()}@teams.example`;
  const seeded = await createPerson(db(), { name, email, verificationStatus: "verified", ...extra });
  return { userId: seeded.userId, email, self: await bearerFor(db(), seeded.userId) };
}

const send = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  headers: Headers,
  payload?: unknown,
) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const invite = (headers: Headers, invites: unknown[]) =>
  send("POST", "/api/v1/companies/me/invites", headers, { invites });
const pendingCount = async (companyId: string) =>
  (
    await db()
      .select()
      .from(companyInvites)
      .where(and(eq(companyInvites.companyId, companyId), eq(companyInvites.status, "pending")))
  ).length;
const roleOf = async (companyId: string, userId: string) =>
  (
    await db()
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
  )[0]?.role ?? null;
const setSeats = (companyId: string, quantity: number) =>
  db()
    .update(subscriptions)
    .set({ addons: [{ type: "seats", quantity }] })
    .where(eq(subscriptions.ownerProfileId, companyId));

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  app = await buildApp(
    testConfig({
      RATE_LIMIT_PER_MINUTE: "100000",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      MEDIA_DIR: media.dir,
    }),
    {
      database: testDb.database,
    },
  );
  await app.ready();
  const o = await person("Olga");
  const m = await person("Mia");
  const e = await person("Eli");
  alice = await person("Alice");
  bob = await person("Bob");
  carol = await person("Carol");
  company = await createCompany(db(), { name: "Team Works", ownerUserId: o.userId, planTier: "basic" });
  big = await createCompany(db(), { name: "Big Works", ownerUserId: o.userId, planTier: "premium" });
  await db()
    .insert(companyMembers)
    .values([
      { companyId: company.profileId, userId: m.userId, role: "manager" },
      { companyId: company.profileId, userId: e.userId, role: "company_employee" },
    ]);
  owner = {
    ...o,
    acting: await bearerFor(db(), o.userId, company.profileId),
    actingBig: await bearerFor(db(), o.userId, big.profileId),
  };
  manager = { ...m, acting: await bearerFor(db(), m.userId, company.profileId) };
  employee = { ...e, acting: await bearerFor(db(), e.userId, company.profileId) };
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  await media.remove();
});

describe("who may run the team", () => {
  it("refuses an employee invitations, the pending list and the people tab", async () => {
    const res = await invite(employee.acting, [{ email: "new@teams.example" }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("accountManager_permissionNotProvided");
    const people = await send("GET", `/api/v1/companies/${company.slug}/people`, employee.acting);
    expect(people.statusCode).toBe(403);
    expect(people.json().error.code).toBe("accountManager_permissionNotProvided");
    expect((await send("GET", "/api/v1/companies/me/invites", employee.acting)).statusCode).toBe(403);
  });

  it("needs the company account: a person acting as themselves is told to switch", async () => {
    const res = await invite(owner.self, [{ email: "new@teams.example" }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "request_forbidden", message: messages.teamActAsCompany });
  });

  it("shows the people tab only of the company one acts as", async () => {
    const other = await send("GET", `/api/v1/companies/${big.slug}/people`, owner.acting);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe("request_forbidden");
    const missing = await send("GET", "/api/v1/companies/no-such-company/people", owner.acting);
    expect(missing.statusCode).toBe(404);
  });
});

describe("inviting", () => {
  it("checks every field against the §5 limits, with their messages", async () => {
    const res = await invite(owner.acting, [
      { email: "a" },
      { email: `${"x".repeat(250)}@t.example` },
      {
        email: "ok@teams.example",
        displayName: "d".repeat(129),
        position: "p",
        caption: "c".repeat(2001),
        team: "t".repeat(65),
      },
      { email: "not-an-email" },
    ]);
    expect(res.statusCode).toBe(422);
    const details = res.json().error.details as Array<{ path: string; message: string }>;
    const at = (path: string) => details.find((detail) => detail.path === path)?.message;
    expect(at("body.invites.0.email")).toBe(format(messages.minChars, { count: 2 }));
    expect(at("body.invites.1.email")).toBe(format(messages.maxChars, { count: 254 }));
    expect(at("body.invites.2.displayName")).toBe(format(messages.maxChars, { count: 128 }));
    expect(at("body.invites.2.position")).toBe(format(messages.minChars, { count: 2 }));
    expect(at("body.invites.2.caption")).toBe(format(messages.maxChars, { count: 2000 }));
    expect(at("body.invites.2.team")).toBe(format(messages.maxChars, { count: 64 }));
    expect(at("body.invites.3.email")).toBe(messages.invalidEmail);
    expect(await pendingCount(company.profileId)).toBe(0);
  });

  it("answers NUL bytes and huge input with 422, not 500", async () => {
    const nul = await invite(owner.acting, [{ email: "nul\u0000@teams.example", caption: "a\u0000b" }]);
    expect(nul.statusCode).toBe(422);
    const huge = await invite(owner.acting, [{ email: "big@teams.example", caption: "c".repeat(200_000) }]);
    expect(huge.statusCode).toBe(422);
    const badId = await send("GET", "/api/v1/users/me/companies/invites/%00x", alice.self);
    expect(badId.statusCode).toBe(422);
  });

  it("refuses a 51st email and answers an email twice in one request with Already added", async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ email: `p${i}@teams.example` }));
    const res = await invite(owner.actingBig, many);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().error.details)).toContain(format(messages.bulkInviteMax, { count: 50 }));
    const twice = await invite(owner.acting, [
      { email: "dup@teams.example" },
      { email: "DUP@teams.example" },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.details).toContainEqual({
      path: "body.invites.1.email",
      message: messages.alreadyAdded,
    });
    expect(await pendingCount(big.profileId)).toBe(0);
  });

  it("invites 50 at once where the seats allow it, with a mail to each", async () => {
    await setSeats(big.profileId, 10);
    const many = Array.from({ length: 50 }, (_, i) => ({
      email: `p${i}@teams.example`,
      position: "Analyst",
    }));
    const res = await invite(owner.actingBig, many);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toHaveLength(50);
    expect(await pendingCount(big.profileId)).toBe(50);
    const mails = await db().select().from(devOutbox).where(eq(devOutbox.recipient, "p7@teams.example"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(format(messages.mailTeamInviteSubject, { company: "Big Works" }));
  });

  it("refuses a team over its seats (3 on basic) and lets the seats add-on add more", async () => {
    const full = await invite(owner.acting, [{ email: alice.email }]);
    expect(full.statusCode).toBe(403);
    expect(full.json().error).toMatchObject({
      code: "account_accessForbiddenByPlan",
      message: format(messages.teamSeatsFull, { members: 3, included: 3 }),
    });
    expect(await pendingCount(company.profileId)).toBe(0);

    await setSeats(company.profileId, 2);
    const res = await invite(owner.acting, [
      {
        email: alice.email,
        displayName: "Alice A.",
        position: "Head of Sales",
        caption: "Sells rockets",
        team: "Sales Team",
      },
      { email: bob.email, position: "Engineer" },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0]).toMatchObject({
      email: alice.email,
      name: "Alice A.",
      position: { id: "head-of-sales", title: "Head of Sales" },
      team: { title: "Sales Team", slug: "sales-team" },
      caption: "Sells rockets",
      status: "pending",
      company: { id: company.profileId, slug: company.slug },
    });
    const [mail] = await db().select().from(devOutbox).where(eq(devOutbox.recipient, alice.email));
    expect(mail?.text).toContain(`/companies/invites/${res.json().data[0].id}`);
    // 3 members and 2 open invitations fill the 5 seats.
    const over = await invite(owner.acting, [{ email: carol.email }]);
    expect(over.statusCode).toBe(403);
    expect(over.json().error.code).toBe("account_accessForbiddenByPlan");
  });

  it("answers invited and member emails with Already added, refuses blocked and deleted people, saves nothing", async () => {
    await setSeats(company.profileId, 20);
    const blocked = await person("Blocky", { status: "blocked" });
    const deleted = await person("Gone", { status: "deleted" });
    const res = await invite(owner.acting, [
      { email: "fresh@teams.example" },
      { email: alice.email },
      { email: manager.email },
      { email: blocked.email },
      { email: deleted.email },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toEqual([
      { path: "body.invites.1.email", message: messages.alreadyAdded },
      { path: "body.invites.2.email", message: messages.alreadyAdded },
      { path: "body.invites.3.email", message: messages.accountDeletedOrBlocked },
      { path: "body.invites.4.email", message: messages.accountUnavailable },
    ]);
    expect(await pendingCount(company.profileId)).toBe(2);
  });

  it("refuses an image that is not the company's own employee_image upload", async () => {
    const res = await invite(owner.acting, [
      { email: "pic@teams.example", imageUrl: "https://elsewhere.example/a.png" },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toEqual([
      { path: "body.invites.0.imageUrl", message: messages.pageImageNotUploaded },
    ]);
  });

  it("lists pending invitations and cancels one (a manager may)", async () => {
    const added = await invite(owner.acting, [{ email: carol.email }]);
    expect(added.statusCode).toBe(201);
    const id = added.json().data[0].id as string;
    const list = await send("GET", "/api/v1/companies/me/invites", manager.acting);
    expect(
      list
        .json()
        .data.map((row: { email: string }) => row.email)
        .sort(),
    ).toEqual([alice.email, bob.email, carol.email].sort());
    const cancelled = await send("POST", `/api/v1/companies/me/invites/${id}/cancel`, manager.acting);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe("cancelled");
    const again = await send("POST", `/api/v1/companies/me/invites/${id}/cancel`, manager.acting);
    expect(again.statusCode).toBe(409);
    const seen = await send("GET", `/api/v1/users/me/companies/invites/${id}`, carol.self);
    expect(seen.statusCode).toBe(409);
    expect(seen.json().error.message).toBe(messages.invitationUnavailable);
  });
});

describe("the invitee's answer", () => {
  const inviteIdOf = async (email: string) =>
    (
      await db()
        .select({ id: companyInvites.id })
        .from(companyInvites)
        .where(and(eq(companyInvites.companyId, company.profileId), eq(companyInvites.email, email)))
    )[0]?.id as string;

  it("shows the invitation to its invitee only", async () => {
    const id = await inviteIdOf(alice.email);
    const mine = await send("GET", `/api/v1/users/me/companies/invites/${id}`, alice.self);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id, status: "pending", company: { name: "Team Works" } });
    const theirs = await send("GET", `/api/v1/users/me/companies/invites/${id}`, bob.self);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.message).toBe(messages.teamInviteNotYours);
    const stolen = await send("PATCH", `/api/v1/users/me/companies/invites/${id}/accept`, bob.self);
    expect(stolen.statusCode).toBe(403);
    expect(await roleOf(company.profileId, bob.userId)).toBeNull();
    const none = await send("GET", "/api/v1/users/me/companies/invites/no-such-invite", alice.self);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe("invite_notFound");
  });

  it("accept makes a company_employee, shown on the people tab", async () => {
    const id = await inviteIdOf(alice.email);
    const res = await send("PATCH", `/api/v1/users/me/companies/invites/${id}/accept`, alice.self);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe("accepted");
    expect(await roleOf(company.profileId, alice.userId)).toBe("company_employee");
    const people = await send("GET", `/api/v1/companies/${company.slug}/people`, manager.acting);
    expect(people.statusCode).toBe(200);
    const row = people.json().data.find((member: { userId: string }) => member.userId === alice.userId);
    expect(row).toMatchObject({
      name: "Alice A.",
      role: "company_employee",
      position: { title: "Head of Sales" },
      team: { title: "Sales Team", slug: "sales-team" },
      caption: "Sells rockets",
      slug: "alice",
      displayPersonalProfile: true,
    });
    const twice = await send("PATCH", `/api/v1/users/me/companies/invites/${id}/accept`, alice.self);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(messages.invitationUnavailable);
  });

  it("reject needs a reason and records it; a rejected invitation is no longer available", async () => {
    const id = await inviteIdOf(bob.email);
    const empty = await send("PATCH", `/api/v1/users/me/companies/invites/${id}/reject`, bob.self, {
      reason: " ",
    });
    expect(empty.statusCode).toBe(422);
    const res = await send("PATCH", `/api/v1/users/me/companies/invites/${id}/reject`, bob.self, {
      reason: "I work elsewhere",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "rejected", rejectReason: "I work elsewhere" });
    const accept = await send("PATCH", `/api/v1/users/me/companies/invites/${id}/accept`, bob.self);
    expect(accept.statusCode).toBe(409);
    expect(await roleOf(company.profileId, bob.userId)).toBeNull();
  });

  it("an expired invitation answers 409 with the §8 message", async () => {
    const added = await invite(owner.acting, [{ email: carol.email }]);
    const id = added.json().data[0].id as string;
    await db()
      .update(companyInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvites.id, id));
    for (const res of [
      await send("GET", `/api/v1/users/me/companies/invites/${id}`, carol.self),
      await send("PATCH", `/api/v1/users/me/companies/invites/${id}/accept`, carol.self),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: "invite_unavailable",
        message: messages.invitationUnavailable,
      });
    }
    expect(await roleOf(company.profileId, carol.userId)).toBeNull();
  });

  it("accepting re-checks the seats: nothing is written when the team is full", async () => {
    const added = await invite(owner.acting, [{ email: carol.email }]);
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data[0].id as string;
    await setSeats(company.profileId, 1); // 4 members on 3 + 1 seats
    const res = await send("PATCH", `/api/v1/users/me/companies/invites/${id}/accept`, carol.self);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("account_accessForbiddenByPlan");
    expect(await roleOf(company.profileId, carol.userId)).toBeNull();
    const [row] = await db().select().from(companyInvites).where(eq(companyInvites.id, id));
    expect(row?.status).toBe("pending");
    await setSeats(company.profileId, 20);
  });
});

describe("roles, removal, leaving and transfer", () => {
  it("only the owner promotes and demotes; the owner's own role is fixed", async () => {
    const byManager = await send("PATCH", `/api/v1/companies/me/members/${alice.userId}`, manager.acting, {
      role: "manager",
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().error.code).toBe("accountManager_permissionNotProvided");
    const promoted = await send("PATCH", `/api/v1/companies/me/members/${alice.userId}`, owner.acting, {
      role: "manager",
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data.role).toBe("manager");
    const self = await send("PATCH", `/api/v1/companies/me/members/${owner.userId}`, owner.acting, {
      role: "manager",
    });
    expect(self.statusCode).toBe(403);
    const bad = await send("PATCH", `/api/v1/companies/me/members/${alice.userId}`, owner.acting, {
      role: "owner",
    });
    expect(bad.statusCode).toBe(422);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "company.roleChanged"));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toEqual({ userId: alice.userId, role: "manager" });
  });

  it("a manager removes employees but not managers or the owner; the owner cannot remove themselves", async () => {
    const ownerGone = await send("DELETE", `/api/v1/companies/me/members/${owner.userId}`, manager.acting);
    expect(ownerGone.statusCode).toBe(403);
    expect(ownerGone.json().error.message).toBe(messages.teamCannotRemoveOwner);
    const peer = await send("DELETE", `/api/v1/companies/me/members/${alice.userId}`, manager.acting);
    expect(peer.statusCode).toBe(403);
    expect(await roleOf(company.profileId, alice.userId)).toBe("manager");
    const employeeGone = await send(
      "DELETE",
      `/api/v1/companies/me/members/${employee.userId}`,
      manager.acting,
    );
    expect(employeeGone.statusCode).toBe(204);
    expect(await roleOf(company.profileId, employee.userId)).toBeNull();
    // The removed member's session still acts as the company: it hears ownerNotFound and switches back.
    const lost = await send("GET", `/api/v1/companies/${company.slug}/people`, employee.acting);
    expect(lost.statusCode).toBe(403);
    expect(lost.json().error.code).toBe("accountManager_ownerNotFound");
    const missing = await send("DELETE", `/api/v1/companies/me/members/${employee.userId}`, owner.acting);
    expect(missing.statusCode).toBe(404);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "company.memberRemoved"));
    expect(audits).toHaveLength(1);
  });

  it("the owner cannot leave; a member can, and their sessions act as themselves again", async () => {
    const ownerLeaves = await send("POST", "/api/v1/companies/me/leave", owner.acting);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().error.message).toBe(messages.teamOwnerCannotLeave);
    const aliceActing = await bearerFor(db(), alice.userId, company.profileId);
    const left = await send("POST", "/api/v1/companies/me/leave", aliceActing);
    expect(left.statusCode).toBe(204);
    expect(await roleOf(company.profileId, alice.userId)).toBeNull();
    const open = await db().select().from(sessions).where(eq(sessions.userId, alice.userId));
    expect(open.every((session) => session.activeProfileId === null)).toBe(true);
  });

  it("ownership transfers only to a manager; the owner becomes a manager", async () => {
    const carolJoin = await db()
      .insert(companyMembers)
      .values({ companyId: company.profileId, userId: carol.userId, role: "company_employee" })
      .returning();
    expect(carolJoin).toHaveLength(1);
    const toEmployee = await send("POST", "/api/v1/companies/me/transfer-ownership", owner.acting, {
      userId: carol.userId,
    });
    expect(toEmployee.statusCode).toBe(422);
    expect(toEmployee.json().error.details).toEqual([
      { path: "body.userId", message: messages.teamTransferToManager },
    ]);
    expect(await roleOf(company.profileId, carol.userId)).toBe("company_employee");
    const byManager = await send("POST", "/api/v1/companies/me/transfer-ownership", manager.acting, {
      userId: manager.userId,
    });
    expect(byManager.statusCode).toBe(403);
    const res = await send("POST", "/api/v1/companies/me/transfer-ownership", owner.acting, {
      userId: manager.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await roleOf(company.profileId, manager.userId)).toBe("owner");
    expect(await roleOf(company.profileId, owner.userId)).toBe("manager");
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "company.ownershipTransferred"));
    expect(audits[0]?.after).toMatchObject({ owner: manager.userId });
    // The former owner now holds a manager's scopes: settings (roles) is closed to them.
    const demote = await send("PATCH", `/api/v1/companies/me/members/${carol.userId}`, owner.acting, {
      role: "manager",
    });
    expect(demote.statusCode).toBe(403);
  });
});

describe("a member's own card, position and team, and the team's settings", () => {
  let cards = { profileId: "", slug: "" };
  let other = { profileId: "", slug: "" };
  let boss: Person & { acting: Headers; actingOther: Headers };
  let lead: Person & { acting: Headers };
  let staffer: Person & { acting: Headers };
  const me = "/api/v1/companies/me/members/me";
  const settingsUrl = "/api/v1/companies/me/team-settings";
  const memberUrl = (userId: string) => `/api/v1/companies/me/members/${userId}`;
  const detailsRow = async (companyId: string, userId: string) =>
    (
      await db()
        .select()
        .from(companyMemberDetails)
        .where(and(eq(companyMemberDetails.companyId, companyId), eq(companyMemberDetails.userId, userId)))
    )[0] ?? null;
  const positionOf = async (companyId: string, userId: string) =>
    (
      await db()
        .select({ position: companyMembers.position })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    )[0]?.position ?? null;
  const peopleRow = async (userId: string) => {
    const res = await send("GET", `/api/v1/companies/${cards.slug}/people`, boss.acting);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.find((member: { userId: string }) => member.userId === userId);
  };
  const audits = async (action: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.action, action))).filter(
      (row) => row.resourceId === cards.profileId,
    );
  /** An employee_image the acting profile uploads; its square variant's URL. */
  const uploadEmployeeImage = async (headers: Headers, size: number) => {
    const { res, media: uploaded } = await uploadFile(
      app,
      headers,
      { uploadType: "employee_image" },
      { name: "face.png", data: await png(size, size) },
    );
    return { res, url: uploaded?.urls.small ?? null };
  };

  beforeAll(async () => {
    const b = await person("Bea");
    const l = await person("Leo");
    const s = await person("Sid");
    cards = await createCompany(db(), { name: "Card Works", ownerUserId: b.userId, planTier: "basic" });
    other = await createCompany(db(), { name: "Other Works", ownerUserId: b.userId, planTier: "basic" });
    await db()
      .insert(companyMembers)
      .values([
        { companyId: cards.profileId, userId: l.userId, role: "manager" },
        { companyId: cards.profileId, userId: s.userId, role: "company_employee" },
      ]);
    boss = {
      ...b,
      acting: await bearerFor(db(), b.userId, cards.profileId),
      actingOther: await bearerFor(db(), b.userId, other.profileId),
    };
    lead = { ...l, acting: await bearerFor(db(), l.userId, cards.profileId) };
    staffer = { ...s, acting: await bearerFor(db(), s.userId, cards.profileId) };
  });

  it("lets any member read and edit their own card, with no employees scope", async () => {
    const mine = await send("GET", me, staffer.acting);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({
      userId: staffer.userId,
      name: "Sid",
      role: "company_employee",
      displayPersonalProfile: true,
      hideByline: false,
      membersMayHideByline: false,
    });
    const res = await send("PATCH", me, staffer.acting, {
      displayName: "  Sid the Analyst ",
      caption: "Numbers, mostly.",
      displayPersonalProfile: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: "Sid the Analyst",
      caption: "Numbers, mostly.",
      displayPersonalProfile: false,
      slug: null,
    });
    // The owner's people tab shows the card, without the personal profile's handle.
    expect(await peopleRow(staffer.userId)).toMatchObject({
      name: "Sid the Analyst",
      caption: "Numbers, mostly.",
      displayPersonalProfile: false,
      slug: null,
    });
    const [audit] = await audits("company.memberUpdated");
    expect(audit?.before).toEqual({
      userId: staffer.userId,
      displayName: null,
      caption: null,
      displayPersonalProfile: null,
    });
    expect(audit?.after).toEqual({
      userId: staffer.userId,
      displayName: "Sid the Analyst",
      caption: "Numbers, mostly.",
      displayPersonalProfile: false,
    });
    // Showing the link again brings the handle back; null gives the personal profile's name back.
    const back = await send("PATCH", me, staffer.acting, { displayPersonalProfile: true, displayName: null });
    expect(back.json().data).toMatchObject({ name: "Sid", slug: "sid", displayPersonalProfile: true });
  });

  it("edits the card of the company one acts as only, and needs a company", async () => {
    const asSelf = await send("PATCH", me, boss.self, { caption: "Hi" });
    expect(asSelf.statusCode).toBe(403);
    expect(asSelf.json().error).toMatchObject({
      code: "request_forbidden",
      message: messages.teamActAsCompany,
    });
    const elsewhere = await send("PATCH", me, boss.actingOther, { caption: "Over there" });
    expect(elsewhere.statusCode).toBe(200);
    expect((await detailsRow(other.profileId, boss.userId))?.caption).toBe("Over there");
    expect((await detailsRow(cards.profileId, boss.userId))?.caption ?? null).toBeNull();
    // An outsider acting as their own page has no card here.
    const outsider = await send("GET", me, alice.self);
    expect(outsider.statusCode).toBe(403);
  });

  it("refuses bad input with the §5 messages and writes nothing", async () => {
    const before = await detailsRow(cards.profileId, staffer.userId);
    const long = await send("PATCH", me, staffer.acting, {
      displayName: "d".repeat(129),
      caption: "c".repeat(2001),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().error.details).toEqual(
      expect.arrayContaining([
        { path: "body.displayName", message: format(messages.maxChars, { count: 128 }) },
        { path: "body.caption", message: format(messages.maxChars, { count: 2000 }) },
      ]),
    );
    const nul = await send("PATCH", me, staffer.acting, { displayName: "Sid\u0000" });
    expect(nul.statusCode).toBe(422);
    const wrongType = await send("PATCH", me, staffer.acting, { displayPersonalProfile: "yes" });
    expect(wrongType.statusCode).toBe(422);
    const elsewhere = await send("PATCH", me, staffer.acting, {
      caption: "Should not stay",
      imageUrl: "https://elsewhere.example/face.png",
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error.details).toEqual([
      { path: "body.imageUrl", message: messages.pageImageNotUploaded },
    ]);
    expect(await detailsRow(cards.profileId, staffer.userId)).toEqual(before);
  });

  it("takes the company's own employee_image of 350 px or more, not another's nor a smaller one", async () => {
    const small = await uploadEmployeeImage(staffer.acting, 300);
    expect(small.res.statusCode).toBe(422);
    expect(small.res.json().error).toMatchObject({
      code: "file_imageTooSmall",
      message: format(messages.imageTooSmall, { min: 350 }),
    });
    // Uploaded as the other company: not this company's picture.
    const foreign = await uploadEmployeeImage(boss.actingOther, 400);
    expect(foreign.res.statusCode, foreign.res.body).toBe(201);
    const refused = await send("PATCH", me, staffer.acting, { imageUrl: foreign.url });
    expect(refused.statusCode).toBe(422);
    expect((await detailsRow(cards.profileId, staffer.userId))?.imageUrl ?? null).toBeNull();

    const own = await uploadEmployeeImage(staffer.acting, 400);
    expect(own.res.statusCode, own.res.body).toBe(201);
    const res = await send("PATCH", me, staffer.acting, { imageUrl: own.url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.image).toEqual({ urls: { preview: own.url } });
    expect((await peopleRow(staffer.userId)).image).toEqual({ urls: { preview: own.url } });
  });

  it("keeps the team's settings for owners only", async () => {
    const read = await send("GET", settingsUrl, boss.acting);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ membersMayHideByline: false });
    for (const headers of [lead.acting, staffer.acting]) {
      const res = await send("PATCH", settingsUrl, headers, { membersMayHideByline: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("accountManager_permissionNotProvided");
      expect((await send("GET", settingsUrl, headers)).statusCode).toBe(403);
    }
    const asSelf = await send("PATCH", settingsUrl, boss.self, { membersMayHideByline: true });
    expect(asSelf.statusCode).toBe(403);
    expect(asSelf.json().error.code).toBe("request_forbidden");
    const bad = await send("PATCH", settingsUrl, boss.acting, { membersMayHideByline: "yes" });
    expect(bad.statusCode).toBe(422);
    expect(await db().select().from(companyTeamSettings)).toEqual([]);
  });

  it("lets a member hide the byline only while the company allows it", async () => {
    const refused = await send("PATCH", me, staffer.acting, { hideByline: true, caption: "Quiet" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "request_forbidden",
      message: messages.teamBylineHidingNotAllowed,
    });
    // All or nothing: the caption sent with it stayed out too.
    expect((await detailsRow(cards.profileId, staffer.userId))?.caption).toBe("Numbers, mostly.");

    const allowed = await send("PATCH", settingsUrl, boss.acting, { membersMayHideByline: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toEqual({ membersMayHideByline: true });
    const [audit] = await audits("company.teamSettingsUpdated");
    expect(audit).toMatchObject({
      before: { membersMayHideByline: false },
      after: { membersMayHideByline: true },
    });
    const hidden = await send("PATCH", me, staffer.acting, { hideByline: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ hideByline: true, membersMayHideByline: true });

    // Withdrawn: the choice stays stored, and showing the byline again is always allowed.
    await send("PATCH", settingsUrl, boss.acting, { membersMayHideByline: false });
    expect((await send("GET", me, staffer.acting)).json().data).toMatchObject({
      hideByline: true,
      membersMayHideByline: false,
    });
    const shown = await send("PATCH", me, staffer.acting, { hideByline: false });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.hideByline).toBe(false);
  });

  it("lets the owner set anyone's position and team, their own included", async () => {
    const res = await send("PATCH", memberUrl(lead.userId), boss.acting, {
      position: "Head of Data",
      team: "Data Science",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      role: "manager",
      position: { id: "head-of-data", title: "Head of Data" },
      team: { title: "Data Science", slug: "data-science" },
    });
    const own = await send("PATCH", memberUrl(boss.userId), boss.acting, { position: "Founder" });
    expect(own.statusCode, own.body).toBe(200);
    expect(await positionOf(cards.profileId, boss.userId)).toBe("Founder");
    // null clears; the owner's role still moves only by transfer.
    const cleared = await send("PATCH", memberUrl(lead.userId), boss.acting, { team: null });
    expect(cleared.json().data.team).toBeNull();
    const ownRole = await send("PATCH", memberUrl(boss.userId), boss.acting, {
      role: "manager",
      position: "CEO",
    });
    expect(ownRole.statusCode).toBe(403);
    expect(ownRole.json().error.message).toBe(messages.teamOwnerRoleFixed);
    expect(await positionOf(cards.profileId, boss.userId)).toBe("Founder");
    const [audit] = (await audits("company.memberUpdated")).filter(
      (row) => (row.after as { userId?: string }).userId === lead.userId,
    );
    expect(audit).toMatchObject({
      before: { userId: lead.userId, position: null, team: null },
      after: { userId: lead.userId, position: "Head of Data", team: "Data Science" },
    });
  });

  it("lets a manager place employees only, and change no role", async () => {
    const res = await send("PATCH", memberUrl(staffer.userId), lead.acting, {
      position: "Analyst",
      team: "Data Science",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      position: { title: "Analyst" },
      team: { title: "Data Science" },
    });
    for (const target of [boss.userId, lead.userId]) {
      const refused = await send("PATCH", memberUrl(target), lead.acting, { position: "Chief" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(messages.teamManagerPlacesEmployees);
    }
    expect(await positionOf(cards.profileId, boss.userId)).toBe("Founder");
    const promote = await send("PATCH", memberUrl(staffer.userId), lead.acting, {
      role: "manager",
      position: "Lead Analyst",
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error.code).toBe("accountManager_permissionNotProvided");
    expect(await roleOf(cards.profileId, staffer.userId)).toBe("company_employee");
    expect(await positionOf(cards.profileId, staffer.userId)).toBe("Analyst");
  });

  it("refuses employees, other companies' members, empty and bad bodies", async () => {
    const byEmployee = await send("PATCH", memberUrl(staffer.userId), staffer.acting, { position: "Boss" });
    expect(byEmployee.statusCode).toBe(403);
    expect(byEmployee.json().error.code).toBe("accountManager_permissionNotProvided");
    const notHere = await send("PATCH", memberUrl(staffer.userId), boss.actingOther, { position: "Boss" });
    expect(notHere.statusCode).toBe(404);
    const empty = await send("PATCH", memberUrl(staffer.userId), boss.acting, {});
    expect(empty.statusCode).toBe(422);
    const short = await send("PATCH", memberUrl(staffer.userId), boss.acting, {
      position: "p",
      team: "t".repeat(65),
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.details).toEqual(
      expect.arrayContaining([
        { path: "body.position", message: format(messages.minChars, { count: 2 }) },
        { path: "body.team", message: format(messages.maxChars, { count: 64 }) },
      ]),
    );
    const nul = await send("PATCH", memberUrl(staffer.userId), boss.acting, { team: "Da\u0000ta" });
    expect(nul.statusCode).toBe(422);
    expect(await positionOf(cards.profileId, staffer.userId)).toBe("Analyst");
  });
});
