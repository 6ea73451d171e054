import { randomUUID } from "node:crypto";
import { endpointList, messages } from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { contentItems, moderationEvents, moderationSubjects, reports, users } from "../src/db/schema/index";
import { createContent, createPerson, follow, type SeededPerson } from "../src/seed/library";
import { signIn, startSmtp, type TestSmtp } from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 16, item 2: the review queue. Reports file onto one subject per thing; the queue is
 * ordered by priority; staff act with the version they saw (a stale one is refused, nothing
 * written); remove blocks a publication for its viewers, the author is told why and appeals once,
 * a granted appeal puts it back; bulk actions are all or nothing; a verified account's suspension
 * waits for a second, different staff member, after which the person cannot sign in and appeals
 * through the signed link from their mail; a limit refuses writes, not reads; a message report
 * shows that message only; the log cannot be changed; non-staff see nothing (404).
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are checked by the assertions
type Json = any;

let testDb: TestDatabase;
let app: App;
let smtp: TestSmtp;
const db = () => testDb.database.db;
const PASSWORD = "Correct-Horse-42!";

interface Who extends SeededPerson {
  headers: Record<string, string>;
}
let admin: Who;
let admin2: Who;
let moderator: Who;
let author: Who;
let reporters: Who[];
let reader: Who;

let n = 0;
async function person(
  name: string,
  extra: {
    staffRole?: "admin" | "moderator";
    plan?: "standard";
    verification?: "verified" | "not_verified";
  } = {},
): Promise<Who> {
  n += 1;
  const id = `${n}${randomUUID().slice(0, 6)}`;
  const seeded = await createPerson(db(), {
    name,
    email: `mod-${id}@example.com`,
    slug: `mod.${id}`,
    password: PASSWORD,
    verificationStatus: extra.verification ?? "verified",
    ...(extra.staffRole ? { staffRole: extra.staffRole } : {}),
    ...(extra.plan ? { planTier: extra.plan } : {}),
  });
  return { ...seeded, headers: await bearerFor(db(), seeded.userId) };
}

function call(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, who?: Who, payload?: object) {
  return app.inject({
    method,
    url: url.startsWith("/api/") ? url : `/api/v1${url}`,
    headers: {
      ...(who?.headers ?? {}),
      ...(payload ? { "content-type": "application/json" } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function report(who: Who, targetType: string, targetId: string, reason = "spam", description?: string) {
  const res = await call("POST", "/reports", who, { targetType, targetId, reason, description });
  expect(res.statusCode, res.body).toBe(201);
}

async function subjectOf(targetId: string) {
  const [row] = await db()
    .select()
    .from(moderationSubjects)
    .where(eq(moderationSubjects.subjectId, targetId));
  return row!;
}

async function detail(subjectId: string, who: Who = moderator): Promise<Json> {
  const res = await call("GET", `/staff/moderation/subjects/${subjectId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function act(subjectId: string, body: object, who: Who = moderator) {
  const { subject } = await detail(subjectId, who);
  return call("POST", `/staff/moderation/subjects/${subjectId}/actions`, who, {
    version: subject.version,
    ...body,
  });
}

async function post(owner: Who, text: string) {
  return createContent(db(), { ownerId: owner.profileId, kind: "post", content: text });
}

async function notificationKinds(who: Who): Promise<string[]> {
  const res = await call("GET", "/notifications", who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((x: Json) => x.kind);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtp();
  app = await buildApp(
    testConfig({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "error" }),
    {
      database: testDb.database,
    },
  );
  admin = await person("Ada Admin", { staffRole: "admin" });
  admin2 = await person("Abe Admin", { staffRole: "admin" });
  moderator = await person("Moe Moderator", { staffRole: "moderator" });
  author = await person("Otto Author");
  reader = await person("Rita Reader");
  reporters = [await person("Rae One"), await person("Rex Two"), await person("Ria Three")];
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await testDb?.drop();
});

describe("the review queue", () => {
  let postId: string;
  let postSlug: string;
  let subjectId: string;

  it("files three reports on one post as one subject with three reports", async () => {
    const created = await post(author, "A post three people will report");
    postId = created.id;
    postSlug = created.slug;
    await report(reporters[0]!, "content", postId, "spam", "Buy my course");
    await report(reporters[1]!, "content", postId, "spam");
    await report(reporters[2]!, "content", postId, "harassment", "It insults me");
    const subject = await subjectOf(postId);
    subjectId = subject.id;
    expect(subject.openReports).toBe(3);
    expect(subject.state).toBe("open");

    const queue = (await call("GET", "/staff/moderation/subjects?state=open", moderator)).json();
    const lines = queue.data.filter((s: Json) => s.targetId === postId);
    expect(lines).toHaveLength(1);
    expect(lines[0].openReports).toBe(3);
    expect(lines[0].reasons).toEqual([
      { reason: "spam", count: 2 },
      { reason: "harassment", count: 1 },
    ]);

    const seen = await detail(subjectId);
    expect(seen.reports).toHaveLength(3);
    expect(seen.reasonGroups[0]).toEqual({ reason: "spam", count: 2, descriptions: ["Buy my course"] });
    expect(seen.target.text).toContain("three people will report");
    expect(seen.target.author.id).toBe(author.profileId);
    expect(seen.events.map((e: Json) => e.type)).toEqual(["reported", "reported", "reported"]);
    // Newcomers count with the neutral prior.
    expect(seen.reports[0].reporter.accuracy).toBe(0.5);
  });

  it("refuses an action on a version the moderator did not see, and writes nothing", async () => {
    const before = await detail(subjectId);
    const stale = await call("POST", `/staff/moderation/subjects/${subjectId}/actions`, moderator, {
      action: "remove",
      reason: "spam",
      message: "This post advertises a paid course.",
      version: before.subject.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("moderation_subjectChanged");
    expect(stale.json().error.details.subject.version).toBe(before.subject.version);
    const [item] = await db().select().from(contentItems).where(eq(contentItems.id, postId));
    expect(item!.status).toBe("active");
    const after = await detail(subjectId);
    expect(after.events).toHaveLength(before.events.length);
    expect(after.subject.version).toBe(before.subject.version);
  });

  it("removes the post: viewers get content_isBlocked, the author learns why, reporters are told", async () => {
    const res = await act(subjectId, {
      action: "remove",
      reason: "spam",
      message: "This post advertises a paid course.",
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.subject.state).toBe("closed");
    expect(data.actions).toHaveLength(1);
    expect(data.actions[0]).toMatchObject({ kind: "remove", status: "active", reason: "spam" });
    expect(data.events.at(-1).type).toBe("removed");

    const viewed = await call("GET", `/api/v2/content/posts/${postSlug}`, reader);
    expect(viewed.json().error.code).toBe("content_isBlocked");
    // The author still sees it (with why, on the web).
    expect((await call("GET", `/api/v2/content/posts/${postSlug}`, author)).json().data.status).toBe(
      "blocked",
    );

    expect(await notificationKinds(author)).toContain("moderation_strike");
    const strikes = (await call("GET", "/users/me/strikes", author)).json().data;
    expect(strikes).toHaveLength(1);
    expect(strikes[0]).toMatchObject({
      kind: "remove",
      reason: "spam",
      reasonLabel: messages.moderationReasonSpam,
      message: "This post advertises a paid course.",
      canAppeal: true,
      subject: { type: "content", id: postId },
    });
    const mail = await smtp.waitFor(author.email, (m) => m.subject === messages.mailStrikeSubject);
    expect(mail.text).toContain("This post advertises a paid course.");
    expect(mail.text).toContain(messages.moderationReasonSpam);
    expect(mail.text).toContain("/settings/moderation");
    // The moderator's name is not in what the person reads.
    expect(JSON.stringify(strikes)).not.toContain("Moe Moderator");
    expect(mail.text).not.toContain("Moe Moderator");

    for (const r of reporters) expect(await notificationKinds(r)).toContain("report_actioned");
    const outcomes = await db()
      .select({ outcome: reports.outcome })
      .from(reports)
      .where(eq(reports.targetId, postId));
    expect(outcomes.map((o) => o.outcome)).toEqual(["actioned", "actioned", "actioned"]);
    // Their track record now counts it.
    expect((await detail(subjectId)).reports[0].reporter.accuracy).toBeCloseTo(2 / 3, 2);
  });

  it("takes one appeal per strike; a second is refused", async () => {
    const [strike] = (await call("GET", "/users/me/strikes", author)).json().data;
    const first = await call("POST", `/users/me/strikes/${strike.id}/appeal`, author, {
      text: "It was a free webinar, not a paid course.",
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.appeal.state).toBe("pending");
    expect(first.json().data.canAppeal).toBe(false);
    const second = await call("POST", `/users/me/strikes/${strike.id}/appeal`, author, {
      text: "Please look at it again, really.",
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe("appeal_alreadySubmitted");
    // Nobody else's strike: not found.
    const foreign = await call("POST", `/users/me/strikes/${strike.id}/appeal`, reader, {
      text: "Appealing someone else's strike.",
    });
    expect(foreign.json().error.code).toBe("moderation_notFound");
  });

  it("lets an admin grant the appeal, and the post returns", async () => {
    const appeals = (await call("GET", "/staff/moderation/appeals", admin)).json().data;
    const waiting = appeals.find((a: Json) => a.subject.targetId === postId);
    expect(waiting.action.appeal.text).toBe("It was a free webinar, not a paid course.");
    // Who took the action does not decide its appeal.
    const own = await call(
      "POST",
      `/staff/moderation/actions/${waiting.action.id}/appeal/decision`,
      moderator,
      {
        decision: "granted",
      },
    );
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe("moderation_ownDecision");
    const granted = await call(
      "POST",
      `/staff/moderation/actions/${waiting.action.id}/appeal/decision`,
      admin,
      {
        decision: "granted",
        note: "A free event, fine.",
      },
    );
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.status).toBe("reversed");
    expect((await call("GET", `/api/v2/content/posts/${postSlug}`, reader)).statusCode).toBe(200);
    expect(await notificationKinds(author)).toContain("moderation_appeal_granted");
    const [strike] = (await call("GET", "/users/me/strikes", author)).json().data;
    expect(strike).toMatchObject({ status: "reversed", appeal: { state: "granted" }, canAppeal: false });
    const again = await call(
      "POST",
      `/staff/moderation/actions/${waiting.action.id}/appeal/decision`,
      admin2,
      {
        decision: "denied",
      },
    );
    expect(again.json().error.code).toBe("moderation_notPending");
    const types = (await detail(subjectId)).events.map((e: Json) => e.type);
    expect(types.slice(-3)).toEqual(["appealed", "appealGranted", "restored"]);
  });

  it("orders the queue by reports, the reporters' track record and reach", async () => {
    const quiet = await person("Quinn Quiet");
    const famous = await person("Fay Famous");
    for (const r of [reader, reporters[0]!, reporters[1]!]) await follow(db(), r.profileId, famous.profileId);
    const newcomer = await person("Nico Newcomer");
    const one = await post(quiet, "One report by a newcomer");
    const two = await post(quiet, "Two reports by newcomers");
    const accurate = await post(quiet, "One report by someone usually right");
    const reach = await post(famous, "One report on a followed profile");
    await report(newcomer, "content", one.id);
    await report(newcomer, "content", two.id);
    await report(reader, "content", two.id);
    // reporters[2] has one actioned report behind them (the post above).
    await report(reporters[2]!, "content", accurate.id);
    await report(await person("Nell New"), "content", reach.id);
    const p = async (id: string) => (await subjectOf(id)).priority;
    expect(await p(two.id)).toBeGreaterThan(await p(one.id));
    expect(await p(accurate.id)).toBeGreaterThan(await p(one.id));
    expect(await p(reach.id)).toBeGreaterThan(await p(one.id));
    const queue = (await call("GET", "/staff/moderation/subjects?state=open&perPage=50", moderator)).json();
    const order = queue.data.map((s: Json) => s.targetId);
    expect(order.indexOf(two.id)).toBeLessThan(order.indexOf(one.id));
    expect(order.indexOf(accurate.id)).toBeLessThan(order.indexOf(one.id));
    const priorities = queue.data.map((s: Json) => s.priority);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
    expect(queue.meta.counts.open).toBeGreaterThanOrEqual(4);
  });

  it("bulk-dismisses all of the subjects or none of them", async () => {
    const a = await post(author, "Bulk one");
    const b = await post(author, "Bulk two");
    await report(reader, "content", a.id);
    await report(reader, "content", b.id);
    const sa = await subjectOf(a.id);
    const sb = await subjectOf(b.id);
    const stale = await call("POST", "/staff/moderation/subjects/bulk", moderator, {
      action: "dismiss",
      subjects: [
        { id: sa.id, version: sa.version },
        { id: sb.id, version: sb.version + 1 },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("moderation_subjectChanged");
    expect((await subjectOf(a.id)).state).toBe("open");
    expect((await subjectOf(b.id)).state).toBe("open");
    expect((await subjectOf(a.id)).version).toBe(sa.version);

    const ok = await call("POST", "/staff/moderation/subjects/bulk", moderator, {
      action: "dismiss",
      subjects: [
        { id: sa.id, version: sa.version },
        { id: sb.id, version: sb.version },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.subjects.map((s: Json) => s.state)).toEqual(["closed", "closed"]);
    const outcomes = await db()
      .select({ outcome: reports.outcome })
      .from(reports)
      .where(sql`${reports.targetId} IN (${a.id}, ${b.id})`);
    expect(outcomes.map((o) => o.outcome)).toEqual(["dismissed", "dismissed"]);
    expect(await notificationKinds(reader)).toContain("report_dismissed");
    // A new report opens a closed subject again.
    await report(reporters[0]!, "content", a.id);
    expect(await subjectOf(a.id)).toMatchObject({ state: "open", openReports: 1 });
  });

  it("suspends a verified account only with a second, different admin; then sign-in is refused", async () => {
    const target = await person("Vera Verified");
    await report(reader, "profile", target.profileId, "impersonation", "Pretends to be me");
    const subject = await subjectOf(target.profileId);
    const proposed = await act(
      subject.id,
      { action: "suspend", reason: "impersonation", message: "This account impersonates another member." },
      admin,
    );
    expect(proposed.statusCode, proposed.body).toBe(200);
    const action = proposed.json().data.actions[0];
    expect(action.status).toBe("pending_approval");
    const [still] = await db()
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, target.userId));
    expect(still!.status).toBe("active");
    expect((await call("GET", "/staff/moderation/approvals", moderator)).json().data[0].action.id).toBe(
      action.id,
    );

    const own = await call("POST", `/staff/moderation/actions/${action.id}/approval`, admin, {
      approve: true,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe("moderation_ownDecision");
    const byModerator = await call("POST", `/staff/moderation/actions/${action.id}/approval`, moderator, {
      approve: true,
    });
    expect(byModerator.json().error.code).toBe("request_forbidden");

    const approved = await call("POST", `/staff/moderation/actions/${action.id}/approval`, admin2, {
      approve: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: "active", approvedBy: { userId: admin2.userId } });
    const [blocked] = await db()
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, target.userId));
    expect(blocked!.status).toBe("blocked");
    // Their session ended; signing in answers account_unavailable.
    expect((await call("GET", "/users/me/strikes", target)).statusCode).toBe(401);
    const signedIn = await signIn(app, target.email, PASSWORD);
    expect(signedIn.json().error?.code ?? signedIn.json().code).toBe("account_unavailable");

    // Their mail carries a signed appeal link instead of the strikes page.
    const mail = await smtp.waitFor(target.email, (m) => m.subject === messages.mailStrikeSubject);
    const token = /moderation-appeal\/([^\s"]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const shown = await call("GET", `/moderation/appeal-links/${token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({ kind: "suspend", canAppeal: true });
    const tampered = await call("GET", `/moderation/appeal-links/${token!.slice(0, -2)}xx`);
    expect(tampered.json().error.code).toBe("moderation_appealLinkInvalid");
    const appealed = await call("POST", `/moderation/appeal-links/${token}`, undefined, {
      text: "I am who I say I am; here is why.",
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    const twice = await call("POST", `/moderation/appeal-links/${token}`, undefined, {
      text: "Trying the link a second time.",
    });
    expect(twice.json().error.code).toBe("appeal_alreadySubmitted");

    // Granted: the account is back and can sign in.
    const granted = await call("POST", `/staff/moderation/actions/${action.id}/appeal/decision`, moderator, {
      decision: "granted",
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await signIn(app, target.email, PASSWORD)).statusCode).toBe(200);
  });

  it("suspends an unverified account at once", async () => {
    const target = await person("Una Unverified", { verification: "not_verified" });
    await report(reader, "profile", target.profileId, "spam");
    const subject = await subjectOf(target.profileId);
    const res = await act(subject.id, {
      action: "suspend",
      reason: "spam",
      message: "Only spam from this account.",
    });
    expect(res.json().data.actions[0].status).toBe("active");
    expect((await signIn(app, target.email, PASSWORD)).json().error.code).toBe("account_unavailable");
  });

  it("limits an account: reads still work, publishing, following and reacting do not", async () => {
    const target = await person("Lou Limited");
    const created = await post(target, "Something borderline");
    await report(reader, "content", created.id, "harassment");
    const subject = await subjectOf(created.id);
    const res = await act(subject.id, {
      action: "limit",
      reason: "harassment",
      message: "Take a few days off from posting.",
      days: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.actions[0].endsAt).toBeTruthy();
    const publish = await call("POST", "/content", target, { kind: "post", content: "Back again" });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error.code).toBe("account_limited");
    expect(publish.json().error.message).toBe(messages.accountLimited);
    const followed = await call("POST", `/profiles/${reader.slug}/follow`, target);
    expect(followed.json().error.code).toBe("account_limited");
    const reacted = await call("PUT", `/content/${created.id}/reactions`, target, { kind: "like" });
    expect(reacted.json().error.code).toBe("account_limited");
    expect((await call("GET", "/notifications", target)).statusCode).toBe(200);
    expect((await call("GET", "/users/me/strikes", target)).statusCode).toBe(200);
    expect((await call("GET", `/api/v2/content/posts/${created.slug}`, target)).statusCode).toBe(200);
    // The session user carries the limit, so the web hides write controls and says until when.
    const me = (await call("GET", "/users/me", target)).json().data;
    expect(me.limitedUntil).toBe(new Date(res.json().data.actions[0].endsAt).toISOString());
    expect(Date.parse(me.limitedUntil)).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    expect((await call("GET", "/users/me", reader)).json().data.limitedUntil).toBeNull();
  });

  it("warns: a strike only, and nothing else changes", async () => {
    const created = await post(author, "A warning's worth");
    await report(reader, "content", created.id, "misinformation");
    const subject = await subjectOf(created.id);
    const res = await act(subject.id, {
      action: "warn",
      reason: "misinformation",
      message: "Please check facts.",
    });
    expect(res.json().data.actions[0]).toMatchObject({ kind: "warn", status: "active" });
    expect((await call("GET", `/api/v2/content/posts/${created.slug}`, reader)).statusCode).toBe(200);
    // A profile cannot be removed (suspend it instead).
    await report(reader, "profile", author.profileId, "spam");
    const profileSubject = await subjectOf(author.profileId);
    const removeProfile = await act(profileSubject.id, {
      action: "remove",
      reason: "spam",
      message: "Not possible here.",
    });
    expect(removeProfile.json().error.code).toBe("moderation_actionNotAllowed");
  });

  it("answers 404 to non-staff on every staff route", async () => {
    const staffRows = endpointList.filter((row) => row.endpoint.path.startsWith("/api/v1/staff/moderation"));
    expect(staffRows.length).toBeGreaterThanOrEqual(8);
    for (const { endpoint } of staffRows) {
      const url = endpoint.path.replace(":id", randomUUID());
      const res = await app.inject({
        method: endpoint.method,
        url,
        headers: { ...reader.headers, "content-type": "application/json" },
        ...(endpoint.method === "GET" ? {} : { payload: "{}" }),
      });
      expect(res.statusCode, `${endpoint.method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe("request_notFound");
    }
  });

  it("keeps the log append-only: the database refuses to change or delete an event", async () => {
    await expect(db().execute(sql`UPDATE moderation_events SET note = 'rewritten'`)).rejects.toThrow();
    await expect(db().execute(sql`DELETE FROM moderation_events`)).rejects.toThrow();
    const rows = await db().select().from(moderationEvents).where(eq(moderationEvents.note, "rewritten"));
    expect(rows).toHaveLength(0);
  });
});

describe("a message report", () => {
  it("shows staff that message only, and removing it deletes it for everyone", async () => {
    const anna = await person("Anna Chat", { plan: "standard" });
    const ben = await person("Ben Chat", { plan: "standard" });
    const started = await call("POST", "/chats", anna, { with: ben.slug });
    expect([200, 201], started.body).toContain(started.statusCode);
    const chatId = started.json().data.id;
    const send = async (body: string) => {
      const res = await call("POST", `/chats/${chatId}/messages`, anna, { clientId: randomUUID(), body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    await send("A friendly hello before");
    const rude = await send("Rude words for Ben");
    await send("Something after it");
    const reported = await call("POST", `/chats/${chatId}/messages/${rude.id}/report`, ben, {
      reason: "harassment",
      description: "Insulting",
    });
    expect(reported.statusCode, reported.body).toBe(204);

    const subject = await subjectOf(rude.id);
    const seen = await detail(subject.id);
    expect(seen.subject.type).toBe("message");
    expect(seen.target.text).toBe("Rude words for Ben");
    expect(seen.target.author.id).toBe(anna.profileId);
    const everything = JSON.stringify(seen);
    expect(everything).not.toContain("friendly hello");
    expect(everything).not.toContain("Something after it");

    const removed = await act(subject.id, {
      action: "remove",
      reason: "harassment",
      message: "Insults are not allowed.",
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const history = (await call("GET", `/chats/${chatId}/messages`, ben)).json().data;
    const gone = history.find((m: Json) => m.id === rude.id);
    expect(gone.deletedAt).toBeTruthy();
    expect(gone.body).toBe("");
    expect(await notificationKinds(anna)).toContain("moderation_strike");
    expect(await notificationKinds(ben)).toContain("report_actioned");
  });
});
