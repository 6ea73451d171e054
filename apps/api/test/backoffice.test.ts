import { randomUUID } from "node:crypto";
import { DASHBOARD_DAYS, messages } from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import {
  auditLog,
  chatReports,
  feedback,
  idvTransactions,
  kybTransactions,
  leads,
  moderationSubjects,
  reports,
  subscriptions,
  users,
} from "../src/db/schema/index";
import { createCompany, createPerson, type SeededPerson } from "../src/seed/library";
import { rowsOf } from "../src/shared/pages";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 16, items 4, 5 and 7: the back-office's records. Leads listed by kind and status and
 * worked with optimistic concurrency (a stale change is refused with 409 and writes nothing);
 * feedback newest first with its sender; the audit log by actor, resource, action and time with
 * keyset pages; the dashboard's numbers on seeded rows; all of it invisible to non-staff (404),
 * and the audit log refused to moderators (403).
 */

let testDb: TestDatabase;
let app: App;
let admin: SeededPerson;
let moderator: SeededPerson;
let member: SeededPerson;
const auth: Record<"admin" | "moderator" | "member", Record<string, string>> = {
  admin: {},
  moderator: {},
  member: {},
};
const db = () => testDb.database.db;
const DAY = 24 * 60 * 60 * 1000;
const dayText = (date: Date) => date.toISOString().slice(0, 10);
/** Noon UTC `days` ago: the same calendar day whatever the hour the suite runs. */
const daysAgo = (days: number, minutes = 0) => {
  const date = new Date(Date.now() - days * DAY);
  date.setUTCHours(12, minutes, 0, 0);
  return date;
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  admin = await createPerson(db(), {
    name: "Ada Admin",
    email: "ada@example.com",
    slug: "ada.admin.10",
    verificationStatus: "verified",
    staffRole: "admin",
  });
  moderator = await createPerson(db(), {
    name: "Moe Moderator",
    email: "moe@example.com",
    slug: "moe.moderator.10",
    verificationStatus: "verified",
    staffRole: "moderator",
  });
  member = await createPerson(db(), {
    name: "Mia Member",
    email: "mia@example.com",
    slug: "mia.member.10",
    verificationStatus: "verified",
  });
  auth.admin = await bearerFor(db(), admin.userId);
  auth.moderator = await bearerFor(db(), moderator.userId);
  auth.member = await bearerFor(db(), member.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const get = (url: string, who: keyof typeof auth) =>
  app.inject({ method: "GET", url: `/api/v1${url}`, headers: auth[who] });
const patch = (url: string, payload: object, who: keyof typeof auth) =>
  app.inject({
    method: "PATCH",
    url: `/api/v1${url}`,
    headers: { ...auth[who], "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

async function seedLead(kind: "enterprise" | "ad_consultation", company: string, createdAt: Date) {
  const id = randomUUID();
  const fields =
    kind === "enterprise"
      ? { fullName: "Erin Enterprise", companyName: company, website: "https://e.example.com", country: "PL" }
      : { company, firstName: "Bea", lastName: "Blue", email: "bea@example.com", monthlyAdSpend: "3k_10k" };
  await db()
    .insert(leads)
    .values({ id, kind, fields, email: "lead@example.com", createdAt, updatedAt: createdAt });
  return id;
}

describe("who may see the back-office's records", () => {
  it("answers 404 to non-staff and visitors, and 403 to a moderator asking for the audit log", async () => {
    for (const url of ["/staff/dashboard", "/staff/leads", "/staff/feedback", "/staff/audit"]) {
      const response = await get(url, "member");
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe("request_notFound");
      // A visitor is asked to sign in first, as everywhere a session is needed.
      const visitor = await app.inject({ method: "GET", url: `/api/v1${url}` });
      expect(visitor.statusCode, url).toBe(401);
    }
    const change = await patch(
      `/staff/leads/${randomUUID()}`,
      { status: "won", updatedAt: new Date().toISOString() },
      "member",
    );
    expect(change.statusCode).toBe(404);
    expect((await get("/staff/audit", "moderator")).statusCode).toBe(403);
    for (const url of ["/staff/dashboard", "/staff/leads", "/staff/feedback"]) {
      expect((await get(url, "moderator")).statusCode, url).toBe(200);
    }
  });
});

describe("leads", () => {
  it("lists newest first, filtered by kind and status, in keyset pages", async () => {
    const older = await seedLead("enterprise", "Older Corp", daysAgo(3));
    const newer = await seedLead("enterprise", "Newer Corp", daysAgo(1));
    const ad = await seedLead("ad_consultation", "Ad Corp", daysAgo(2));
    const all = await get("/staff/leads", "moderator");
    expect(all.json().data.map((lead: { id: string }) => lead.id)).toEqual([newer, ad, older]);
    expect(all.json().data[1]).toMatchObject({
      kind: "ad_consultation",
      company: "Ad Corp",
      name: "Bea Blue",
      status: "new",
    });

    const enterprise = await get("/staff/leads?kind=enterprise", "moderator");
    expect(enterprise.json().data.map((lead: { company: string }) => lead.company)).toEqual([
      "Newer Corp",
      "Older Corp",
    ]);

    const first = await get("/staff/leads?perPage=2", "moderator");
    expect(first.json().data).toHaveLength(2);
    const second = await get(`/staff/leads?perPage=2&cursor=${first.json().meta.nextCursor}`, "moderator");
    expect(second.json().data.map((lead: { id: string }) => lead.id)).toEqual([older]);
    expect(second.json().meta.nextCursor).toBeNull();

    await db().update(leads).set({ status: "won" }).where(eq(leads.id, older));
    const won = await get("/staff/leads?status=won", "moderator");
    expect(won.json().data.map((lead: { id: string }) => lead.id)).toEqual([older]);
  });

  it("changes status and note with the version seen, refuses a stale change with 409, and audits", async () => {
    const id = await seedLead("ad_consultation", "Stale Corp", daysAgo(0));
    const [seen] = (await get("/staff/leads?kind=ad_consultation", "moderator")).json().data;
    expect(seen.id).toBe(id);

    const changed = await patch(
      `/staff/leads/${id}`,
      { status: "contacted", note: "Called, wants a demo", updatedAt: seen.updatedAt },
      "moderator",
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ status: "contacted", note: "Called, wants a demo" });
    expect(changed.json().data.updatedAt).not.toBe(seen.updatedAt);

    // A second staff member, still looking at the old version: refused, nothing written.
    const stale = await patch(`/staff/leads/${id}`, { status: "lost", updatedAt: seen.updatedAt }, "admin");
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: "lead_changed", message: messages.leadChanged });
    expect(stale.json().error.details.lead).toMatchObject({ id, status: "contacted" });
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ status: "contacted", note: "Called, wants a demo" });

    // With the version it was just shown, the same change goes through.
    const fresh = await patch(
      `/staff/leads/${id}`,
      { status: "lost", note: "", updatedAt: stale.json().error.details.lead.updatedAt },
      "admin",
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data).toMatchObject({ status: "lost", note: null });

    const audit = await db().select().from(auditLog).where(eq(auditLog.resourceId, id));
    expect(audit.map((entry) => [entry.action, entry.actorUserId, entry.staffRole]).sort()).toEqual(
      [
        ["lead.updated", admin.userId, "admin"],
        ["lead.updated", moderator.userId, "moderator"],
      ].sort(),
    );
    const byModerator = audit.find((entry) => entry.actorUserId === moderator.userId)!;
    expect(byModerator.before).toEqual({ status: "new", note: null });
    expect(byModerator.after).toEqual({ status: "contacted", note: "Called, wants a demo" });
  });

  it("refuses an unknown lead (404), an unknown status and an empty change (422)", async () => {
    const id = await seedLead("enterprise", "Checked Corp", daysAgo(0));
    const updatedAt = new Date().toISOString();
    expect(
      (await patch(`/staff/leads/${randomUUID()}`, { status: "won", updatedAt }, "moderator")).statusCode,
    ).toBe(404);
    expect((await patch(`/staff/leads/${id}`, { status: "maybe", updatedAt }, "moderator")).statusCode).toBe(
      422,
    );
    expect((await patch(`/staff/leads/${id}`, { updatedAt }, "moderator")).statusCode).toBe(422);
    expect((await patch(`/staff/leads/${id}`, { status: "won" }, "moderator")).statusCode).toBe(422);
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    expect(row!.status).toBe("new");
  });
});

describe("feedback", () => {
  it("lists feedback newest first with its sender, in keyset pages", async () => {
    const rows = [
      { rating: 5, message: "Love the verified badge", at: daysAgo(2) },
      { rating: 2, message: "Search is slow", at: daysAgo(1) },
      { rating: 4, message: "Nice messenger", at: daysAgo(0) },
    ];
    for (const row of rows) {
      await db().insert(feedback).values({
        id: randomUUID(),
        userId: member.userId,
        profileId: member.profileId,
        rating: row.rating,
        message: row.message,
        page: "/home",
        createdAt: row.at,
      });
    }
    const first = await get("/staff/feedback?perPage=2", "moderator");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.map((item: { message: string }) => item.message)).toEqual([
      "Nice messenger",
      "Search is slow",
    ]);
    expect(first.json().data[0]).toMatchObject({
      rating: 4,
      page: "/home",
      sender: { userId: member.userId, name: "Mia Member", email: "mia@example.com", slug: "mia.member.10" },
    });
    const second = await get(`/staff/feedback?perPage=2&cursor=${first.json().meta.nextCursor}`, "moderator");
    expect(second.json().data.map((item: { message: string }) => item.message)).toEqual([
      "Love the verified badge",
    ]);
    expect(second.json().meta.nextCursor).toBeNull();
  });
});

describe("the audit log", () => {
  it("filters by actor (id or email), resource, action (or a domain) and time, newest first, in pages", async () => {
    const resource = randomUUID();
    const entries = [
      { action: "verification.decided", actor: admin.userId, at: daysAgo(5), resourceType: "idvTransaction" },
      { action: "kyb.decided", actor: admin.userId, at: daysAgo(4), resourceType: "kybTransaction" },
      {
        action: "verification.appealDecided",
        actor: moderator.userId,
        at: daysAgo(3),
        resourceType: "idvAppeal",
      },
      { action: "content.deleted", actor: member.userId, at: daysAgo(2), resourceType: "content" },
    ];
    const ids: string[] = [];
    for (const entry of entries) {
      const id = randomUUID();
      ids.push(id);
      await db()
        .insert(auditLog)
        .values({
          id,
          at: entry.at,
          actorUserId: entry.actor,
          action: entry.action,
          resourceType: entry.resourceType,
          resourceId: entry.resourceType === "content" ? resource : randomUUID(),
        });
    }
    const idsOf = (response: { json(): { data: Array<{ id: string }> } }) =>
      response
        .json()
        .data.map((entry) => entry.id)
        .filter((id) => ids.includes(id));

    const byAdmin = await get(`/staff/audit?actor=${admin.userId}`, "admin");
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(idsOf(byAdmin)).toEqual([ids[1], ids[0]]);
    expect(byAdmin.json().data[0].actor).toMatchObject({
      userId: admin.userId,
      name: "Ada Admin",
      email: "ada@example.com",
    });
    expect(idsOf(await get("/staff/audit?actor=ADA%40example.com", "admin"))).toEqual([ids[1], ids[0]]);

    expect(idsOf(await get(`/staff/audit?resourceType=content&resourceId=${resource}`, "admin"))).toEqual([
      ids[3],
    ]);
    expect(idsOf(await get("/staff/audit?action=kyb.decided", "admin"))).toEqual([ids[1]]);
    expect(idsOf(await get("/staff/audit?action=verification.", "admin"))).toEqual([ids[2], ids[0]]);
    // "%" is a character, not a wildcard.
    expect(idsOf(await get("/staff/audit?action=%25.", "admin"))).toEqual([]);

    const from = encodeURIComponent(daysAgo(4, -1).toISOString());
    const to = encodeURIComponent(daysAgo(3, 1).toISOString());
    expect(idsOf(await get(`/staff/audit?from=${from}&to=${to}`, "admin"))).toEqual([ids[2], ids[1]]);
    expect((await get(`/staff/audit?from=${to}&to=${from}`, "admin")).statusCode).toBe(422);

    const first = await get("/staff/audit?perPage=1&action=verification.", "admin");
    expect(idsOf(first)).toEqual([ids[2]]);
    const second = await get(
      `/staff/audit?perPage=1&action=verification.&cursor=${first.json().meta.nextCursor}`,
      "admin",
    );
    expect(idsOf(second)).toEqual([ids[0]]);
    expect((await get("/staff/audit?cursor=bogus", "admin")).statusCode).toBe(422);
  });
});

describe("the dashboard", () => {
  it("counts the last 30 days in SQL, with every day present", async () => {
    const reporter = await createPerson(db(), {
      name: "Rex Reporter",
      email: "rex@example.com",
      slug: "rex.reporter.10",
    });
    // Sign-ups: Rex today with everyone of this suite; two 5 days ago; one long before the window.
    const early = await Promise.all(
      ["sue", "sam", "old"].map((name) =>
        createPerson(db(), {
          name: `${name} Early`,
          email: `${name}@early.example.com`,
          slug: `${name}.early.10`,
        }),
      ),
    );
    await db()
      .update(users)
      .set({ createdAt: daysAgo(5) })
      .where(eq(users.id, early[0]!.userId));
    await db()
      .update(users)
      .set({ createdAt: daysAgo(5, 30) })
      .where(eq(users.id, early[1]!.userId));
    await db()
      .update(users)
      .set({ createdAt: daysAgo(40) })
      .where(eq(users.id, early[2]!.userId));

    const report = (reason: string, at: Date) =>
      db().insert(reports).values({
        id: randomUUID(),
        reporterUserId: reporter.userId,
        targetType: "content",
        targetId: randomUUID(),
        reason,
        createdAt: at,
      });
    await report("spam", daysAgo(1));
    await report("spam", daysAgo(1, 5));
    await report("hate", daysAgo(1));
    await report("spam", daysAgo(3));
    await report("spam", daysAgo(45)); // outside the window
    await db()
      .insert(chatReports)
      .values({
        id: randomUUID(),
        reporterUserId: reporter.userId,
        messageId: randomUUID(),
        chatId: randomUUID(),
        body: "buy now",
        reason: "spam",
        createdAt: daysAgo(1),
      });

    // Time to first action: two subjects first acted on 2 days ago after 30 and 90 minutes (median
    // 60), one after 10 minutes yesterday, one still waiting.
    const subject = (createdAt: Date, firstActionAt: Date | null) =>
      db().insert(moderationSubjects).values({
        id: randomUUID(),
        subjectType: "content",
        subjectId: randomUUID(),
        createdAt,
        firstActionAt,
      });
    await subject(daysAgo(2, 0), daysAgo(2, 30));
    await subject(daysAgo(2, 0), daysAgo(2, 90));
    await subject(daysAgo(1, 0), daysAgo(1, 10));
    await subject(daysAgo(1, 0), null);

    // Verifications decided: identity accepted ×2 and rejected ×1 yesterday; a business accepted today.
    const people = await Promise.all(
      ["ivy", "ian", "ida"].map((name) =>
        createPerson(db(), {
          name: `${name} Ident`,
          email: `${name}@ident.example.com`,
          slug: `${name}.ident.10`,
        }),
      ),
    );
    for (const [index, status] of (["accepted", "accepted", "rejected"] as const).entries()) {
      await db()
        .insert(idvTransactions)
        .values({
          id: randomUUID(),
          userId: people[index]!.userId,
          profileId: people[index]!.profileId,
          provider: "sandbox",
          status,
          stage: "decided",
          country: "PL",
          attempt: 1,
          decidedAt: daysAgo(1),
        });
    }
    const company = await createCompany(db(), {
      name: "Dash Corp",
      ownerUserId: people[0]!.userId,
      slug: "dash.corp.10",
    });
    await db()
      .insert(kybTransactions)
      .values({
        id: randomUUID(),
        companyId: company.profileId,
        status: "accepted",
        decidedAt: daysAgo(0),
      });

    // Active paid subscriptions: two personal premium (one in trial), a business standard, and a
    // canceled one that does not count.
    const setPlan = (profileId: string, planTier: string, status: string) =>
      db().update(subscriptions).set({ planTier, status }).where(eq(subscriptions.ownerProfileId, profileId));
    await setPlan(people[0]!.profileId, "premium", "active");
    await setPlan(people[1]!.profileId, "premium", "trialing");
    await setPlan(people[2]!.profileId, "standard", "canceled");
    await setPlan(company.profileId, "standard", "active");

    const response = await get("/staff/dashboard", "moderator");
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.days).toHaveLength(DASHBOARD_DAYS);
    expect(data.days.at(-1)).toBe(dayText(new Date()));
    expect(data.days[0]).toBe(dayText(daysAgo(DASHBOARD_DAYS - 1)));

    const count = (
      series: Array<{ day: string; count: number } & Record<string, unknown>>,
      day: Date,
      match: Record<string, string> = {},
    ) =>
      series
        .filter(
          (row) =>
            row.day === dayText(day) && Object.entries(match).every(([key, value]) => row[key] === value),
        )
        .reduce((sum, row) => sum + row.count, 0);

    // Every reason has a row for every day (zeros included); messages' reports count too.
    expect(data.reportsByReason).toHaveLength(DASHBOARD_DAYS * 2);
    expect(count(data.reportsByReason, daysAgo(1), { reason: "spam" })).toBe(3);
    expect(count(data.reportsByReason, daysAgo(1), { reason: "hate" })).toBe(1);
    expect(count(data.reportsByReason, daysAgo(3), { reason: "spam" })).toBe(1);
    expect(count(data.reportsByReason, daysAgo(2), { reason: "spam" })).toBe(0);

    expect(data.firstAction).toHaveLength(DASHBOARD_DAYS);
    const actionOn = (day: Date) => data.firstAction.find((row: { day: string }) => row.day === dayText(day));
    expect(actionOn(daysAgo(2))).toEqual({ day: dayText(daysAgo(2)), subjects: 2, medianMinutes: 60 });
    expect(actionOn(daysAgo(1))).toEqual({ day: dayText(daysAgo(1)), subjects: 1, medianMinutes: 10 });
    expect(actionOn(daysAgo(4))).toEqual({ day: dayText(daysAgo(4)), subjects: 0, medianMinutes: null });

    expect(count(data.verifications, daysAgo(1), { kind: "identity", outcome: "accepted" })).toBe(2);
    expect(count(data.verifications, daysAgo(1), { kind: "identity", outcome: "rejected" })).toBe(1);
    expect(count(data.verifications, daysAgo(0), { kind: "business", outcome: "accepted" })).toBe(1);
    expect(data.verifications).toHaveLength(DASHBOARD_DAYS * 3);

    expect(data.signUps).toHaveLength(DASHBOARD_DAYS);
    expect(count(data.signUps, daysAgo(5))).toBe(2);
    // The suite's other people were all created today.
    const [todayRow] = await rowsOf<{ today: number }>(
      db(),
      sql`SELECT count(*)::int AS today FROM users WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    );
    const today = todayRow?.today ?? 0;
    expect(count(data.signUps, daysAgo(0))).toBe(Number(today));
    expect(data.signUps.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(
      Number(today) + 2,
    );

    expect(data.activeSubscriptions).toEqual([
      { ownerType: "company", tier: "standard", count: 1 },
      { ownerType: "user", tier: "premium", count: 2 },
    ]);
  });
});
