import { randomUUID } from "node:crypto";
import { AppError } from "@vn/contract";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { kybTransactions, profiles } from "../src/db/schema/index";
import { MiddeskKybVendor, parseUsAddress } from "../src/providers/kyb/middesk";
import type { KybCheckRequest } from "../src/providers/kyb/types";
import { createCompany, createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { kybClient } from "./support/kyb";
import { mediaDir } from "./support/media";
import { pdf } from "./support/media-fixtures";
import { middeskStandIn, middeskTasks } from "./support/middesk-stand-in";
import { bearerFor } from "./support/sessions";

/**
 * Issue 14: the real business registry (Middesk) against a local stand-in that checks every
 * request the way Middesk would (the API key, the create-a-business body) and answers and signs
 * its webhooks like it. Provider-level, then once through the app (KYB_PROVIDER=middesk).
 */

const API_KEY = `mk_test_${randomUUID().replaceAll("-", "")}`;
const WEBHOOK_SECRET = `sec_${randomUUID()}`;
const standIn = middeskStandIn({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
/** What the provider logged (pino's JSON lines), to see that vendor errors are. */
const logged: Array<Record<string, unknown>> = [];
const log = pino({ level: "info" }, { write: (line: string) => logged.push(JSON.parse(line)) });
let apiUrl = "";
let vendor: MiddeskKybVendor;

beforeAll(async () => {
  apiUrl = await standIn.start();
  vendor = new MiddeskKybVendor({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl }, { log });
});
afterAll(() => standIn.close());

function checkRequest(overrides: Partial<KybCheckRequest["company"]> = {}): KybCheckRequest {
  return {
    reference: randomUUID(),
    callbackUrl: "https://api.example.com/api/v1/webhooks/kyb/middesk",
    company: {
      legalName: "Acme Robotics Inc.",
      registrationNumber: "12-3410000",
      country: "US",
      registeredAddress: "2180 Bryant St, Unit 210, San Francisco, CA 94110",
      incorporationDate: "2015-04-01",
      website: "https://acme.example",
      ...overrides,
    },
    directors: [
      { name: "Ada Lovelace", email: "ada@acme.example" },
      { name: "Grace Hopper", email: "grace@acme.example" },
    ],
    documents: [{ name: "certificate.pdf", mime: "application/pdf", bytes: Buffer.from("%PDF-1.4 test") }],
  };
}

/** The error a call threw, as an AppError (fails the test when it threw none or another kind). */
async function appError(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function openedCheck() {
  const request = checkRequest();
  const { checkId } = await vendor.createCheck(request);
  return { request, checkId };
}

describe("Middesk: opening a check", () => {
  it("creates a business with what Middesk needs and returns its id", async () => {
    const request = checkRequest();
    const { checkId } = await vendor.createCheck(request);

    const [sent] = standIn.sent("POST", "/v1/businesses").slice(-1);
    expect(sent!.headers.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString("base64")}`);
    expect(sent!.headers["content-type"]).toBe("application/json");
    expect(sent!.body).toEqual({
      name: "Acme Robotics Inc.",
      tin: { tin: "123410000" },
      addresses: [
        {
          address_line1: "2180 Bryant St",
          address_line2: "Unit 210",
          city: "San Francisco",
          state: "CA",
          postal_code: "94110",
        },
      ],
      website: { url: "https://acme.example" },
      people: [{ name: "Ada Lovelace" }, { name: "Grace Hopper" }],
      external_id: request.reference,
    });
    // Middesk takes no uploads and has no per-business webhook: neither is sent.
    expect(sent!.raw).not.toContain("certificate.pdf");
    expect(sent!.raw).not.toContain(request.callbackUrl);
    expect(standIn.businesses.get(checkId)).toMatchObject({ external_id: request.reference, status: "open" });
    expect(standIn.failures).toEqual([]);
  });

  it("leaves the website out when the company has none", async () => {
    await vendor.createCheck(checkRequest({ website: null }));
    const [sent] = standIn.sent("POST", "/v1/businesses").slice(-1);
    expect(sent!.body).not.toHaveProperty("website");
    expect(standIn.failures).toEqual([]);
  });

  it("covers US companies only", () => {
    expect(vendor.supportsCountry("US")).toBe(true);
    for (const country of ["GB", "PL", "CA", "DE"]) expect(vendor.supportsCountry(country)).toBe(false);
  });

  it("turns a Middesk outage into request_unavailable carrying its message, and logs it", async () => {
    standIn.failNext("POST", 500, { message: "Internal Server Error" });
    const outage = await appError(vendor.createCheck(checkRequest()));
    expect(outage.code).toBe("request_unavailable");
    expect(outage.details).toMatchObject({
      vendor: "middesk",
      status: 500,
      message: "Internal Server Error",
    });
    expect(logged.at(-1)).toMatchObject({ msg: "middesk: request refused", status: 500 });

    // A refusal (Middesk's 422 on an address it cannot read) says which parameter.
    const refused = await appError(
      vendor.createCheck(checkRequest({ registeredAddress: "Somewhere far away" })),
    );
    expect(refused.code).toBe("request_unavailable");
    expect(refused.details).toMatchObject({ status: 422 });
    expect((refused.details as { message: string }).message).toContain("addresses[0].city");
  });

  it("turns a wrong API key and an unreachable Middesk into request_unavailable", async () => {
    const wrongKey = new MiddeskKybVendor(
      { apiKey: "mk_test_wrong", webhookSecret: WEBHOOK_SECRET, apiUrl },
      { log: pino({ level: "silent" }) },
    );
    const unauthorized = await appError(wrongKey.createCheck(checkRequest()));
    expect(unauthorized.details).toMatchObject({ status: 401, message: "Unauthorized" });
    standIn.failures.length = 0;

    const unreachable = new MiddeskKybVendor(
      { apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: "http://127.0.0.1:1" },
      { log: pino({ level: "silent" }) },
    );
    expect((await appError(unreachable.createCheck(checkRequest()))).code).toBe("request_unavailable");
  });
});

describe("Middesk: webhooks", () => {
  it("maps an approved business to an accepted check, with Middesk's event id", async () => {
    const { request, checkId } = await openedCheck();
    standIn.decide(checkId, "approved");
    const hook = standIn.webhook(checkId);
    const event = await vendor.readWebhook(hook.body, hook.headers);
    expect(event).toMatchObject({
      id: hook.id,
      type: "check.updated",
      data: { checkId, reference: request.reference, status: "accepted", reason: null },
    });
    expect(Number.isNaN(Date.parse(event.createdAt))).toBe(false);
  });

  it("maps in_review to a staff review and open or pending to pending", async () => {
    const { checkId } = await openedCheck();
    const created = standIn.webhook(checkId, { type: "business.created" });
    expect((await vendor.readWebhook(created.body, created.headers)).data).toMatchObject({
      status: "pending",
      reason: null,
    });
    standIn.decide(checkId, "in_review", [middeskTasks.phoneWarning]);
    const review = standIn.webhook(checkId);
    expect((await vendor.readWebhook(review.body, review.headers)).data).toMatchObject({
      status: "pending_admin_action",
      reason: null,
    });
  });

  it("maps a rejected business to the reason its review tasks give", async () => {
    const cases = [
      { tasks: [middeskTasks.tinNotFound, middeskTasks.phoneWarning], reason: "registry_not_found" },
      { tasks: [middeskTasks.nameMismatch], reason: "details_mismatch" },
      { tasks: [middeskTasks.addressUnverified], reason: "details_mismatch" },
      // The final reason wins over a fixable one.
      { tasks: [middeskTasks.nameMismatch, middeskTasks.sosInactive], reason: "company_dissolved" },
      // Nothing in the review explains it: a person decided in Middesk's dashboard.
      { tasks: [middeskTasks.phoneWarning], reason: "manual_review_rejected" },
    ] as const;
    for (const { tasks, reason } of cases) {
      const { checkId } = await openedCheck();
      standIn.decide(checkId, "rejected", [...tasks]);
      const hook = standIn.webhook(checkId);
      expect((await vendor.readWebhook(hook.body, hook.headers)).data, reason).toMatchObject({
        checkId,
        status: "rejected",
        reason,
      });
    }
  });

  it("reads the business back from Middesk when the event carries only its id", async () => {
    const { request, checkId } = await openedCheck();
    standIn.decide(checkId, "approved");
    const before = standIn.sent("GET", `/v1/businesses/${checkId}`).length;
    const hook = standIn.webhook(checkId, { idOnly: true });
    const event = await vendor.readWebhook(hook.body, hook.headers);
    expect(event.data).toMatchObject({ checkId, reference: request.reference, status: "accepted" });
    const reads = standIn.sent("GET", `/v1/businesses/${checkId}`);
    expect(reads.length).toBe(before + 1);
    expect(reads.at(-1)!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${API_KEY}:`).toString("base64")}`,
    );

    // Middesk failing to answer that read is an outage, not a verdict.
    standIn.failNext("GET", 503, "<html>Service Unavailable</html>");
    const outage = await appError(vendor.readWebhook(hook.body, hook.headers));
    expect(outage.code).toBe("request_unavailable");
    expect(outage.details).toMatchObject({ status: 503, message: "<html>Service Unavailable</html>" });
    expect(standIn.failures).toEqual([]);
  });

  it("refuses a missing or wrong signature, and a body changed after signing", async () => {
    const { checkId } = await openedCheck();
    standIn.decide(checkId, "approved");
    const hook = standIn.webhook(checkId);
    const { "x-middesk-signature-256": _signature, ...unsigned } = hook.headers;

    const missing = await appError(vendor.readWebhook(hook.body, unsigned));
    expect(missing.code).toBe("webhook_invalidSignature");
    const otherSecret = standIn.webhook(checkId, { secret: "sec_someone-else" });
    expect((await appError(vendor.readWebhook(otherSecret.body, otherSecret.headers))).code).toBe(
      "webhook_invalidSignature",
    );
    const garbage = await appError(
      vendor.readWebhook(hook.body, { ...hook.headers, "x-middesk-signature-256": "not-hex" }),
    );
    expect(garbage.code).toBe("webhook_invalidSignature");
    const tampered = hook.body.replace('"approved"', '"rejected"');
    expect((await appError(vendor.readWebhook(tampered, hook.headers))).code).toBe(
      "webhook_invalidSignature",
    );

    // Without a configured secret nothing is taken, even a body "signed" with the empty key.
    const noSecret = new MiddeskKybVendor({ apiKey: API_KEY, webhookSecret: "", apiUrl }, { log });
    const emptyKey = standIn.sign(hook.body, "");
    expect((await appError(noSecret.readWebhook(emptyKey.body, emptyKey.headers))).code).toBe(
      "webhook_invalidSignature",
    );
  });

  it("refuses a signed body that is not an event about one of our businesses", async () => {
    const notJson = standIn.sign("not json");
    expect((await appError(vendor.readWebhook(notJson.body, notJson.headers))).code).toBe(
      "request_malformed",
    );
    const noBusiness = standIn.sign(
      JSON.stringify({ object: "event", id: "e1", type: "ping", data: { object: {} } }),
    );
    expect((await appError(vendor.readWebhook(noBusiness.body, noBusiness.headers))).code).toBe(
      "request_malformed",
    );
    const foreign = standIn.sign(
      JSON.stringify({
        object: "event",
        id: "e2",
        type: "business.updated",
        created_at: new Date().toISOString(),
        data: { object: { object: "business", id: randomUUID(), external_id: null, status: "approved" } },
      }),
    );
    expect((await appError(vendor.readWebhook(foreign.body, foreign.headers))).code).toBe(
      "request_malformed",
    );
  });
});

describe("Middesk: reading our one-line address", () => {
  it.each([
    [
      "2180 Bryant St, Unit 210, San Francisco, CA 94110",
      {
        address_line1: "2180 Bryant St",
        address_line2: "Unit 210",
        city: "San Francisco",
        state: "CA",
        postal_code: "94110",
      },
    ],
    [
      "577 Howard St, San Francisco, CA 94105, USA",
      { address_line1: "577 Howard St", city: "San Francisco", state: "CA", postal_code: "94105" },
    ],
    [
      "1 Main Street, Austin TX 78701-1234",
      { address_line1: "1 Main Street", city: "Austin", state: "TX", postal_code: "78701-1234" },
    ],
    [
      "350 Fifth Avenue, Floor 21, New York, new york 10118, United States",
      {
        address_line1: "350 Fifth Avenue",
        address_line2: "Floor 21",
        city: "New York",
        state: "NY",
        postal_code: "10118",
      },
    ],
    [
      "10 Capitol St, Charleston, West Virginia, 25301",
      { address_line1: "10 Capitol St", city: "Charleston", state: "WV", postal_code: "25301" },
    ],
    [
      "  500   Pine St ;  Seattle , wa   98101 ",
      { address_line1: "500 Pine St", city: "Seattle", state: "WA", postal_code: "98101" },
    ],
  ])("reads %j", (line, expected) => {
    expect(parseUsAddress(line)).toEqual(expected);
  });

  it.each([
    "Somewhere far away",
    // No ZIP.
    "2180 Bryant St, San Francisco, CA",
    // Not a US state.
    "10 Downing St, London, SW 12345",
    // No street before the city.
    "San Francisco, CA 94110",
  ])("does not guess at %j", (line) => {
    expect(parseUsAddress(line)).toBeNull();
  });
});

describe("Middesk behind the app (KYB_PROVIDER=middesk)", () => {
  let testDb: TestDatabase;
  let app: App;
  let media: Awaited<ReturnType<typeof mediaDir>>;
  let baseUrl = "";

  beforeAll(async () => {
    testDb = await createTestDatabase();
    media = await mediaDir();
    app = await buildApp(
      testConfig({
        MEDIA_DIR: media.dir,
        KYB_PROVIDER: "middesk",
        MIDDESK_API_KEY: API_KEY,
        MIDDESK_WEBHOOK_SECRET: WEBHOOK_SECRET,
        MIDDESK_API_URL: apiUrl,
        RATE_LIMIT_NAMESPACE: `vn-middesk-${randomUUID()}:`,
      }),
      { database: testDb.database },
    );
    baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    await media?.remove();
  });

  it("a US company submits, Middesk approves it and its signed webhook verifies the company", async () => {
    const db = testDb.database.db;
    const client = kybClient(baseUrl);
    const id = randomUUID().slice(0, 8);
    const owner = await createPerson(db, {
      name: `Owner ${id}`,
      email: `middesk-owner-${id}@example.com`,
      slug: `middesk.owner.${id}`,
      verificationStatus: "verified",
    });
    const director = await createPerson(db, {
      name: `Director ${id}`,
      email: `middesk-director-${id}@example.com`,
      slug: `middesk.director.${id}`,
      verificationStatus: "verified",
    });
    const firm = await createCompany(db, {
      name: `Acme ${id}`,
      ownerUserId: owner.userId,
      planTier: "premium",
    });
    const acting = await bearerFor(db, owner.userId, firm.profileId);
    const base = "/api/v1/companies/me/kyb-transactions";

    // Middesk covers US companies only: a Polish one is refused before anything is sent.
    expect((await client.call("POST", base, acting)).status).toBe(201);
    const polish = await client.call(
      "PATCH",
      `${base}/company-details`,
      acting,
      client.details("KRS-0000120001"),
    );
    expect(polish.body.error.code).toBe("kybTransaction_countryNotSupported");

    const filled = await client.call("PATCH", `${base}/company-details`, acting, {
      legalName: `Acme ${id} Inc.`,
      registrationNumber: "12-3456789",
      country: "US",
      registeredAddress: "577 Howard St, Suite 400, San Francisco, CA 94105",
      incorporationDate: "2016-05-10",
      website: "https://acme.example",
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect((await client.upload(acting, pdf("Certificate of incorporation"))).status).toBe(201);
    expect(
      (await client.call("POST", `${base}/director-invites`, acting, { email: director.email })).status,
    ).toBe(201);
    const directorSelf = await bearerFor(db, director.userId);
    const accepted = await client.call(
      "PATCH",
      `/api/v1/users/me/companies/invites/by-company/${firm.slug}/accept`,
      directorSelf,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const before = standIn.sent("POST", "/v1/businesses").length;
    const submitted = await client.call("PATCH", `${base}/submit`, acting);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    const transactionId: string = submitted.body.data.id;

    // What reached Middesk: our transaction as external_id, the verified director's name.
    const sent = standIn.sent("POST", "/v1/businesses");
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)!.body).toMatchObject({
      name: `Acme ${id} Inc.`,
      tin: { tin: "123456789" },
      addresses: [
        {
          address_line1: "577 Howard St",
          address_line2: "Suite 400",
          city: "San Francisco",
          state: "CA",
          postal_code: "94105",
        },
      ],
      people: [{ name: `Director ${id}` }],
      external_id: transactionId,
    });
    const [row] = await db.select().from(kybTransactions).where(eq(kybTransactions.id, transactionId));
    expect(row).toMatchObject({ provider: "middesk", status: "pending" });
    const businessId = row!.checkId!;
    expect(standIn.businesses.has(businessId)).toBe(true);

    // Middesk posts its signed event to the account's webhook: our callback.
    const deliver = (hook: { body: string; headers: Record<string, string> }) =>
      fetch(`${baseUrl}/api/v1/webhooks/kyb/middesk`, {
        method: "POST",
        headers: hook.headers,
        body: hook.body,
      });
    standIn.decide(businessId, "approved");
    const hook = standIn.webhook(businessId);
    const forged = await deliver({
      ...hook,
      headers: { ...hook.headers, "x-middesk-signature-256": "0".repeat(64) },
    });
    expect(forged.status).toBe(400);
    expect((await client.call("GET", `${base}/latest`, acting)).body.data.status).toBe("pending");

    const delivered = await deliver(hook);
    expect(delivered.status, await delivered.clone().text()).toBe(200);
    expect((await client.call("GET", `${base}/latest`, acting)).body.data).toMatchObject({
      id: transactionId,
      status: "accepted",
      company: { verificationStatus: "verified" },
    });
    const [company] = await db.select().from(profiles).where(eq(profiles.id, firm.profileId));
    expect(company!.verificationStatus).toBe("verified");
    // The same event again is a replay and changes nothing.
    expect((await deliver(hook)).status).toBe(409);
    expect(standIn.failures).toEqual([]);
  });
});
