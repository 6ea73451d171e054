import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  AppError,
  addonPriceKey,
  annualCents,
  BADGE_PRICE_KEY,
  planPriceKey,
  RENEWAL_RETRY_DAYS,
  SANDBOX_CARDS,
} from "@vn/contract";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { paymentsSandboxClock } from "../src/db/schema/index";
import { startJobs } from "../src/jobs/index";
import { paymentsSandboxTickJob } from "../src/jobs/payments-sandbox";
import { SandboxPaymentsVendor } from "../src/providers/payments/sandbox";
import {
  PAYMENTS_SIGNATURE_HEADER,
  signPaymentsWebhook,
  verifyPaymentsWebhook,
} from "../src/providers/payments/signature";
import type { ItemSpec, ProviderEvent } from "../src/providers/payments/types";
import { createTestDatabase, type TestDatabase } from "./support/database";

/**
 * The sandbox payments vendor on its own (issue 13), against a real database: test cards at setup
 * and at charge, trials, renewals and retries driven by its clock, prorations, schedules,
 * idempotency, and the signed webhooks it posts to a local receiver that checks every signature.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const STANDARD = planPriceKey("user", "standard", "monthly");
const PREMIUM = planPriceKey("user", "premium", "monthly");
const STANDARD_ANNUAL = planPriceKey("user", "standard", "annual");
const plan = (price: string): ItemSpec[] => [{ price, quantity: 1 }];

let testDb: TestDatabase;
let vendor: SandboxPaymentsVendor;
let server: http.Server;
const received: ProviderEvent[] = [];
/** Signatures the receiver refused (none should be). */
const refusedSignatures: string[] = [];
/** While set, the receiver answers 503 (our side down). */
let receiverDown = false;

const key = () => `key_${randomUUID()}`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (receiverDown) {
        response.writeHead(503).end("down");
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      vendor.readWebhook(body, request.headers).then(
        (event) => {
          received.push(event);
          response.writeHead(200, { "content-type": "application/json" }).end('{"data":{"received":true}}');
        },
        (error: unknown) => {
          refusedSignatures.push(String(error));
          response.writeHead(400).end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  vendor = new SandboxPaymentsVendor({
    db: testDb.database.db,
    config: testConfig({ PAYMENTS_CALLBACK_ORIGIN: `http://127.0.0.1:${port}` }),
    jobs: () => undefined,
    log: pino({ level: "silent" }),
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await testDb?.drop();
});

async function newCustomer(): Promise<string> {
  const { id } = await vendor.createCustomer(
    { ownerProfileId: randomUUID(), email: "a@example.com", name: "Ada" },
    key(),
  );
  return id;
}

async function saveCard(customerId: string, cardNumber: string, expiry = { expMonth: 12, expYear: 2090 }) {
  const intent = await vendor.createSetupIntent(customerId, key());
  return vendor.confirmSetupIntent(intent.id, {
    clientSecret: intent.clientSecret,
    cardNumber,
    cvc: "123",
    ...expiry,
  });
}

async function customerWithCard(cardNumber: string = SANDBOX_CARDS.succeeds): Promise<string> {
  const customerId = await newCustomer();
  const saved = await saveCard(customerId, cardNumber);
  expect(saved.status).toBe("succeeded");
  return customerId;
}

function subscribe(customerId: string, items: ItemSpec[], trialDays?: number) {
  return vendor.createSubscription({
    customerId,
    items,
    trialDays,
    metadata: { ownerProfileId: "p1" },
    idempotencyKey: key(),
  });
}

async function eventsOf(customerId: string): Promise<ProviderEvent[]> {
  await vendor.settled();
  return received.filter((event) => event.customerId === customerId);
}
const typesOf = async (customerId: string) => (await eventsOf(customerId)).map((event) => event.type);

/** Moves the clock so the subscription's period is `fraction` through (less the ms the test takes). */
async function advanceInto(sub: { currentPeriodStart: Date; currentPeriodEnd: Date }, fraction: number) {
  const now = await vendor.now();
  const target =
    sub.currentPeriodStart.getTime() +
    (sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime()) * fraction;
  await vendor.advanceClock(target - now.getTime());
}

describe("webhook signatures", () => {
  const secret = "whsec_test_secret_0123456789";
  const body = JSON.stringify({ id: "evt_1" });

  it("accepts its own signature and refuses a wrong, missing or old one", () => {
    const now = new Date();
    const header = signPaymentsWebhook(secret, body, now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => verifyPaymentsWebhook(secret, body, header, now)).not.toThrow();
    const refusal = (run: () => void) => {
      try {
        run();
      } catch (error) {
        return error instanceof AppError ? error.code : "other";
      }
      return "accepted";
    };
    expect(refusal(() => verifyPaymentsWebhook("whsec_another_secret_000", body, header, now))).toBe(
      "webhook_invalidSignature",
    );
    expect(refusal(() => verifyPaymentsWebhook(secret, `${body} `, header, now))).toBe(
      "webhook_invalidSignature",
    );
    expect(refusal(() => verifyPaymentsWebhook(secret, body, undefined, now))).toBe(
      "webhook_invalidSignature",
    );
    expect(refusal(() => verifyPaymentsWebhook(secret, body, "t=abc,v1=zz", now))).toBe(
      "webhook_invalidSignature",
    );
    expect(
      refusal(() => verifyPaymentsWebhook(secret, body, header, new Date(now.getTime() + 301_000))),
    ).toBe("webhook_invalidSignature");
    expect(
      refusal(() => verifyPaymentsWebhook(secret, body, header, new Date(now.getTime() + 299_000))),
    ).toBe("accepted");
  });

  it("reads an event back with its dates revived, and only with a good signature", async () => {
    const customerId = await customerWithCard();
    const [event] = (await eventsOf(customerId)).filter((e) => e.type === "setup_intent.succeeded");
    expect(event?.created).toBeInstanceOf(Date);
    const raw = JSON.stringify({ ...event, created: event?.created.toISOString() });
    const config = testConfig();
    const signed = signPaymentsWebhook(config.PAYMENTS_WEBHOOK_SECRET, raw);
    const again = await vendor.readWebhook(raw, { [PAYMENTS_SIGNATURE_HEADER]: signed });
    expect(again.id).toBe(event?.id);
    await expect(
      vendor.readWebhook(raw, {
        [PAYMENTS_SIGNATURE_HEADER]: signPaymentsWebhook("whsec_not_ours_at_all_00", raw),
      }),
    ).rejects.toMatchObject({
      code: "webhook_invalidSignature",
    });
    expect(refusedSignatures).toEqual([]);
  });
});

describe("cards at setup", () => {
  it("saves 4242 and 3155 as the default card, refuses 0002, a bad number and an expired card", async () => {
    const customerId = await newCustomer();
    expect(await saveCard(customerId, SANDBOX_CARDS.declined)).toMatchObject({
      status: "requires_payment_method",
      declineCode: "card_declined",
    });
    expect(await saveCard(customerId, "4242424242424241")).toMatchObject({
      status: "requires_payment_method",
      declineCode: "incorrect_number",
    });
    expect(await saveCard(customerId, SANDBOX_CARDS.succeeds, { expMonth: 1, expYear: 2020 })).toMatchObject({
      declineCode: "expired_card",
    });
    expect(await vendor.defaultPaymentMethod(customerId)).toBeNull();

    const saved = await saveCard(customerId, SANDBOX_CARDS.succeeds);
    expect(saved).toMatchObject({ status: "succeeded", declineCode: null });
    expect(await vendor.defaultPaymentMethod(customerId)).toEqual({
      id: saved.paymentMethodId,
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2090,
    });
    const secure = await saveCard(customerId, SANDBOX_CARDS.requiresAuthentication);
    expect(secure.status).toBe("succeeded");
    expect((await vendor.defaultPaymentMethod(customerId))?.last4).toBe("3155");
    expect(await saveCard(customerId, "5555555555554444")).toMatchObject({ status: "succeeded" });
    expect((await vendor.defaultPaymentMethod(customerId))?.brand).toBe("mastercard");

    // The default can be set back, and a detached card is no longer the default.
    await vendor.setDefaultPaymentMethod(customerId, saved.paymentMethodId as string);
    expect((await vendor.defaultPaymentMethod(customerId))?.last4).toBe("4242");
    await vendor.detachPaymentMethod(saved.paymentMethodId as string);
    expect(await vendor.defaultPaymentMethod(customerId)).toBeNull();
    await expect(
      vendor.setDefaultPaymentMethod(customerId, saved.paymentMethodId as string),
    ).rejects.toMatchObject({
      code: "payments_paymentMethodNotFound",
    });

    expect((await typesOf(customerId)).filter((type) => type === "setup_intent.succeeded")).toHaveLength(3);
    const intent = await vendor.createSetupIntent(customerId, key());
    await expect(
      vendor.confirmSetupIntent(intent.id, {
        clientSecret: "seti_wrong_secret",
        cardNumber: SANDBOX_CARDS.succeeds,
        expMonth: 1,
        expYear: 2090,
        cvc: "1",
      }),
    ).rejects.toBeInstanceOf(AppError);
  });
});

describe("charging a new subscription", () => {
  it("charges 4242 at once: active, one paid invoice of the plan's price", async () => {
    const customerId = await customerWithCard();
    const sub = await subscribe(customerId, plan(STANDARD));
    expect(sub.status).toBe("active");
    expect(sub.latestInvoice).toMatchObject({
      status: "paid",
      billingReason: "subscription_create",
      amountDueCents: 999,
      amountPaidCents: 999,
      paymentIntent: { status: "succeeded", amountCents: 999 },
    });
    expect(sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime()).toBeGreaterThanOrEqual(
      28 * DAY,
    );
    expect(await typesOf(customerId)).toEqual([
      "setup_intent.succeeded",
      "subscription.updated",
      "invoice.paid",
    ]);
    expect((await eventsOf(customerId))[1]?.vendorType).toBe("customer.subscription.created");
  });

  it("needs a card unless nothing is due, and refuses a price it does not sell", async () => {
    const customerId = await newCustomer();
    await expect(subscribe(customerId, plan(STANDARD))).rejects.toMatchObject({
      code: "payments_noPaymentMethod",
    });
    await expect(
      subscribe(customerId, plan(planPriceKey("company", "enterprise", "monthly")), 14),
    ).rejects.toThrow(/no price/);
    await expect(subscribe(customerId, plan("nothing.at.all"), 14)).rejects.toThrow(/no price/);
    expect((await subscribe(customerId, plan(STANDARD), 14)).status).toBe("trialing");
  });

  it("leaves 3155 incomplete until the cardholder authenticates", async () => {
    const customerId = await customerWithCard(SANDBOX_CARDS.requiresAuthentication);
    const sub = await subscribe(customerId, plan(PREMIUM));
    expect(sub.status).toBe("incomplete");
    const intent = sub.latestInvoice?.paymentIntent;
    expect(intent).toMatchObject({ status: "requires_action", amountCents: 1999, declineCode: null });
    expect(await typesOf(customerId)).toEqual([
      "setup_intent.succeeded",
      "subscription.updated",
      "invoice.payment_action_required",
    ]);

    await expect(
      vendor.authenticatePaymentIntent(intent?.id as string, { clientSecret: "wrong", approve: true }),
    ).rejects.toMatchObject({
      code: "payments_actionNotFound",
    });
    expect(
      await vendor.authenticatePaymentIntent(intent?.id as string, {
        clientSecret: intent?.clientSecret as string,
        approve: true,
      }),
    ).toEqual({
      status: "succeeded",
    });
    const after = await vendor.retrieveSubscription(sub.id);
    expect(after.status).toBe("active");
    expect(after.latestInvoice).toMatchObject({ status: "paid", amountPaidCents: 1999 });
    expect((await typesOf(customerId)).slice(-2)).toEqual(["invoice.paid", "subscription.updated"]);
    // Done once: the same challenge cannot be passed again.
    await expect(
      vendor.authenticatePaymentIntent(intent?.id as string, {
        clientSecret: intent?.clientSecret as string,
        approve: true,
      }),
    ).rejects.toMatchObject({ code: "payments_actionNotFound" });
  });

  it("a failed authentication leaves it incomplete, and it expires after 23 hours", async () => {
    const customerId = await customerWithCard(SANDBOX_CARDS.requiresAuthentication);
    const sub = await subscribe(customerId, plan(STANDARD));
    const intent = sub.latestInvoice?.paymentIntent;
    expect(
      await vendor.authenticatePaymentIntent(intent?.id as string, {
        clientSecret: intent?.clientSecret as string,
        approve: false,
      }),
    ).toEqual({
      status: "requires_payment_method",
    });
    expect(await vendor.retrievePaymentIntent(intent?.id as string)).toMatchObject({
      status: "requires_payment_method",
      declineCode: "authentication_failed",
    });
    expect((await vendor.retrieveSubscription(sub.id)).status).toBe("incomplete");
    await vendor.advanceClock(22 * HOUR);
    expect((await vendor.retrieveSubscription(sub.id)).status).toBe("incomplete");
    await vendor.advanceClock(1 * HOUR + 1000);
    const expired = await vendor.retrieveSubscription(sub.id);
    expect(expired.status).toBe("incomplete_expired");
    expect(expired.latestInvoice?.status).toBe("void");
    expect((await typesOf(customerId)).slice(-2)).toEqual(["invoice.payment_failed", "subscription.deleted"]);
  });

  it("a card that has expired by the sandbox's clock is declined at charge", async () => {
    const now = await vendor.now();
    const customerId = await newCustomer();
    const saved = await saveCard(customerId, SANDBOX_CARDS.succeeds, {
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear(),
    });
    expect(saved.status).toBe("succeeded");
    await vendor.advanceClock(32 * DAY);
    const sub = await subscribe(customerId, plan(STANDARD));
    expect(sub.status).toBe("incomplete");
    expect(sub.latestInvoice?.status).toBe("open");
    expect(sub.latestInvoice?.paymentIntent).toMatchObject({
      status: "requires_payment_method",
      declineCode: "expired_card",
    });
    expect((await typesOf(customerId)).at(-1)).toBe("invoice.payment_failed");
  });
});

describe("trials and renewals", () => {
  it("trial: reminder at day 11, renewal at day 14 paid, events in order", async () => {
    const customerId = await customerWithCard();
    const sub = await subscribe(customerId, plan(STANDARD), 14);
    expect(sub.status).toBe("trialing");
    expect(sub.trialEnd?.getTime()).toBe(sub.currentPeriodEnd.getTime());
    expect(sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime()).toBe(14 * DAY);
    expect(sub.latestInvoice).toMatchObject({
      status: "paid",
      amountDueCents: 0,
      billingReason: "subscription_create",
    });

    await advanceInto(sub, 10.9 / 14);
    expect(await typesOf(customerId)).not.toContain("subscription.trial_will_end");
    await vendor.advanceClock(0.2 * DAY);
    expect((await typesOf(customerId)).filter((type) => type === "subscription.trial_will_end")).toHaveLength(
      1,
    );
    expect((await vendor.retrieveSubscription(sub.id)).status).toBe("trialing");

    await vendor.advanceClock(3 * DAY);
    const renewed = await vendor.retrieveSubscription(sub.id);
    expect(renewed.status).toBe("active");
    expect(renewed.currentPeriodStart.getTime()).toBe(sub.trialEnd?.getTime());
    expect(renewed.currentPeriodEnd.getTime() - renewed.currentPeriodStart.getTime()).toBeGreaterThanOrEqual(
      28 * DAY,
    );
    expect(renewed.latestInvoice).toMatchObject({
      status: "paid",
      billingReason: "subscription_cycle",
      amountPaidCents: 999,
    });
    expect((await typesOf(customerId)).filter((type) => type === "subscription.trial_will_end")).toHaveLength(
      1,
    );

    const events = await eventsOf(customerId);
    expect(events.map((event) => event.type)).toEqual([
      "setup_intent.succeeded",
      "subscription.updated",
      "invoice.paid",
      "subscription.trial_will_end",
      "invoice.paid",
      "subscription.updated",
    ]);
    // Delivered in the order they were made, each carrying the vendor's clock when it happened.
    const times = events.map((event) => event.created.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(events.at(-1)?.created.getTime()).toBe(sub.trialEnd?.getTime());
    expect(events.at(-1)?.subscription?.status).toBe("active");
    const invoices = await vendor.listInvoices(customerId, 10);
    expect(invoices.map((invoice) => invoice.amountDueCents)).toEqual([999, 0]);
  });

  it("a failed renewal is retried 1, 3 and 7 days later, then the subscription is cancelled", async () => {
    // A trial without a card: nothing to charge when it ends.
    const customerId = await newCustomer();
    const sub = await subscribe(customerId, plan(PREMIUM), 14);
    await advanceInto(sub, 1);
    await vendor.advanceClock(1000);
    const failed = await vendor.retrieveSubscription(sub.id);
    expect(failed.status).toBe("past_due");
    expect(failed.currentPeriodEnd.getTime()).toBe(sub.currentPeriodEnd.getTime());
    const trialEnd = sub.trialEnd?.getTime() as number;
    expect(failed.latestInvoice).toMatchObject({
      status: "open",
      attemptCount: 1,
      billingReason: "subscription_cycle",
      amountDueCents: 1999,
    });
    expect(failed.latestInvoice?.nextAttemptAt?.getTime()).toBe(trialEnd + RENEWAL_RETRY_DAYS[0] * DAY);
    expect(failed.latestInvoice?.paymentIntent?.declineCode).toBe("no_payment_method");

    await vendor.advanceClock(1 * DAY);
    let retried = await vendor.retrieveSubscription(sub.id);
    expect(retried.latestInvoice).toMatchObject({ attemptCount: 2, status: "open" });
    expect(retried.latestInvoice?.nextAttemptAt?.getTime()).toBe(trialEnd + RENEWAL_RETRY_DAYS[1] * DAY);
    await vendor.advanceClock(2 * DAY);
    retried = await vendor.retrieveSubscription(sub.id);
    expect(retried.latestInvoice).toMatchObject({ attemptCount: 3, status: "open" });
    expect(retried.latestInvoice?.nextAttemptAt?.getTime()).toBe(trialEnd + RENEWAL_RETRY_DAYS[2] * DAY);
    expect(retried.status).toBe("past_due");
    await vendor.advanceClock(4 * DAY);
    const ended = await vendor.retrieveSubscription(sub.id);
    expect(ended.status).toBe("canceled");
    expect(ended.latestInvoice).toMatchObject({
      status: "uncollectible",
      attemptCount: 4,
      nextAttemptAt: null,
    });

    const events = await eventsOf(customerId);
    expect(events.map((event) => event.type)).toEqual([
      "subscription.updated",
      "invoice.paid",
      "subscription.trial_will_end",
      "invoice.payment_failed",
      "subscription.updated",
      "invoice.payment_failed",
      "invoice.payment_failed",
      "invoice.payment_failed",
      "subscription.deleted",
    ]);
    const failures = events.filter((event) => event.type === "invoice.payment_failed");
    expect(failures.map((event) => (event.created.getTime() - trialEnd) / DAY)).toEqual([0, 1, 3, 7]);
  });

  it("a retry with a new card pays, and the new period starts at the old one's end", async () => {
    const customerId = await newCustomer();
    const sub = await subscribe(customerId, plan(STANDARD), 14);
    await advanceInto(sub, 1);
    await vendor.advanceClock(1000);
    expect((await vendor.retrieveSubscription(sub.id)).status).toBe("past_due");
    await saveCard(customerId, SANDBOX_CARDS.succeeds);
    await vendor.advanceClock(1 * DAY);
    const paid = await vendor.retrieveSubscription(sub.id);
    expect(paid.status).toBe("active");
    expect(paid.currentPeriodStart.getTime()).toBe(sub.trialEnd?.getTime());
    expect(paid.latestInvoice).toMatchObject({ status: "paid", attemptCount: 2 });
    expect((await typesOf(customerId)).slice(-2)).toEqual(["invoice.paid", "subscription.updated"]);
  });

  it("3155 at renewal asks for authentication; passing it pays the renewal", async () => {
    const customerId = await customerWithCard(SANDBOX_CARDS.requiresAuthentication);
    const sub = await subscribe(customerId, plan(STANDARD), 14);
    await advanceInto(sub, 1);
    await vendor.advanceClock(1000);
    const waiting = await vendor.retrieveSubscription(sub.id);
    expect(waiting.status).toBe("past_due");
    expect(waiting.latestInvoice?.attemptCount).toBe(1);
    const intent = waiting.latestInvoice?.paymentIntent;
    expect(intent?.status).toBe("requires_action");
    expect((await typesOf(customerId)).slice(-2)).toEqual([
      "invoice.payment_action_required",
      "subscription.updated",
    ]);
    await vendor.authenticatePaymentIntent(intent?.id as string, {
      clientSecret: intent?.clientSecret as string,
      approve: true,
    });
    const paid = await vendor.retrieveSubscription(sub.id);
    expect(paid.status).toBe("active");
    expect(paid.currentPeriodStart.getTime()).toBe(sub.trialEnd?.getTime());
    expect(paid.latestInvoice?.status).toBe("paid");
  });
});

describe("changes", () => {
  it("prorates an upgrade in the middle of the period: standard → premium at half = 500 cents", async () => {
    const customerId = await customerWithCard();
    const sub = await subscribe(customerId, plan(STANDARD));
    await advanceInto(sub, 0.5);
    const preview = await vendor.previewUpdate(sub.id, plan(PREMIUM));
    expect(preview.amountDueCents).toBe(500);
    expect(preview.nextPeriodCents).toBe(1999);
    expect(preview.lines.map((line) => line.description)).toEqual([
      "Unused time on Standard (monthly)",
      "Remaining time on Premium (monthly)",
    ]);
    expect(preview.lines[0]?.amountCents).toBeLessThan(0);
    expect(preview.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(500);

    const updated = await vendor.updateSubscriptionNow(sub.id, plan(PREMIUM), key());
    expect(updated.items).toEqual(plan(PREMIUM));
    expect(updated.pendingUpdate).toBeNull();
    expect(updated.currentPeriodEnd.getTime()).toBe(sub.currentPeriodEnd.getTime());
    expect(updated.latestInvoice).toMatchObject({
      billingReason: "subscription_update",
      amountPaidCents: 500,
      status: "paid",
    });

    // Add-ons bought on top: two extra seats for the half period left.
    const withSeats = [...plan(PREMIUM), { price: addonPriceKey("seats"), quantity: 2 }];
    const seats = await vendor.previewUpdate(sub.id, withSeats);
    expect(seats.amountDueCents).toBe(500);
    expect(seats.lines.map((line) => line.description)).toEqual([
      "Remaining time on 2 × Extra seats (monthly)",
    ]);
    // A cheaper change credits nothing now.
    expect((await vendor.previewUpdate(sub.id, plan(STANDARD))).amountDueCents).toBe(0);
  });

  it("a change to annual starts a new year now, crediting the unused month", async () => {
    const customerId = await customerWithCard();
    const sub = await subscribe(customerId, plan(STANDARD));
    await advanceInto(sub, 0.25);
    const updated = await vendor.updateSubscriptionNow(sub.id, plan(STANDARD_ANNUAL), key());
    const credit = Math.round(999 * 0.75);
    expect(updated.latestInvoice?.amountPaidCents).toBe(annualCents(999) - credit);
    expect(updated.latestInvoice?.lines.map((line) => [line.description, line.amountCents])).toEqual([
      ["Unused time on Standard (monthly)", -credit],
      ["Standard (annual)", annualCents(999)],
    ]);
    expect(updated.currentPeriodStart.getTime()).toBe(updated.latestInvoice?.periodStart?.getTime());
    expect(updated.currentPeriodEnd.getTime() - updated.currentPeriodStart.getTime()).toBeGreaterThanOrEqual(
      365 * DAY,
    );
  });

  it("prices add-ons and the badge ×12 on an annual plan", async () => {
    const customerId = await newCustomer();
    const preview = await vendor.previewCreate(customerId, [
      ...plan(STANDARD_ANNUAL),
      { price: addonPriceKey("spy"), quantity: 1 },
      { price: BADGE_PRICE_KEY, quantity: 1 },
    ]);
    expect(preview.amountDueCents).toBe(annualCents(999) + 499 * 12 + 299 * 12);
    expect(preview.lines.map((line) => line.description)).toEqual([
      "Standard (annual)",
      "Spy add-on (annual)",
      "Profile badge (annual)",
    ]);
  });

  it("during a trial, items change and nothing is charged", async () => {
    const customerId = await customerWithCard();
    const sub = await subscribe(customerId, plan(STANDARD), 14);
    expect((await vendor.previewUpdate(sub.id, plan(PREMIUM))).amountDueCents).toBe(0);
    const updated = await vendor.updateSubscriptionNow(sub.id, plan(PREMIUM), key());
    expect(updated).toMatchObject({ status: "trialing", items: plan(PREMIUM) });
    expect(await vendor.listInvoices(customerId, 10)).toHaveLength(1);
  });

  it("an upgrade on 3155 waits as a pending update; approved, it applies; unpaid, it is dropped after 23 hours", async () => {
    const customerId = await customerWithCard(SANDBOX_CARDS.requiresAuthentication);
    const first = await subscribe(customerId, plan(STANDARD));
    const firstIntent = first.latestInvoice?.paymentIntent;
    await vendor.authenticatePaymentIntent(firstIntent?.id as string, {
      clientSecret: firstIntent?.clientSecret as string,
      approve: true,
    });

    const waiting = await vendor.updateSubscriptionNow(first.id, plan(PREMIUM), key());
    expect(waiting.items).toEqual(plan(STANDARD));
    expect(waiting.pendingUpdate).toEqual({ items: plan(PREMIUM) });
    const intent = waiting.latestInvoice?.paymentIntent;
    expect(intent?.status).toBe("requires_action");
    await vendor.authenticatePaymentIntent(intent?.id as string, {
      clientSecret: intent?.clientSecret as string,
      approve: true,
    });
    const applied = await vendor.retrieveSubscription(first.id);
    expect(applied.items).toEqual(plan(PREMIUM));
    expect(applied.pendingUpdate).toBeNull();

    const seats = [...plan(PREMIUM), { price: addonPriceKey("seats"), quantity: 1 }];
    const again = await vendor.updateSubscriptionNow(first.id, seats, key());
    expect(again.pendingUpdate).toEqual({ items: seats });
    await vendor.advanceClock(23 * HOUR + 1000);
    const dropped = await vendor.retrieveSubscription(first.id);
    expect(dropped.pendingUpdate).toBeNull();
    expect(dropped.items).toEqual(plan(PREMIUM));
    expect(dropped.latestInvoice?.status).toBe("void");
    expect(dropped.latestInvoice?.paymentIntent?.status).toBe("canceled");
  });

  it("applies a scheduled change at the period's end, and cancel at period end replaces it", async () => {
    const customerId = await customerWithCard();
    const sub = await subscribe(customerId, plan(PREMIUM));
    const scheduled = await vendor.scheduleAtPeriodEnd(sub.id, plan(STANDARD), key());
    expect(scheduled.scheduled).toEqual({ items: plan(STANDARD), at: sub.currentPeriodEnd });
    expect(scheduled.items).toEqual(plan(PREMIUM));
    await advanceInto(sub, 1);
    await vendor.advanceClock(1000);
    const renewed = await vendor.retrieveSubscription(sub.id);
    expect(renewed).toMatchObject({ status: "active", items: plan(STANDARD), scheduled: null });
    expect(renewed.latestInvoice).toMatchObject({
      billingReason: "subscription_cycle",
      amountPaidCents: 999,
    });

    await vendor.scheduleAtPeriodEnd(sub.id, plan(PREMIUM), key());
    const cancelling = await vendor.setCancelAtPeriodEnd(sub.id, true, key());
    expect(cancelling).toMatchObject({ cancelAtPeriodEnd: true, scheduled: null });
    const keep = await vendor.scheduleAtPeriodEnd(sub.id, null, key());
    expect(keep).toMatchObject({ cancelAtPeriodEnd: false, scheduled: null });
    await vendor.setCancelAtPeriodEnd(sub.id, true, key());
    await advanceInto(renewed, 1);
    await vendor.advanceClock(1000);
    const ended = await vendor.retrieveSubscription(sub.id);
    expect(ended.status).toBe("canceled");
    expect((await typesOf(customerId)).at(-1)).toBe("subscription.deleted");
    expect(await vendor.listInvoices(customerId, 10)).toHaveLength(2);
  });

  it("cancels now", async () => {
    const customerId = await customerWithCard();
    const sub = await subscribe(customerId, plan(STANDARD), 14);
    const ended = await vendor.cancelNow(sub.id);
    expect(ended.status).toBe("canceled");
    expect((await typesOf(customerId)).at(-1)).toBe("subscription.deleted");
    await expect(vendor.retrieveSubscription("sub_missing")).rejects.toMatchObject({
      code: "payments_subscriptionNotFound",
    });
  });
});

describe("idempotency", () => {
  it("answers a repeated call with the first result and charges once; other arguments are refused", async () => {
    const customerId = await customerWithCard();
    const idempotencyKey = key();
    const input = { customerId, items: plan(STANDARD), metadata: { ownerProfileId: "p1" }, idempotencyKey };
    const [a, b] = await Promise.all([vendor.createSubscription(input), vendor.createSubscription(input)]);
    const c = await vendor.createSubscription(input);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await vendor.listInvoices(customerId, 10)).toHaveLength(1);
    await expect(vendor.createSubscription({ ...input, items: plan(PREMIUM) })).rejects.toThrow(
      "idempotency key reused",
    );

    await vendor.advanceClock(DAY);
    const upgradeKey = key();
    await vendor.updateSubscriptionNow(a.id, plan(PREMIUM), upgradeKey);
    await vendor.updateSubscriptionNow(a.id, plan(PREMIUM), upgradeKey);
    const invoices = await vendor.listInvoices(customerId, 10);
    expect(invoices.map((invoice) => invoice.billingReason)).toEqual([
      "subscription_update",
      "subscription_create",
    ]);
    await expect(vendor.updateSubscriptionNow(a.id, plan(STANDARD), upgradeKey)).rejects.toThrow(
      "idempotency key reused",
    );

    const customerKey = key();
    const profile = { ownerProfileId: randomUUID(), email: null, name: "Bo" };
    const first = await vendor.createCustomer(profile, customerKey);
    expect(await vendor.createCustomer(profile, customerKey)).toEqual(first);
  });
});

describe("one customer at a time", () => {
  it("two upgrades at once charge the difference once", async () => {
    const customerId = await customerWithCard();
    const sub = await subscribe(customerId, plan(STANDARD));
    await advanceInto(sub, 0.5);
    const results = await Promise.all([
      vendor.updateSubscriptionNow(sub.id, plan(PREMIUM), key()),
      vendor.updateSubscriptionNow(sub.id, plan(PREMIUM), key()),
    ]);
    expect(results.map((result) => result.items)).toEqual([plan(PREMIUM), plan(PREMIUM)]);
    const invoices = await vendor.listInvoices(customerId, 10);
    expect(invoices.map((invoice) => [invoice.billingReason, invoice.amountPaidCents])).toEqual([
      ["subscription_update", 500],
      ["subscription_create", 999],
    ]);
  });
});

describe("delivery", () => {
  it("keeps events our side did not take and sends them again in order", async () => {
    receiverDown = true;
    const customerId = await customerWithCard();
    await subscribe(customerId, plan(STANDARD));
    expect(await eventsOf(customerId)).toEqual([]);
    receiverDown = false;
    expect(await vendor.redeliverPending()).toBeGreaterThanOrEqual(1);
    expect(await typesOf(customerId)).toEqual([
      "setup_intent.succeeded",
      "subscription.updated",
      "invoice.paid",
    ]);
    expect(await vendor.deliverPending(customerId)).toBe(0);
    expect(refusedSignatures).toEqual([]);
  });

  it("through the job runner: the deliver queue posts the events, the tick runs what came due", async () => {
    const config = testConfig({ PAYMENTS_CALLBACK_ORIGIN: new URL(vendor.webhookUrl).origin });
    const log = pino({ level: "silent" });
    const jobs = await startJobs({ database: testDb.database, log, config });
    try {
      const queued = new SandboxPaymentsVendor({ db: testDb.database.db, config, jobs: () => jobs, log });
      const { id: customerId } = await queued.createCustomer(
        { ownerProfileId: randomUUID(), email: null, name: "Q" },
        key(),
      );
      const intent = await queued.createSetupIntent(customerId, key());
      await queued.confirmSetupIntent(intent.id, {
        clientSecret: intent.clientSecret,
        cardNumber: SANDBOX_CARDS.succeeds,
        expMonth: 12,
        expYear: 2090,
        cvc: "123",
      });
      const sub = await queued.createSubscription({
        customerId,
        items: plan(STANDARD),
        trialDays: 14,
        metadata: {},
        idempotencyKey: key(),
      });
      // The clock moves on by itself (nothing run yet); the periodic job finds the trial's end.
      await testDb.database.db
        .update(paymentsSandboxClock)
        .set({ offsetMs: sql`${paymentsSandboxClock.offsetMs} + ${15 * DAY}` });
      await paymentsSandboxTickJob.handle({ database: testDb.database, log, config, jobs }, { half: true });
      expect((await queued.retrieveSubscription(sub.id)).status).toBe("active");
      const deadline = Date.now() + 15_000;
      while (
        Date.now() < deadline &&
        received.filter((event) => event.customerId === customerId).length < 6
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(received.filter((event) => event.customerId === customerId).map((event) => event.type)).toEqual([
        "setup_intent.succeeded",
        "subscription.updated",
        "invoice.paid",
        "subscription.trial_will_end",
        "invoice.paid",
        "subscription.updated",
      ]);
    } finally {
      await jobs.stop();
    }
  }, 30_000);
});

describe("the sandbox's own routes", () => {
  it("confirm a card, pass a challenge and move the clock; 404 when the clock is off", async () => {
    const origin = new URL(vendor.webhookUrl).origin;
    const app = await buildApp(
      testConfig({ PAYMENTS_CALLBACK_ORIGIN: origin, RATE_LIMIT_NAMESPACE: `vn-pay-${randomUUID()}:` }),
      {
        database: testDb.database,
      },
    );
    const closed = await buildApp(
      testConfig({
        PAYMENTS_CALLBACK_ORIGIN: origin,
        PAYMENTS_SANDBOX_CLOCK: "false",
        RATE_LIMIT_NAMESPACE: `vn-pay-${randomUUID()}:`,
      }),
      { database: testDb.database },
    );
    try {
      const customerId = await newCustomer();
      const intent = await vendor.createSetupIntent(customerId, key());
      const confirm = (cardNumber: string) =>
        app.inject({
          method: "POST",
          url: `/api/v1/payments-sandbox/setup-intents/${intent.id}/confirm`,
          payload: { clientSecret: intent.clientSecret, cardNumber, expMonth: 12, expYear: 2090, cvc: "123" },
        });
      const declined = await confirm("4000 0000 0000 0002");
      expect(declined.statusCode).toBe(200);
      expect(declined.json().data).toEqual({
        status: "requires_payment_method",
        paymentMethodId: null,
        declineCode: "card_declined",
      });
      const saved = await confirm("4000 0025 0000 3155");
      expect(saved.json().data).toMatchObject({ status: "succeeded", declineCode: null });

      const sub = await subscribe(customerId, plan(STANDARD));
      const pi = sub.latestInvoice?.paymentIntent;
      const authenticate = await app.inject({
        method: "POST",
        url: `/api/v1/payments-sandbox/payment-intents/${pi?.id}/authenticate`,
        payload: { clientSecret: pi?.clientSecret, approve: true },
      });
      expect(authenticate.json().data).toEqual({ status: "succeeded" });
      expect((await vendor.retrieveSubscription(sub.id)).status).toBe("active");

      const before = await vendor.now();
      const advanced = await app.inject({
        method: "POST",
        url: "/api/v1/payments-sandbox/clock/advance",
        payload: { seconds: 3600 },
      });
      expect(advanced.statusCode).toBe(200);
      expect(new Date(advanced.json().data.now).getTime() - before.getTime()).toBeGreaterThanOrEqual(
        3600_000,
      );

      const refused = await closed.inject({
        method: "POST",
        url: "/api/v1/payments-sandbox/clock/advance",
        payload: { seconds: 3600 },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe("payments_sandboxOnly");
    } finally {
      await app.close();
      await closed.close();
    }
  });
});
