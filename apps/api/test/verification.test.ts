import { randomUUID } from "node:crypto";
import {
  IDV_MAX_RETRIES,
  type IdvTransactionCompletedEvent,
  messages,
  type NotificationEvent,
  type ServerToClientEvents,
  type VerificationState,
} from "@vn/contract";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { auditLog, devOutbox, idvDocuments, idvTransactions, profiles } from "../src/db/schema/index";
import { type Jobs, startJobs } from "../src/jobs/index";
import { signWebhook } from "../src/providers/identity/signature";
import { attachRealtime } from "../src/realtime/index";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { mediaDir } from "./support/media";
import { jpeg, pdf, png } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Issue 12: identity verification end to end against the sandbox vendor, over real HTTP (the
 * vendor posts its signed webhooks to this API) with the job runner deciding after its delay.
 */
let testDb: TestDatabase;
let app: App;
let jobs: Jobs;
let baseUrl: string;
let media: Awaited<ReturnType<typeof mediaDir>>;
let front: Buffer;
let selfie: Buffer;
const SECRET = "test-idv-webhook-secret-test-idv-webhook";

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  const config = testConfig({
    MEDIA_DIR: media.dir,
    IDV_SANDBOX_DELAY_MS: "50",
    IDV_WEBHOOK_SECRET: SECRET,
    RATE_LIMIT_NAMESPACE: `vn-idv-${randomUUID()}:`,
  });
  app = await buildApp(config, { database: testDb.database });
  app.deps.realtime = await attachRealtime(app);
  baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  // The vendor posts to this API's address, known only now.
  app.deps.config.IDV_CALLBACK_ORIGIN = baseUrl;
  jobs = await startJobs({
    database: testDb.database,
    log: pino({ level: "silent" }),
    config,
    storage: app.deps.storage,
    realtime: app.deps.realtime,
  });
  app.deps.jobs = jobs;
  front = await jpeg(1200, 800);
  selfie = await jpeg(600, 800);
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await app.close();
  await testDb.drop();
  await media.remove();
});

interface Person {
  userId: string;
  profileId: string;
  slug: string;
  headers: Record<string, string>;
  token: string;
}

async function person(
  status: "not_verified" | "verified" = "not_verified",
  staffRole?: "admin" | "moderator",
) {
  const id = randomUUID().slice(0, 8);
  const seeded = await createPerson(testDb.database.db, {
    name: `Person ${id}`,
    email: `idv-${id}@example.com`,
    slug: `idv.person.${id}`,
    verificationStatus: status,
    staffRole,
  });
  const headers = await bearerFor(testDb.database.db, seeded.userId);
  return { ...seeded, headers, token: headers.authorization!.slice(7) } satisfies Person;
}

/** A JSON answer, read loosely: the assertions say what it must hold. */
// biome-ignore lint/suspicious/noExplicitAny: test answers are checked by the assertions
type Answer = { status: number; body: any };

async function call(method: string, path: string, who: Person | null, body?: unknown): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(who ? who.headers : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const stateOf = async (who: Person) =>
  (await call("GET", "/api/v1/users/me/verification", who)).body.data as VerificationState;

function upload(
  path: string,
  fields: Record<string, string>,
  file: Buffer,
  name: string,
  who: Person | null = null,
): Promise<Answer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([new Uint8Array(file)]), name);
  return fetch(`${baseUrl}${path}`, { method: "POST", body: form, headers: who ? who.headers : {} }).then(
    async (r) => ({ status: r.status, body: await r.json() }),
  );
}

/** Starts, captures a passport with this number, and submits; answers the session token. */
async function capture(who: Person, documentNumber: string): Promise<string> {
  const started = await call("POST", "/api/v1/users/me/verification/transactions", who, { country: "PL" });
  expect(started.status).toBe(201);
  const token = new URL(started.body.data.captureUrl).searchParams.get("session")!;
  const session = `/api/v1/identity-sandbox/sessions/${token}`;
  expect((await upload(`${session}/images`, { side: "front" }, front, "front.jpg")).status).toBe(201);
  expect((await upload(`${session}/images`, { side: "selfie" }, selfie, "selfie.jpg")).status).toBe(201);
  const submitted = await call("POST", `${session}/submit`, null, {
    documentType: "passport",
    documentNumber,
  });
  expect(submitted.status).toBe(202);
  return token;
}

async function settled(who: Person, done: (state: VerificationState) => boolean, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await stateOf(who);
    if (done(state)) return state;
    if (Date.now() > until) throw new Error(`verification did not settle: ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A staff document image, as `who` fetches it. */
const document = (id: string, who: Person | null) =>
  fetch(`${baseUrl}/api/v1/staff/verification/documents/${id}`, { headers: who ? who.headers : {} });

const kindsOf = async (who: Person): Promise<string[]> =>
  (await call("GET", "/api/v1/notifications", who)).body.data.map((n: { kind: string }) => n.kind);

async function subjectsOf(email: string): Promise<string[]> {
  const mails = await testDb.database.db.select().from(devOutbox).where(eq(devOutbox.recipient, email));
  return mails.map((m) => m.subject ?? "");
}

const publish = (who: Person) =>
  call("POST", "/api/v1/content", who, { kind: "post", content: "Hello, verified world" });

describe("the happy path", () => {
  it("start → capture → processing → success over the socket, and publishing opens", async () => {
    const anna = await person();
    expect((await publish(anna)).body.error.code).toBe("user_notVerified");
    const fresh = await stateOf(anna);
    expect(fresh).toMatchObject({
      status: "not_verified",
      summary: "access restricted",
      screen: "flow",
      canStart: true,
    });

    const socket: Socket<ServerToClientEvents> = ioClient(baseUrl, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      auth: { token: anna.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const events: IdvTransactionCompletedEvent[] = [];
    socket.on("idv.transaction.completed", (event) => events.push(event as IdvTransactionCompletedEvent));

    const submittedAt = Date.now();
    await capture(anna, "P1230001");
    const pending = await stateOf(anna);
    expect(pending).toMatchObject({ status: "pending", summary: "pending", screen: "processing" });
    expect(pending.transaction).toMatchObject({
      stage: "processing",
      documentType: "passport",
      documentNumberEnd: "0001",
    });

    const done = await settled(anna, (s) => s.status === "verified");
    console.log(`sandbox: submit → decision ${Date.now() - submittedAt} ms (IDV_SANDBOX_DELAY_MS=50)`);
    expect(done).toMatchObject({ summary: "verified", screen: "success", canStart: false });
    expect(done.verifiedAt).not.toBeNull();
    await expect.poll(() => events.map((e) => e.status)).toContain("accepted");
    expect(events.at(-1)).toMatchObject({ verificationStatus: "verified", screen: "success" });
    socket.close();

    const [profile] = await testDb.database.db.select().from(profiles).where(eq(profiles.id, anna.profileId));
    expect(profile).toMatchObject({ verificationStatus: "verified", privacy: "public_verified" });
    // A new session picks the new status up (the actor is read per request).
    expect((await publish(anna)).status).toBe(201);
    // The person is told by mail too, once.
    await expect
      .poll(async () =>
        (await testDb.database.db.select().from(devOutbox).where(eq(devOutbox.recipient, anna.email))).map(
          (m) => m.subject,
        ),
      )
      .toEqual([messages.mailVerifiedSubject]);
    const audit = await testDb.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "verification.decided"));
    expect(audit.some((row) => (row.after as { person?: string }).person === "verified")).toBe(true);
  });

  it("keeps only sealed bytes at rest and only the number's last four characters", async () => {
    const who = await person();
    await capture(who, "AB 99 0001");
    await settled(who, (s) => s.status === "verified");
    const [transaction] = await testDb.database.db
      .select()
      .from(idvTransactions)
      .where(eq(idvTransactions.userId, who.userId));
    expect(transaction?.documentNumberEnd).toBe("0001");
    expect(JSON.stringify(transaction)).not.toContain("AB990001");
    const documents = await testDb.database.db
      .select()
      .from(idvDocuments)
      .where(eq(idvDocuments.transactionId, transaction!.id));
    expect(documents.map((d) => d.side).sort()).toEqual(["front", "selfie"]);
    for (const document of documents) {
      const raw = await app.verification.rawStored(document.storageKey);
      // No JPEG signature, and no run of the original bytes.
      expect(raw.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(raw.includes(front.subarray(200, 232))).toBe(false);
      const { bytes } = await app.verification.readDocument(
        { userId: who.userId, profileId: who.profileId, staffRole: "admin" },
        document.id,
      );
      expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    }
  });
});

describe("rejections", () => {
  it("a fixable rejection → retry → success", async () => {
    const who = await person();
    await capture(who, "X0002");
    const rejected = await settled(who, (s) => s.transaction?.stage === "decided");
    expect(rejected).toMatchObject({
      status: "failed",
      screen: "reject",
      canStart: true,
      retriesLeft: IDV_MAX_RETRIES,
    });
    expect(rejected.transaction?.reason).toMatchObject({ code: "document_unreadable", fixable: true });
    // Still unverified: the gates hold.
    expect((await publish(who)).status).toBe(403);
    await capture(who, "X0001");
    const done = await settled(who, (s) => s.status === "verified");
    expect(done.transaction?.attempt).toBe(2);
  });

  it("after the last retry the rejection is final: no more starts, appeal instead", async () => {
    const who = await person();
    for (let attempt = 1; attempt <= IDV_MAX_RETRIES + 1; attempt++) {
      await capture(who, `Y${attempt}0002`);
      await settled(who, (s) => s.transaction?.stage === "decided" && s.transaction.attempt === attempt);
    }
    const final = await stateOf(who);
    expect(final).toMatchObject({
      status: "rejection",
      summary: "rejected",
      screen: "reject",
      canAppeal: true,
      retriesLeft: 0,
    });
    expect(final.transaction?.reason?.fixable).toBe(false);
    const again = await call("POST", "/api/v1/users/me/verification/transactions", who, { country: "PL" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("verification_retryLimitReached");
  });

  it("a final rejection → read-only → one appeal → staff decide", async () => {
    const who = await person();
    const other = await person("verified");
    await capture(who, "Z0003");
    const rejected = await settled(who, (s) => s.transaction?.stage === "decided");
    expect(rejected).toMatchObject({ status: "rejection", canAppeal: true, canStart: false });
    // Read-only: not even following.
    const follow = await call("POST", `/api/v1/profiles/${other.slug}/follow`, who);
    expect(follow.status).toBe(403);
    expect(follow.body.error.code).toBe("user_notVerified");

    expect(
      (await call("POST", "/api/v1/users/me/verification/appeal", who, { message: "short" })).status,
    ).toBe(422);
    const appealed = await call("POST", "/api/v1/users/me/verification/appeal", who, {
      message: "This is my real passport, please look again.",
    });
    expect(appealed.status).toBe(201);
    expect(appealed.body.data).toMatchObject({ status: "appealed", screen: "appeal", canAppeal: false });
    const twice = await call("POST", "/api/v1/users/me/verification/appeal", who, {
      message: "Please, this is my second appeal.",
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({
      code: "appeal_alreadySubmitted",
      message: messages.appealAlreadySubmitted,
    });

    const moderator = await person("verified", "moderator");
    const queue = await call("GET", "/api/v1/staff/verification/queue", moderator);
    const item = queue.body.data.find((i: { person: { userId: string } }) => i.person.userId === who.userId);
    expect(item).toMatchObject({ kind: "appeal" });
    expect(item.documents).toHaveLength(2);
    // The moderator deciding the appeal sees its document images; nobody else outside staff does.
    const image = await document(item.documents[0].id, moderator);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
    expect(image.headers.get("cache-control")).toBe("no-store");
    expect((await document(item.documents[0].id, other)).status).toBe(404);
    expect((await document(item.documents[0].id, null)).status).toBe(401);
    // Not staff: the back-office does not exist for them.
    expect(
      (
        await call("POST", `/api/v1/staff/verification/appeals/${item.appeal.id}/decision`, other, {
          decision: "accepted",
        })
      ).status,
    ).toBe(404);
    const decided = await call(
      "POST",
      `/api/v1/staff/verification/appeals/${item.appeal.id}/decision`,
      moderator,
      {
        decision: "accepted",
        note: "Document checked by hand.",
      },
    );
    expect(decided.status).toBe(200);
    expect(decided.body.data).toMatchObject({ status: "verified", screen: "success" });
    // Told: a notification of their own (staff unnamed), a mail, the audit log.
    await expect.poll(async () => kindsOf(who)).toContain("verification_accepted");
    const [notice] = (await call("GET", "/api/v1/notifications", who)).body.data;
    expect(notice.actor.id).toBe(who.profileId);
    await expect.poll(async () => subjectsOf(who.email)).toContain(messages.mailVerifiedSubject);
    const [audit] = await testDb.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, item.appeal.id), eq(auditLog.action, "verification.appealDecided")));
    expect(audit).toMatchObject({
      actorUserId: moderator.userId,
      staffRole: "moderator",
    });
    // Decided, its documents are no longer the moderator's to read.
    expect((await document(item.documents[0].id, moderator)).status).toBe(404);
    const again = await call(
      "POST",
      `/api/v1/staff/verification/appeals/${item.appeal.id}/decision`,
      moderator,
      {
        decision: "rejected",
      },
    );
    expect(again.body.error.code).toBe("verification_alreadyDecided");
  });
});

describe("the vendor asks for more, or for a person", () => {
  it("a request for more documents → upload → send → success", async () => {
    const who = await person();
    await capture(who, "R0005");
    const asked = await settled(who, (s) => s.transaction?.status === "pending_user_action");
    expect(asked).toMatchObject({ status: "pending", screen: "rfi" });
    expect(asked.transaction?.requestedDocuments).toMatch(/proof of address/);

    expect((await call("POST", "/api/v1/users/me/verification/documents/submit", who)).body.error.code).toBe(
      "verification_documentsRequired",
    );
    const wrong = await upload("/api/v1/users/me/verification/documents", {}, pdf(), "bill.pdf", who);
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe("file_invalidType");
    const tiny = await upload(
      "/api/v1/users/me/verification/documents",
      {},
      await png(100, 100),
      "bill.png",
      who,
    );
    expect(tiny.body.error.code).toBe("file_imageTooSmall");
    const added = await upload(
      "/api/v1/users/me/verification/documents",
      {},
      await png(800, 1000),
      "bill.png",
      who,
    );
    expect(added.status).toBe(201);
    const removable = await upload(
      "/api/v1/users/me/verification/documents",
      {},
      await png(800, 1000),
      "b.png",
      who,
    );
    expect(
      (await call("DELETE", `/api/v1/users/me/verification/documents/${removable.body.data.id}`, who)).status,
    ).toBe(204);
    expect((await stateOf(who)).transaction?.extraDocuments).toHaveLength(1);

    const sent = await call("POST", "/api/v1/users/me/verification/documents/submit", who);
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ status: "pending", screen: "processing" });
    await settled(who, (s) => s.status === "verified");
  });

  it("manual review: only an admin decides, once", async () => {
    const who = await person();
    await capture(who, "M0004");
    const waiting = await settled(who, (s) => s.transaction?.status === "pending_admin_action");
    expect(waiting).toMatchObject({ status: "pending", screen: "processing" });
    const path = `/api/v1/staff/verification/transactions/${waiting.transaction!.id}/decision`;
    const moderator = await person("verified", "moderator");
    expect((await call("POST", path, moderator, { decision: "accepted" })).status).toBe(403);
    const admin = await person("verified", "admin");
    // The admin's queue holds it with its images; a moderator, who may not decide it, sees neither.
    const queued = (await call("GET", "/api/v1/staff/verification/queue", admin)).body.data.find(
      (i: { transaction: { id: string } }) => i.transaction.id === waiting.transaction!.id,
    );
    expect(queued).toMatchObject({ kind: "transaction", appeal: null, person: { userId: who.userId } });
    expect(queued.documents.map((d: { side: string }) => d.side).sort()).toEqual(["front", "selfie"]);
    const forModerator = (await call("GET", "/api/v1/staff/verification/queue", moderator)).body.data;
    expect(forModerator.every((i: { kind: string }) => i.kind === "appeal")).toBe(true);
    expect((await document(queued.documents[0].id, moderator)).status).toBe(404);
    expect((await document(queued.documents[0].id, admin)).status).toBe(200);
    expect((await call("POST", path, admin, { decision: "rejected" })).status).toBe(422);
    // A reason that is not a person's judgement (the vendor's, the upkeep's) is not staff's to pick.
    expect(
      (await call("POST", path, admin, { decision: "rejected", reason: "session_expired" })).status,
    ).toBe(422);

    const socket: Socket<ServerToClientEvents> = ioClient(baseUrl, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      auth: { token: who.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const live: string[] = [];
    socket.on("idv.transaction.completed", (event) => live.push(`idv:${event.verificationStatus}`));
    socket.on("notification", (event) =>
      live.push(`notification:${(event as unknown as NotificationEvent).notification.kind}`),
    );
    const done = await call("POST", path, admin, { decision: "accepted", note: "Passport checked by hand" });
    expect(done.body.data).toMatchObject({ status: "verified" });
    await expect.poll(() => live.sort()).toEqual(["idv:verified", "notification:verification_accepted"]);
    socket.close();
    await expect.poll(async () => subjectsOf(who.email)).toEqual([messages.mailVerifiedSubject]);
    expect((await call("POST", path, admin, { decision: "accepted" })).body.error.code).toBe(
      "verification_alreadyDecided",
    );
    const [row] = await testDb.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, waiting.transaction!.id));
    expect(row).toMatchObject({ actorUserId: admin.userId, staffRole: "admin" });
  });

  it("a provisional acceptance verifies at once and is confirmed later", async () => {
    const who = await person();
    await capture(who, "T0006");
    await settled(who, (s) => s.status === "verified");
    const confirmed = await settled(who, (s) => s.transaction?.status === "accepted");
    expect(confirmed.status).toBe("verified");
  });

  it("a vendor failure lets the person start again", async () => {
    const who = await person();
    await capture(who, "F0007");
    const failed = await settled(who, (s) => s.transaction?.stage === "decided");
    expect(failed).toMatchObject({ status: "failed", screen: "failure", canStart: true });
    expect(failed.transaction?.reason?.code).toBe("technical_failure");
  });
});

describe("bad input", () => {
  it("refuses a sanctioned country with the spec's message", async () => {
    const who = await person();
    const refused = await call("POST", "/api/v1/users/me/verification/transactions", who, { country: "ir" });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "verification_countryUnavailable",
      message: "User verification is not available for this country (sanctioned country)",
    });
    expect((await stateOf(who)).transaction).toBeNull();
  });

  it("lets one of two simultaneous starts through", async () => {
    const who = await person();
    const both = await Promise.all([
      call("POST", "/api/v1/users/me/verification/transactions", who, { country: "PL" }),
      call("POST", "/api/v1/users/me/verification/transactions", who, { country: "PL" }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)?.body.error.code).toBe("verification_inProgress");
    const rows = await testDb.database.db
      .select()
      .from(idvTransactions)
      .where(eq(idvTransactions.userId, who.userId));
    expect(rows).toHaveLength(1);
  });

  it("refuses an incomplete capture, a wrong side, a wrong file and an unknown session", async () => {
    const who = await person();
    const started = await call("POST", "/api/v1/users/me/verification/transactions", who, { country: "DE" });
    const token = new URL(started.body.data.captureUrl).searchParams.get("session")!;
    const session = `/api/v1/identity-sandbox/sessions/${token}`;
    const incomplete = await call("POST", `${session}/submit`, null, {
      documentType: "id_card",
      documentNumber: "1230001",
    });
    expect(incomplete.body.error.code).toBe("verification_captureIncomplete");
    expect((await upload(`${session}/images`, { side: "ear" }, front, "x.jpg")).status).toBe(422);
    expect((await upload(`${session}/images`, { side: "front" }, pdf(), "x.jpg")).body.error.code).toBe(
      "file_invalidType",
    );
    expect((await call("GET", `/api/v1/identity-sandbox/sessions/${"x".repeat(32)}`, null)).status).toBe(404);
    expect((await call("GET", "/api/v1/identity-sandbox/sessions/%00", null)).status).toBeLessThan(500);
    const opened = await call("GET", session, null);
    expect(opened.body.data).toMatchObject({ status: "open", country: "DE", images: { front: false } });
  });

  it("refuses webhooks with a bad signature, replays, unknown and decided transactions", async () => {
    const who = await person();
    await capture(who, "W0001");
    const done = await settled(who, (s) => s.status === "verified");
    const hook = (body: string, signature: string): Promise<Answer> =>
      fetch(`${baseUrl}/api/v1/webhooks/identity/sandbox`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-idv-signature": signature },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const event = (reference: string, id = `evt_${randomUUID()}`) =>
      JSON.stringify({
        id,
        type: "transaction.updated",
        createdAt: new Date().toISOString(),
        data: { sessionId: "sbx_x", reference, status: "rejected", reason: "document_fraudulent" },
      });

    const forged = await hook(
      event(done.transaction!.id),
      signWebhook("another-secret-another-secret-xx", event("x")),
    );
    expect(forged).toMatchObject({ status: 400, body: { error: { code: "webhook_invalidSignature" } } });
    const old = event(done.transaction!.id);
    expect((await hook(old, signWebhook(SECRET, old, new Date(Date.now() - 10 * 60_000)))).status).toBe(400);
    expect((await hook(old, "")).status).toBe(400);
    const unknown = event(randomUUID());
    expect((await hook(unknown, signWebhook(SECRET, unknown))).body.error.code).toBe("verification_notFound");
    // A signed event for a decided transaction changes nothing.
    const [row] = await testDb.database.db
      .select()
      .from(idvTransactions)
      .where(eq(idvTransactions.id, done.transaction!.id));
    const late = JSON.stringify({
      ...JSON.parse(event(done.transaction!.id)),
      data: { ...JSON.parse(event(done.transaction!.id)).data, sessionId: row!.vendorSessionId },
    });
    const lateAnswer = await hook(late, signWebhook(SECRET, late));
    expect(lateAnswer.body.error.code).toBe("verification_alreadyDecided");
    expect((await stateOf(who)).status).toBe("verified");

    // An event taken in once is a replay the second time, even with a fresh signature.
    const reviewed = await person();
    await capture(reviewed, "V0004");
    const waiting = await settled(reviewed, (s) => s.transaction?.status === "pending_admin_action");
    const [open] = await testDb.database.db
      .select()
      .from(idvTransactions)
      .where(eq(idvTransactions.id, waiting.transaction!.id));
    const decision = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: "transaction.updated",
      createdAt: new Date().toISOString(),
      data: { sessionId: open!.vendorSessionId, reference: open!.id, status: "accepted", reason: null },
    });
    expect((await hook(decision, signWebhook(SECRET, decision))).status).toBe(200);
    expect((await hook(decision, signWebhook(SECRET, decision))).body.error.code).toBe("webhook_replayed");
    expect((await stateOf(reviewed)).status).toBe("verified");
    expect((await hook("{not json", signWebhook(SECRET, "{not json"))).status).toBe(400);
  });
});

describe("upkeep", () => {
  it("deletes document images 30 days after the decision; the decision stays", async () => {
    const who = await person();
    await capture(who, "D0001");
    const done = await settled(who, (s) => s.status === "verified");
    const id = done.transaction!.id;
    const documents = await testDb.database.db
      .select()
      .from(idvDocuments)
      .where(eq(idvDocuments.transactionId, id));
    expect(await app.verification.purgeDocuments()).toBe(0);
    await testDb.database.db
      .update(idvTransactions)
      .set({ decidedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(idvTransactions.id, id));
    expect(await app.verification.purgeDocuments()).toBeGreaterThanOrEqual(1);
    expect(
      await testDb.database.db.select().from(idvDocuments).where(eq(idvDocuments.transactionId, id)),
    ).toHaveLength(0);
    for (const document of documents) {
      await expect(app.verification.rawStored(document.storageKey)).rejects.toThrow();
    }
    const [kept] = await testDb.database.db.select().from(idvTransactions).where(eq(idvTransactions.id, id));
    expect(kept).toMatchObject({ status: "accepted", documentsPurgedAt: expect.any(Date) });
  });

  it("closes a capture never sent as failed (session_expired)", async () => {
    const who = await person();
    await call("POST", "/api/v1/users/me/verification/transactions", who, { country: "PL" });
    expect(await app.verification.expireStaleCaptures(new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
    const state = await stateOf(who);
    expect(state).toMatchObject({ status: "not_verified", canStart: true });
    expect(state.transaction?.reason?.code).toBe("session_expired");
  });
});
