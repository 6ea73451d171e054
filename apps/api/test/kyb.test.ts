import { randomUUID } from "node:crypto";
import {
  type CompanyVerifiedEvent,
  format,
  KYB_DOCUMENTS_MAX,
  type KybTransactionsUpdatedEvent,
  messages,
  type ServerToClientEvents,
} from "@vn/contract";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { auditLog, devOutbox, kybDocuments, kybTransactions, profiles } from "../src/db/schema/index";
import { type Jobs, startJobs } from "../src/jobs/index";
import { KYB_SIGNATURE_HEADER } from "../src/providers/kyb/sandbox";
import { signWebhook } from "../src/providers/webhook-signature";
import { attachRealtime } from "../src/realtime/index";
import { createCompany, createPerson } from "../src/seed/library";
import { SealedStorage, sealingKey } from "../src/shared/sealed-storage";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { type Headers, kybClient } from "./support/kyb";
import { mediaDir } from "./support/media";
import { pdf, png } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Business verification, KYB (issue 14, item 1–3): an owner builds the transaction (details,
 * supported documents, directors who confirm as verified people), submits it, and the sandbox
 * registry decides over real HTTP (signed webhooks) after its delay, on the job runner. The
 * company's status, its badge, its sockets and the audit log follow.
 */
let testDb: TestDatabase;
let app: App;
let jobs: Jobs;
let baseUrl: string;
let media: Awaited<ReturnType<typeof mediaDir>>;
let client: ReturnType<typeof kybClient>;
const SECRET = "test-kyb-webhook-secret-test-kyb-webhook";
const db = () => testDb.database.db;
const BASE = "/api/v1/companies/me/kyb-transactions";

interface Person {
  userId: string;
  email: string;
  self: Headers;
  token: string;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  const config = testConfig({
    MEDIA_DIR: media.dir,
    KYB_SANDBOX_DELAY_MS: "50",
    KYB_WEBHOOK_SECRET: SECRET,
    RATE_LIMIT_NAMESPACE: `vn-kyb-${randomUUID()}:`,
    RATE_LIMIT_PER_MINUTE: "100000",
  });
  app = await buildApp(config, { database: testDb.database });
  app.deps.realtime = await attachRealtime(app);
  baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  // The registry posts to this API's address, known only now.
  app.deps.config.KYB_CALLBACK_ORIGIN = baseUrl;
  jobs = await startJobs({
    database: testDb.database,
    log: pino({ level: "silent" }),
    config: { ...config, KYB_CALLBACK_ORIGIN: baseUrl },
    storage: app.deps.storage,
    realtime: app.deps.realtime,
  });
  app.deps.jobs = jobs;
  client = kybClient(baseUrl);
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await app.close();
  await testDb.drop();
  await media.remove();
});

async function person(
  verificationStatus: "verified" | "not_verified" | "rejection" = "verified",
  extra: { status?: "blocked" | "deleted"; staffRole?: "admin" | "moderator" } = {},
): Promise<Person> {
  const id = randomUUID().slice(0, 8);
  const email = `kyb-${id}@example.com`;
  const seeded = await createPerson(db(), {
    name: `Person ${id}`,
    email,
    slug: `kyb.person.${id}`,
    verificationStatus,
    ...extra,
  });
  const self = await bearerFor(db(), seeded.userId);
  return { userId: seeded.userId, email, self, token: self.authorization!.slice(7) };
}

/** An unverified company with its verified owner, acting as it. */
async function company() {
  const owner = await person();
  const created = await createCompany(db(), {
    name: `Company ${randomUUID().slice(0, 6)}`,
    ownerUserId: owner.userId,
    planTier: "premium",
  });
  const acting = await bearerFor(db(), owner.userId, created.profileId);
  return { ...created, owner, acting, token: acting.authorization!.slice(7) };
}

const statusOf = async (profileId: string) =>
  (await db().select().from(profiles).where(eq(profiles.id, profileId)))[0]!;

async function latest(acting: Headers) {
  return (await client.call("GET", `${BASE}/latest`, acting)).body.data;
}

async function settled(acting: Headers, done: (status: string) => boolean) {
  let data = await latest(acting);
  for (let i = 0; i < 200 && !done(data.status); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    data = await latest(acting);
  }
  return data;
}

describe("an owner verifies a company end to end", () => {
  it("details → document → a director confirms → submit → verified, told live, with the badge", async () => {
    const firm = await company();
    const director = await person();
    expect((await client.call("GET", `${BASE}/latest`, firm.acting)).body).toEqual({ data: null });

    // An unverified company builds, but cannot publish (product decisions: company_notVerified).
    const publish = await client.call("POST", "/api/v1/content", firm.acting, {
      type: "post",
      content: "Hello",
    });
    expect(publish.body.error.code).toBe("company_notVerified");

    const created = await client.call("POST", BASE, firm.acting);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: "draft",
      canEdit: true,
      canSubmit: false,
      checklist: { details: false, documents: false, directors: false },
    });
    // Again: the open draft, not a second one.
    const again = await client.call("POST", BASE, firm.acting);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(created.body.data.id);

    const filled = await client.call(
      "PATCH",
      `${BASE}/company-details`,
      firm.acting,
      client.details("KRS-0000120001"),
    );
    expect(filled.status).toBe(200);
    expect(filled.body.data.details).toMatchObject({ registrationNumber: "KRS-0000120001", country: "PL" });
    expect(filled.body.data.checklist.details).toBe(true);

    const file = pdf("Certificate of incorporation");
    const uploaded = await client.upload(firm.acting, file, "../../certificate.pdf");
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({
      name: "certificate.pdf",
      mime: "application/pdf",
      size: file.length,
    });
    // Sealed at rest, the same bytes when read back.
    const [stored] = await db().select().from(kybDocuments).where(eq(kybDocuments.id, uploaded.body.data.id));
    const vault = new SealedStorage(app.deps.storage, sealingKey(app.deps.config));
    expect((await vault.raw(stored!.storageKey)).includes(Buffer.from("%PDF-"))).toBe(false);
    const back = await fetch(`${baseUrl}${BASE}/supported-documents/${uploaded.body.data.id}`, {
      headers: firm.acting,
    });
    expect(back.headers.get("content-type")).toBe("application/pdf");
    expect(back.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await back.arrayBuffer()).equals(file)).toBe(true);

    const invited = await client.call("POST", `${BASE}/director-invites`, firm.acting, {
      email: director.email.toUpperCase(),
      name: "Dana Director",
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data.directors).toEqual([
      expect.objectContaining({
        email: director.email,
        name: "Dana Director",
        status: "pending",
        verified: false,
      }),
    ]);
    // The mail carries the links whose cookies the web keeps while the director signs in.
    const [mail] = await db().select().from(devOutbox).where(eq(devOutbox.recipient, director.email));
    expect(mail?.text).toContain(`/companies/kyb-invite?company=${firm.slug}&status=accept`);
    expect(mail?.text).toContain(`/companies/kyb-invite?company=${firm.slug}&status=reject`);
    // A pending director blocks the submission.
    const early = await client.call("PATCH", `${BASE}/submit`, firm.acting);
    expect(early.body.error.code).toBe("kybTransaction_directorsPending");

    const socket: Socket<ServerToClientEvents> = ioClient(baseUrl, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      auth: { token: firm.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const updates: KybTransactionsUpdatedEvent[] = [];
    const verified: CompanyVerifiedEvent[] = [];
    socket.on("kybTransactions.updated", (event) => updates.push(event as KybTransactionsUpdatedEvent));
    socket.on("company.verified", (event) => verified.push(event as CompanyVerifiedEvent));

    // The director opens the link signed in: their invitation by the company's handle.
    const seen = await client.call(
      "GET",
      `/api/v1/users/me/companies/invites/by-company/${firm.slug}`,
      director.self,
    );
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      kind: "officer",
      status: "pending",
      company: { slug: firm.slug },
    });
    const accepted = await client.call(
      "PATCH",
      `/api/v1/users/me/companies/invites/by-company/${firm.slug}/accept`,
      director.self,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.status).toBe("accepted");
    await expect.poll(() => updates.length).toBeGreaterThan(0);

    const readyToGo = await latest(firm.acting);
    expect(readyToGo.directors[0]).toMatchObject({
      status: "accepted",
      verified: true,
      name: expect.stringMatching(/^Person /),
    });
    expect(readyToGo).toMatchObject({
      canSubmit: true,
      checklist: { details: true, documents: true, directors: true },
    });

    const submitted = await client.call("PATCH", `${BASE}/submit`, firm.acting);
    expect(submitted.status).toBe(202);
    expect(submitted.body.data).toMatchObject({ status: "pending", canEdit: false });
    expect((await statusOf(firm.profileId)).verificationStatus).toBe("pending");
    // Nothing changes once it went to the registry.
    const late = await client.call("PATCH", `${BASE}/company-details`, firm.acting, {
      legalName: "Other Name",
    });
    expect(late.body.error.code).toBe("kybTransaction_notEditable");

    const done = await settled(firm.acting, (status) => status === "accepted");
    expect(done).toMatchObject({ status: "accepted", canStartNew: false, reason: null });
    const profile = await statusOf(firm.profileId);
    expect(profile.verificationStatus).toBe("verified");
    expect(profile.verifiedAt).not.toBeNull();
    expect(profile.privacy).toBe("public_verified");
    await expect.poll(() => verified.map((e) => e.slug)).toContain(firm.slug);
    expect(updates.at(-1)).toMatchObject({ status: "accepted", verificationStatus: "verified" });
    socket.close();

    // The transparent badge: on the page, for a visitor, and in search results.
    const page = await client.call("GET", `/api/v2/profiles/${firm.slug}`, null);
    expect(page.body.data.user.business).toEqual({
      registrationNumber: "KRS-0000120001",
      country: "PL",
      verifiedDirectors: 1,
      checkedAt: done.decidedAt,
    });
    const name = (await statusOf(firm.profileId)).name;
    const search = await client.call(
      "GET",
      `/api/v1/search?search=${encodeURIComponent(name)}&kind=companies`,
      director.self,
    );
    const hit = search.body.data.companies.hits.find(
      (h: { profile: { slug: string } }) => h.profile.slug === firm.slug,
    );
    expect(hit?.business).toMatchObject({ registrationNumber: "KRS-0000120001", verifiedDirectors: 1 });

    // And it publishes now.
    expect((await client.call("POST", BASE, firm.acting)).body.error.code).toBe(
      "kybTransaction_alreadyVerified",
    );
    const actions = (await db().select().from(auditLog).where(eq(auditLog.resourceId, done.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        "kyb.created",
        "kyb.detailsUpdated",
        "kyb.documentAdded",
        "kyb.directorInvited",
        "kyb.directorAnswered",
        "kyb.submitted",
        "kyb.decided",
      ]),
    );
  });
});

describe("what submit needs, with the spec's messages", () => {
  it("refuses missing details, no documents, no confirmed director, and an unsupported country", async () => {
    const firm = await company();
    await client.call("POST", BASE, firm.acting);
    expect((await client.call("PATCH", `${BASE}/submit`, firm.acting)).body.error.code).toBe(
      "kybTransaction_detailsMissing",
    );
    const sanctioned = await client.call("PATCH", `${BASE}/company-details`, firm.acting, { country: "ir" });
    expect(sanctioned.status).toBe(422);
    expect(sanctioned.body.error).toMatchObject({
      code: "kybTransaction_countryNotSupported",
      message: "Business profile is not available in the selected country",
    });
    const badDate = await client.call("PATCH", `${BASE}/company-details`, firm.acting, {
      incorporationDate: "2015-02-30",
    });
    expect(badDate.body.error.code).toBe("request_validationFailed");
    const future = await client.call("PATCH", `${BASE}/company-details`, firm.acting, {
      incorporationDate: "2999-01-01",
    });
    expect(JSON.stringify(future.body.error.details)).toContain(messages.kybDateInFuture);
    const nul = await client.call("PATCH", `${BASE}/company-details`, firm.acting, {
      legalName: "Bad\u0000Name",
    });
    expect(nul.status).toBe(422);
    // Nothing of the refused requests was written.
    expect((await latest(firm.acting)).details).toMatchObject({
      country: null,
      incorporationDate: null,
      legalName: null,
    });

    await client.call("PATCH", `${BASE}/company-details`, firm.acting, client.details("123450001"));
    const noDocuments = await client.call("PATCH", `${BASE}/submit`, firm.acting);
    expect(noDocuments.body.error).toMatchObject({
      code: "kybTransaction_supportedDocumentsNotProvided",
      message: "Supported documents not provided",
    });
    expect((await client.upload(firm.acting, pdf())).status).toBe(201);
    expect((await client.call("PATCH", `${BASE}/submit`, firm.acting)).body.error.code).toBe(
      "kybTransaction_directorsMissing",
    );
    expect((await latest(firm.acting)).status).toBe("draft");
  });

  it("takes PDF, JPG and PNG by their bytes, up to the count, and removes a draft's document", async () => {
    const firm = await company();
    await client.call("POST", BASE, firm.acting);
    const text = await client.upload(firm.acting, Buffer.from("not a pdf at all"), "fake.pdf");
    expect(text.body.error).toMatchObject({ code: "file_invalidType", message: messages.kybDocumentType });
    expect((await client.upload(firm.acting, await png(400, 400), "scan.png", "image/png")).status).toBe(201);
    const ids: string[] = [];
    for (let i = 1; i < KYB_DOCUMENTS_MAX; i++)
      ids.push((await client.upload(firm.acting, pdf(`page ${i}`))).body.data.id);
    const extra = await client.upload(firm.acting, pdf("one too many"));
    expect(extra.body.error.code).toBe("kybTransaction_tooManyDocuments");
    expect((await latest(firm.acting)).documents).toHaveLength(KYB_DOCUMENTS_MAX);
    const removed = await client.call("DELETE", `${BASE}/supported-documents/${ids[0]}`, firm.acting);
    expect(removed.status).toBe(204);
    expect((await latest(firm.acting)).documents).toHaveLength(KYB_DOCUMENTS_MAX - 1);
    // Another company cannot read or remove it.
    const other = await company();
    await client.call("POST", BASE, other.acting);
    expect((await client.call("GET", `${BASE}/supported-documents/${ids[1]}`, other.acting)).status).toBe(
      404,
    );
    expect((await client.call("DELETE", `${BASE}/supported-documents/${ids[1]}`, other.acting)).status).toBe(
      404,
    );
  });
});

describe("director invitations", () => {
  it("refuses blocked, deleted and never-verifiable people and a second invite; cancels", async () => {
    const firm = await company();
    await client.call("POST", BASE, firm.acting);
    const invite = (email: string) => client.call("POST", `${BASE}/director-invites`, firm.acting, { email });
    const blocked = await person("verified", { status: "blocked" });
    const deleted = await person("verified", { status: "deleted" });
    const rejected = await person("rejection");
    expect((await invite(blocked.email)).body.error.code).toBe("kybTransaction_directorInviteBlockedUser");
    expect((await invite(deleted.email)).body.error.code).toBe("kybTransaction_directorInviteInactiveUser");
    expect((await invite(rejected.email)).body.error.code).toBe("kybTransaction_directorInviteInactiveUser");
    // Someone without an account yet may be invited: they sign up and verify.
    expect((await invite("future.director@example.com")).status).toBe(201);
    const twice = await invite("Future.Director@example.com");
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({
      code: "kybTransaction_directorInviteAlreadyExists",
      message: messages.alreadyAdded,
    });
    const listed = (await latest(firm.acting)).directors;
    expect(listed).toHaveLength(1);
    const cancelled = await client.call("PATCH", `${BASE}/director-invites/cancel`, firm.acting, {
      inviteId: listed[0].id,
    });
    expect(cancelled.body.data.directors[0].status).toBe("cancelled");
    // Cancelled: the email may be invited again.
    expect((await invite("future.director@example.com")).status).toBe(201);
  });

  it("an owner naming themselves is confirmed at once", async () => {
    const firm = await company();
    await client.call("POST", BASE, firm.acting);
    const self = await client.call("POST", `${BASE}/director-invites`, firm.acting, {
      email: firm.owner.email,
    });
    expect(self.body.data.directors[0]).toMatchObject({ status: "accepted", verified: true });
    expect(
      (await db().select().from(devOutbox).where(eq(devOutbox.recipient, firm.owner.email))).length,
    ).toBe(0);
  });

  it("a director must be verified to accept, the invitee only, and only while the draft is open", async () => {
    const firm = await company();
    const unverified = await person("not_verified");
    const stranger = await person();
    await client.call("POST", BASE, firm.acting);
    await client.call("POST", `${BASE}/director-invites`, firm.acting, { email: unverified.email });
    const [row] = (await latest(firm.acting)).directors;
    const byId = `/api/v1/users/me/companies/invites/${row.id}`;

    const notVerified = await client.call("PATCH", `${byId}/accept`, unverified.self);
    expect(notVerified.status).toBe(403);
    expect(notVerified.body.error).toMatchObject({
      code: "user_notVerified",
      message: messages.kybDirectorVerifyFirst,
    });
    expect((await latest(firm.acting)).directors[0].status).toBe("pending");

    const notTheirs = await client.call("GET", byId, stranger.self);
    expect(notTheirs.body.error).toMatchObject({
      code: "request_forbidden",
      message: messages.teamInviteNotYours,
    });
    const noneForStranger = await client.call(
      "GET",
      `/api/v1/users/me/companies/invites/by-company/${firm.slug}`,
      stranger.self,
    );
    expect(noneForStranger.status).toBe(404);

    // Once verified, they may; rejecting needs a reason and is shown to the owner.
    const rejectedNoReason = await client.call("PATCH", `${byId}/reject`, unverified.self, { reason: " " });
    expect(rejectedNoReason.status).toBe(422);
    const rejected = await client.call(
      "PATCH",
      `/api/v1/users/me/companies/invites/by-company/${firm.slug}/reject`,
      unverified.self,
      { reason: "I left the board in 2023." },
    );
    expect(rejected.body.data.status).toBe("rejected");
    expect((await latest(firm.acting)).directors[0]).toMatchObject({
      status: "rejected",
      rejectReason: "I left the board in 2023.",
    });
    // §8: the link is no longer available.
    const gone = await client.call("GET", byId, unverified.self);
    expect(gone.status).toBe(409);
    expect(gone.body.error.code).toBe("invite_unavailable");
  });
});

describe("the registry's other answers", () => {
  async function submitted(registrationNumber: string) {
    const firm = await company();
    const director = await person();
    const ready = await client.ready(
      firm.acting,
      director.self,
      director.email,
      firm.slug,
      registrationNumber,
    );
    expect(ready.body.data.canSubmit).toBe(true);
    expect((await client.call("PATCH", `${BASE}/submit`, firm.acting)).status).toBe(202);
    return { firm, director };
  }

  it("a fixable rejection: the company is failed and starts again from what it sent", async () => {
    const { firm } = await submitted("555550002");
    const decided = await settled(firm.acting, (s) => s === "rejected");
    expect(decided).toMatchObject({
      canStartNew: true,
      reason: { code: "registry_not_found", fixable: true },
    });
    expect((await statusOf(firm.profileId)).verificationStatus).toBe("failed");
    const next = await client.call("POST", BASE, firm.acting);
    expect(next.status).toBe(201);
    expect(next.body.data.id).not.toBe(decided.id);
    expect(next.body.data).toMatchObject({
      status: "draft",
      details: { registrationNumber: "555550002" },
      checklist: { details: true, documents: true, directors: true },
    });
    // The copy shares the stored file; removing it from the draft keeps the earlier attempt's.
    const copied = next.body.data.documents[0].id;
    expect((await client.call("DELETE", `${BASE}/supported-documents/${copied}`, firm.acting)).status).toBe(
      204,
    );
    const earlier = decided.documents[0].id;
    expect(
      (await fetch(`${baseUrl}${BASE}/supported-documents/${earlier}`, { headers: firm.acting })).status,
    ).toBe(200);
  });

  it("a final rejection: no new transaction", async () => {
    const { firm } = await submitted("555550003");
    const decided = await settled(firm.acting, (s) => s === "rejected");
    expect(decided).toMatchObject({
      canStartNew: false,
      reason: { code: "company_dissolved", fixable: false },
    });
    expect((await statusOf(firm.profileId)).verificationStatus).toBe("rejection");
    expect((await client.call("POST", BASE, firm.acting)).body.error.code).toBe("kybTransaction_notAllowed");
  });

  it("a manual review waits for an admin; a moderator may not decide", async () => {
    const { firm } = await submitted("555550004");
    const waiting = await settled(firm.acting, (s) => s === "pending_admin_action");
    expect((await statusOf(firm.profileId)).verificationStatus).toBe("pending");
    const admin = await person("verified", { staffRole: "admin" });
    const moderator = await person("verified", { staffRole: "moderator" });
    expect((await client.call("GET", "/api/v1/staff/kyb/queue", moderator.self)).status).toBe(403);
    const queue = await client.call("GET", "/api/v1/staff/kyb/queue", admin.self);
    expect(queue.body.data.map((t: { id: string }) => t.id)).toContain(waiting.id);
    const doc = await fetch(`${baseUrl}/api/v1/staff/kyb/documents/${waiting.documents[0].id}`, {
      headers: admin.self,
    });
    expect(doc.status).toBe(200);
    const path = `/api/v1/staff/kyb/transactions/${waiting.id}/decision`;
    expect((await client.call("POST", path, moderator.self, { decision: "accepted" })).status).toBe(403);
    expect((await client.call("POST", path, admin.self, { decision: "rejected" })).status).toBe(422);
    const decided = await client.call("POST", path, admin.self, {
      decision: "accepted",
      note: "Registry extract checked",
    });
    expect(decided.body.data.status).toBe("accepted");
    expect((await statusOf(firm.profileId)).verificationStatus).toBe("verified");
    // The company is told: a notification of its own (staff unnamed), and its owner by mail.
    await expect
      .poll(async () =>
        (await client.call("GET", "/api/v1/notifications", firm.acting)).body.data.map(
          (n: { kind: string; actor: { id: string } }) => `${n.kind}:${n.actor.id === firm.profileId}`,
        ),
      )
      .toEqual(["kyb_accepted:true"]);
    await expect
      .poll(async () =>
        (await db().select().from(devOutbox).where(eq(devOutbox.recipient, firm.owner.email))).map(
          (m) => m.subject,
        ),
      )
      .toContain(format(messages.mailKybVerifiedSubject, { company: decided.body.data.company.name }));
    expect((await client.call("POST", path, admin.self, { decision: "accepted" })).body.error.code).toBe(
      "kybTransaction_alreadyDecided",
    );
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.resourceId, waiting.id),
          eq(auditLog.action, "kyb.decided"),
          eq(auditLog.actorUserId, admin.userId),
        ),
      );
    expect(audit?.staffRole).toBe("admin");
  });

  it("refuses an unsigned, a wrongly signed and a replayed webhook", async () => {
    const { firm } = await submitted("555550001");
    const decided = await settled(firm.acting, (s) => s === "accepted");
    const [row] = await db().select().from(kybTransactions).where(eq(kybTransactions.id, decided.id));
    const event = {
      id: `evt_${randomUUID()}`,
      type: "check.updated",
      createdAt: new Date().toISOString(),
      data: { checkId: row!.checkId, reference: row!.id, status: "rejected", reason: "company_dissolved" },
    };
    const body = JSON.stringify(event);
    const post = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/api/v1/webhooks/kyb/sandbox`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
    expect((await post({})).status).toBe(400);
    expect(
      (await post({ [KYB_SIGNATURE_HEADER]: signWebhook("another-secret-another-secret-xx", body) })).status,
    ).toBe(400);
    const late = await post({ [KYB_SIGNATURE_HEADER]: signWebhook(SECRET, body) });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe(
      "kybTransaction_alreadyDecided",
    );
    // Decided stays decided.
    expect((await statusOf(firm.profileId)).verificationStatus).toBe("verified");
  });
});

describe("who may run it", () => {
  it("owners only, acting as the company", async () => {
    const firm = await company();
    const manager = await person();
    const employee = await person();
    const { companyMembers } = await import("../src/db/schema/index");
    await db()
      .insert(companyMembers)
      .values([
        { companyId: firm.profileId, userId: manager.userId, role: "manager" },
        { companyId: firm.profileId, userId: employee.userId, role: "company_employee" },
      ]);
    const asManager = await bearerFor(db(), manager.userId, firm.profileId);
    const asEmployee = await bearerFor(db(), employee.userId, firm.profileId);
    for (const headers of [asManager, asEmployee]) {
      const refused = await client.call("POST", BASE, headers);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("accountManager_permissionNotProvided");
    }
    const asSelf = await client.call("POST", BASE, firm.owner.self);
    expect(asSelf.body.error.code).toBe("request_forbidden");
    expect((await client.call("GET", `${BASE}/latest`, null)).status).toBe(401);
    expect(
      (await db().select().from(kybTransactions).where(eq(kybTransactions.companyId, firm.profileId))).length,
    ).toBe(0);
  });
});
