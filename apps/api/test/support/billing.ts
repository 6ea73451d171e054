import { randomUUID } from "node:crypto";
import type { ServerToClientEvents } from "@vn/contract";
import pino from "pino";
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, expect } from "vitest";
import { type App, buildApp } from "../../src/app";
import { testConfig } from "../../src/config";
import { type Jobs, startJobs } from "../../src/jobs/index";
import { attachRealtime } from "../../src/realtime/index";
import { createPerson } from "../../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./database";
import { bearerFor } from "./sessions";

/**
 * The billing suites' harness (issue 13): an API listening on a real port (the sandbox payments
 * vendor posts its signed webhooks to it) with the job runner delivering them, and the calls a
 * buyer makes: save a card through a SetupIntent, change the plan, move the sandbox's clock, wait
 * for the mirrored state. Call `billingHarness()` at the top of a test file.
 */
export const PAYMENTS_SECRET = "whsec_test_billing_sandbox_secret_0001";
const DAY = 24 * 60 * 60;

export interface Person {
  userId: string;
  profileId: string;
  email: string;
  headers: Record<string, string>;
  token: string;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked by the assertions
export type Json = any;

export const key = () => `k${randomUUID().replaceAll("-", "")}`;

export function billingHarness() {
  let testDb: TestDatabase;
  let app: App;
  let jobs: Jobs;
  let baseUrl: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const config = testConfig({
      PAYMENTS_WEBHOOK_SECRET: PAYMENTS_SECRET,
      RATE_LIMIT_NAMESPACE: `vn-billing-${randomUUID()}:`,
    });
    app = await buildApp(config, { database: testDb.database });
    app.deps.realtime = await attachRealtime(app);
    baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
    // The vendor posts to this API's address, known only now.
    app.deps.config.PAYMENTS_CALLBACK_ORIGIN = baseUrl;
    jobs = await startJobs({
      database: testDb.database,
      log: pino({ level: "silent" }),
      config: app.deps.config,
      storage: app.deps.storage,
      realtime: app.deps.realtime,
    });
    app.deps.jobs = jobs;
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await app?.close();
    await testDb?.drop();
  });

  async function person(status: "verified" | "not_verified" = "verified"): Promise<Person> {
    const id = randomUUID().slice(0, 8);
    const email = `billing-${id}@example.com`;
    const seeded = await createPerson(testDb.database.db, {
      name: `Buyer ${id}`,
      email,
      slug: `buyer.${id}`,
      verificationStatus: status,
    });
    const headers = await bearerFor(testDb.database.db, seeded.userId);
    return { ...seeded, email, headers, token: headers.authorization!.slice(7) };
  }

  async function call(
    method: string,
    path: string,
    who: Pick<Person, "headers"> | null,
    body?: unknown,
  ): Promise<{ status: number; body: Json }> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(who?.headers ?? {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function state(who: Pick<Person, "headers">): Promise<Json> {
    const answer = await call("GET", "/api/v1/dashboard/payments/subscriptions/last-active", who);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  /** Saves a card the way the checkout does: a SetupIntent, confirmed with the card's details. */
  async function addCard(who: Pick<Person, "headers">, number: string): Promise<Json> {
    const intent = await call("POST", "/api/v1/dashboard/payments/setup-intent", who, {
      idempotencyKey: key(),
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const { setupIntentId, clientSecret, confirmUrl } = intent.body.data;
    expect(confirmUrl).toBe(`/api/v1/payments-sandbox/setup-intents/${setupIntentId}/confirm`);
    const confirmed = await call("POST", confirmUrl, null, {
      clientSecret,
      cardNumber: number.replace(/(\d{4})/g, "$1 ").trim(),
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: "123",
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return confirmed.body.data;
  }

  async function change(
    who: Pick<Person, "headers">,
    plan: string,
    period = "monthly",
    extra: Record<string, unknown> = {},
  ) {
    const current = await state(who);
    return call("PUT", `/api/v1/dashboard/payments/subscriptions/${current.publicId}`, who, {
      plan,
      period,
      idempotencyKey: key(),
      ...extra,
    });
  }

  async function advance(days: number): Promise<void> {
    const moved = await call("POST", "/api/v1/payments-sandbox/clock/advance", null, {
      seconds: Math.round(days * DAY),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }

  /**
   * Moves the clock to an hour past the end of the owner's current period. A fixed "31 days" ran
   * past the first retry (a day after a failed renewal) whenever the month had 30 days or fewer.
   */
  async function advancePastPeriodEnd(who: Pick<Person, "headers">): Promise<void> {
    const end = (await state(who)).billing.currentPeriodEnd;
    expect(end, "the period has an end").toBeTruthy();
    const moved = await call("POST", "/api/v1/payments-sandbox/clock/advance", null, { seconds: 1 });
    const left = (Date.parse(end) - Date.parse(moved.body.data.now)) / 1000;
    await advance((left + 3600) / DAY);
  }

  /** Waits until the mirrored state satisfies a check (webhooks arrive through the job runner). */
  async function until(
    who: Pick<Person, "headers">,
    check: (state: Json) => boolean,
    what: string,
  ): Promise<Json> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const current = await state(who);
      if (check(current)) return current;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}: ${JSON.stringify(current.billing)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function outcomesOf(who: Pick<Person, "profileId">): Promise<string[]> {
    const { rows } = await testDb.database.raw.executeSql(
      "select outcome from payment_outcomes where owner_profile_id = $1 order by created_at",
      [who.profileId],
    );
    return rows.map((row) => String(row.outcome));
  }

  function socketOf(who: Pick<Person, "token">): Promise<Socket<ServerToClientEvents>> {
    return new Promise((resolve, reject) => {
      const socket: Socket<ServerToClientEvents> = ioClient(baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        auth: { token: who.token },
      });
      socket.on("connect", () => resolve(socket));
      socket.on("connect_error", reject);
    });
  }

  return {
    db: () => testDb,
    baseUrl: () => baseUrl,
    person,
    call,
    state,
    addCard,
    change,
    advance,
    advancePastPeriodEnd,
    until,
    outcomesOf,
    socketOf,
  };
}
