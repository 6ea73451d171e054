import { randomUUID } from "node:crypto";
import { AppError, addonPriceKey, BADGE_PRICE_KEY, planPriceKey } from "@vn/contract";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../src/config";
import { StripePaymentsVendor } from "../src/providers/payments/stripe";
import { type Json, stripeStandIn, type TestCard } from "./support/stripe-stand-in";

/**
 * Issue 13: the Stripe payments vendor through the official SDK, against a local stand-in that
 * checks every request the SDK makes (bearer key, pinned API version, idempotency keys, the
 * form-encoded parameters) and answers with objects shaped like Stripe's.
 */

const SECRET = `sk_test_${randomUUID().replaceAll("-", "")}`;
const WEBHOOK_SECRET = `whsec_${randomUUID().replaceAll("-", "")}`;
const standIn = stripeStandIn({ secretKey: SECRET, apiVersion: Stripe.API_VERSION });

const STANDARD = planPriceKey("user", "standard", "monthly");
const PREMIUM = planPriceKey("user", "premium", "monthly");
const PREMIUM_ANNUAL = planPriceKey("user", "premium", "annual");
const SEATS = addonPriceKey("seats");

let vendor: StripePaymentsVendor;

beforeAll(async () => {
  standIn.addPrice(STANDARD, 1_000);
  standIn.addPrice(PREMIUM, 2_500);
  standIn.addPrice(PREMIUM_ANNUAL, 25_200, "year");
  standIn.addPrice(SEATS, 500);
  standIn.addPrice(BADGE_PRICE_KEY, 300);
  const url = await standIn.start();
  vendor = new StripePaymentsVendor(
    testConfig({
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    }),
    { log: pino({ level: "silent" }) },
  );
});
afterAll(async () => {
  await standIn.close();
});

const key = () => `idem-${randomUUID()}`;

/** A customer with a saved default card, as after the checkout's SetupIntent. */
async function customerWithCard(card: TestCard = "visa") {
  const customer = await vendor.createCustomer(
    { ownerProfileId: randomUUID(), email: "ada@example.com", name: "Ada Lovelace" },
    key(),
  );
  const setup = await vendor.createSetupIntent(customer.id, key());
  const paymentMethodId = standIn.confirmSetupIntent(setup.id, card);
  await vendor.setDefaultPaymentMethod(customer.id, paymentMethodId);
  return { customerId: customer.id, paymentMethodId };
}

async function subscribed(items = [{ price: STANDARD, quantity: 1 }], card: TestCard = "visa") {
  const { customerId } = await customerWithCard(card);
  const subscription = await vendor.createSubscription({
    customerId,
    items,
    metadata: { ownerProfileId: "owner-1" },
    idempotencyKey: key(),
  });
  return { customerId, subscription };
}

const lastRequest = (method: string, path: string | RegExp) => standIn.sent(method, path).at(-1)!;

describe("Stripe vendor: set-up", () => {
  it("is named stripe and hands Stripe.js its publishable key", () => {
    expect(vendor.name).toBe("stripe");
    expect(vendor.publishableKey).toBe("pk_test_stand_in");
  });

  it("resolves prices by lookup key, active, with their product, and caches them", async () => {
    const before = standIn.sent("GET", "/v1/prices").length;
    const prices = await vendor.resolvePrices([PREMIUM, BADGE_PRICE_KEY]);
    expect(prices.get(PREMIUM)).toMatchObject({ unit_amount: 2_500, lookup_key: PREMIUM });
    expect(typeof prices.get(PREMIUM)!.product).toBe("object");
    const listed = standIn.sent("GET", "/v1/prices");
    expect(listed.length).toBe(before + 1);
    expect(listed.at(-1)!.params).toMatchObject({
      lookup_keys: [PREMIUM, BADGE_PRICE_KEY],
      active: "true",
      expand: ["data.product"],
    });
    // Within ten minutes the same keys cost no request.
    await vendor.resolvePrices([PREMIUM, BADGE_PRICE_KEY]);
    expect(standIn.sent("GET", "/v1/prices").length).toBe(before + 1);
  });

  it("fails clearly, naming the key, when no price has a lookup key", async () => {
    await expect(vendor.resolvePrices(["user.platinum.monthly"])).rejects.toThrow(
      /no active price with lookup key "user\.platinum\.monthly"/,
    );
    const { customerId } = await customerWithCard();
    await expect(
      vendor.createSubscription({
        customerId,
        items: [{ price: "company.platinum.monthly", quantity: 1 }],
        metadata: {},
        idempotencyKey: key(),
      }),
    ).rejects.toThrow(/company\.platinum\.monthly/);
    // Nothing was asked of Stripe's subscriptions.
    expect(standIn.sent("POST", "/v1/subscriptions").every((r) => r.params.customer !== customerId)).toBe(
      true,
    );
  });

  it("sends the secret key, the pinned API version and our idempotency keys", async () => {
    const idempotencyKey = key();
    const customer = await vendor.createCustomer(
      { ownerProfileId: "profile-42", email: null, name: "Acme Ltd" },
      idempotencyKey,
    );
    const request = lastRequest("POST", "/v1/customers");
    expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(request.headers["stripe-version"]).toBe(Stripe.API_VERSION);
    expect(request.headers["idempotency-key"]).toBe(idempotencyKey);
    expect(request.params).toEqual({ name: "Acme Ltd", metadata: { ownerProfileId: "profile-42" } });
    // The same key again is the same customer (a double click creates one).
    const again = await vendor.createCustomer(
      { ownerProfileId: "profile-42", email: null, name: "Acme Ltd" },
      idempotencyKey,
    );
    expect(again.id).toBe(customer.id);
    // Reused with other parameters, Stripe refuses it.
    await expect(
      vendor.createCustomer({ ownerProfileId: "profile-43", email: null, name: "Other" }, idempotencyKey),
    ).rejects.toMatchObject({ code: "payments_idempotencyConflict" });
    expect(standIn.failures).toEqual([]);
  });
});

describe("Stripe vendor: customers and cards", () => {
  it("creates an off-session SetupIntent, reads it back, and keeps the saved card as the default", async () => {
    const customer = await vendor.createCustomer(
      { ownerProfileId: randomUUID(), email: "grace@example.com", name: "Grace Hopper" },
      key(),
    );
    const idempotencyKey = key();
    const setup = await vendor.createSetupIntent(customer.id, idempotencyKey);
    expect(setup).toMatchObject({
      customerId: customer.id,
      status: "requires_payment_method",
      paymentMethodId: null,
    });
    expect(setup.clientSecret).toMatch(/^seti_.+_secret_/);
    const created = lastRequest("POST", "/v1/setup_intents");
    expect(created.params).toEqual({
      customer: customer.id,
      usage: "off_session",
      automatic_payment_methods: { enabled: "true" },
    });
    expect(created.headers["idempotency-key"]).toBe(idempotencyKey);

    expect(await vendor.defaultPaymentMethod(customer.id)).toBeNull();
    const paymentMethodId = standIn.confirmSetupIntent(setup.id, "visa");
    expect(await vendor.retrieveSetupIntent(setup.id)).toMatchObject({
      status: "succeeded",
      paymentMethodId,
    });

    await vendor.setDefaultPaymentMethod(customer.id, paymentMethodId);
    expect(lastRequest("POST", `/v1/customers/${customer.id}`).params).toEqual({
      invoice_settings: { default_payment_method: paymentMethodId },
    });
    expect(await vendor.defaultPaymentMethod(customer.id)).toEqual({
      id: paymentMethodId,
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2034,
    });
    expect(lastRequest("GET", `/v1/customers/${customer.id}`).params.expand).toEqual([
      "invoice_settings.default_payment_method",
    ]);

    await vendor.detachPaymentMethod(paymentMethodId);
    expect(standIn.sent("POST", `/v1/payment_methods/${paymentMethodId}/detach`)).toHaveLength(1);
    expect(await vendor.defaultPaymentMethod(customer.id)).toBeNull();
    // A card Stripe does not know is ours to report as not found.
    await expect(vendor.detachPaymentMethod("pm_unknown")).rejects.toMatchObject({
      code: "payments_paymentMethodNotFound",
    });
  });
});

describe("Stripe vendor: subscriptions", () => {
  it("starts a 14-day trial without charging, and reads periods from the items", async () => {
    const { customerId } = await customerWithCard();
    const idempotencyKey = key();
    const subscription = await vendor.createSubscription({
      customerId,
      items: [{ price: STANDARD, quantity: 1 }],
      trialDays: 14,
      metadata: { ownerProfileId: "owner-trial" },
      idempotencyKey,
    });
    const request = lastRequest("POST", "/v1/subscriptions");
    expect(request.headers["idempotency-key"]).toBe(idempotencyKey);
    const price = (await vendor.resolvePrices([STANDARD])).get(STANDARD)!;
    expect(request.params).toMatchObject({
      customer: customerId,
      items: [{ price: price.id, quantity: "1" }],
      trial_period_days: "14",
      payment_behavior: "allow_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { ownerProfileId: "owner-trial" },
    });
    expect(request.params.expand).toEqual(
      expect.arrayContaining([
        "latest_invoice.payments.data.payment.payment_intent",
        "latest_invoice.confirmation_secret",
        "schedule",
      ]),
    );
    expect(subscription).toMatchObject({
      customerId,
      status: "trialing",
      items: [{ price: STANDARD, quantity: 1 }],
      cancelAtPeriodEnd: false,
      scheduled: null,
      pendingUpdate: null,
      metadata: { ownerProfileId: "owner-trial" },
    });
    const days =
      (subscription.currentPeriodEnd.getTime() - subscription.currentPeriodStart.getTime()) / 86_400_000;
    expect(days).toBe(14);
    expect(subscription.trialEnd).toEqual(subscription.currentPeriodEnd);
    expect(subscription.latestInvoice).toMatchObject({
      status: "paid",
      amountDueCents: 0,
      billingReason: "subscription_create",
      paymentIntent: null,
    });
  });

  it("charges the first invoice at once with the default card", async () => {
    const { customerId, subscription } = await subscribed([
      { price: STANDARD, quantity: 1 },
      { price: SEATS, quantity: 2 },
    ]);
    expect(subscription.status).toBe("active");
    expect(subscription.items).toEqual([
      { price: STANDARD, quantity: 1 },
      { price: SEATS, quantity: 2 },
    ]);
    expect(subscription.latestInvoice).toMatchObject({
      customerId,
      subscriptionId: subscription.id,
      status: "paid",
      amountDueCents: 2_000,
      amountPaidCents: 2_000,
      attemptCount: 1,
      lines: [
        { price: STANDARD, quantity: 1, amountCents: 1_000, proration: false },
        { price: SEATS, quantity: 2, amountCents: 1_000, proration: false },
      ],
    });
    expect(subscription.latestInvoice!.paymentIntent).toMatchObject({
      status: "succeeded",
      amountCents: 2_000,
      declineCode: null,
      invoiceId: subscription.latestInvoice!.id,
      subscriptionId: subscription.id,
    });
    // Replayed with the same key, Stripe answers the first subscription: one charge.
    const request = lastRequest("POST", "/v1/subscriptions");
    const count = standIn.subscriptions.size;
    const again = await vendor.createSubscription({
      customerId,
      items: [
        { price: STANDARD, quantity: 1 },
        { price: SEATS, quantity: 2 },
      ],
      metadata: { ownerProfileId: "owner-1" },
      idempotencyKey: request.headers["idempotency-key"] as string,
    });
    expect(again.id).toBe(subscription.id);
    expect(standIn.subscriptions.size).toBe(count);
  });

  it("leaves a declined first payment incomplete with the decline code", async () => {
    const { subscription } = await subscribed([{ price: PREMIUM, quantity: 1 }], "chargeDeclined");
    expect(subscription.status).toBe("incomplete");
    expect(subscription.latestInvoice).toMatchObject({ status: "open", amountPaidCents: 0 });
    expect(subscription.latestInvoice!.paymentIntent).toMatchObject({
      status: "requires_payment_method",
      declineCode: "generic_decline",
      amountCents: 2_500,
    });
  });

  it("hands back the client secret when the card needs authentication", async () => {
    const { subscription } = await subscribed([{ price: PREMIUM, quantity: 1 }], "authenticationRequired");
    expect(subscription.status).toBe("incomplete");
    const intent = subscription.latestInvoice!.paymentIntent!;
    expect(intent).toMatchObject({ status: "requires_action", declineCode: null });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    // Read again (the require-action step), with the invoice and subscription it pays.
    expect(await vendor.retrievePaymentIntent(intent.id)).toEqual(intent);
    expect(lastRequest("GET", "/v1/invoice_payments").params).toMatchObject({
      payment: { type: "payment_intent", payment_intent: intent.id },
      expand: ["data.invoice"],
    });
  });

  it("retrieves a subscription, and says when Stripe does not know it", async () => {
    const { subscription } = await subscribed();
    const read = await vendor.retrieveSubscription(subscription.id);
    expect(read).toMatchObject({ id: subscription.id, status: "active", items: subscription.items });
    await expect(vendor.retrieveSubscription("sub_missing")).rejects.toMatchObject({
      code: "payments_subscriptionNotFound",
    });
  });
});

describe("Stripe vendor: changes", () => {
  it("upgrades now with prorations charged at once, swapping the plan item in place", async () => {
    const { subscription } = await subscribed([
      { price: STANDARD, quantity: 1 },
      { price: SEATS, quantity: 1 },
    ]);
    const stored = standIn.subscriptions.get(subscription.id)!;
    const [planItem, seatItem] = stored.items.data as Json[];
    const premium = (await vendor.resolvePrices([PREMIUM])).get(PREMIUM)!;
    const idempotencyKey = key();
    const upgraded = await vendor.updateSubscriptionNow(
      subscription.id,
      [
        { price: PREMIUM, quantity: 1 },
        { price: SEATS, quantity: 3 },
      ],
      idempotencyKey,
    );
    const request = lastRequest("POST", `/v1/subscriptions/${subscription.id}`);
    expect(request.headers["idempotency-key"]).toBe(idempotencyKey);
    expect(request.params).toMatchObject({
      items: [
        { id: planItem!.id, price: premium.id, quantity: "1" },
        { id: seatItem!.id, quantity: "3" },
      ],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    expect(request.params.billing_cycle_anchor).toBeUndefined();
    expect(request.params.metadata).toBeUndefined();
    expect(upgraded).toMatchObject({
      status: "active",
      items: [
        { price: PREMIUM, quantity: 1 },
        { price: SEATS, quantity: 3 },
      ],
      pendingUpdate: null,
    });
    // The period is unchanged; the invoice carries the prorations and was paid.
    expect(upgraded.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);
    const invoice = upgraded.latestInvoice!;
    expect(invoice).toMatchObject({ billingReason: "subscription_update", status: "paid" });
    expect(invoice.lines.every((l) => l.proration)).toBe(true);
    expect(invoice.lines.find((l) => l.price === STANDARD)!.amountCents).toBeLessThan(0);
    expect(invoice.lines.find((l) => l.price === PREMIUM)!.amountCents).toBeGreaterThan(0);
    expect(invoice.amountPaidCents).toBe(invoice.lines.reduce((sum, l) => sum + l.amountCents, 0));
  });

  it("upgrades once on a double click", async () => {
    const { customerId, subscription } = await subscribed([{ price: STANDARD, quantity: 1 }]);
    const idempotencyKey = key();
    const first = await vendor.updateSubscriptionNow(
      subscription.id,
      [{ price: PREMIUM, quantity: 1 }],
      idempotencyKey,
    );
    const second = await vendor.updateSubscriptionNow(
      subscription.id,
      [{ price: PREMIUM, quantity: 1 }],
      idempotencyKey,
    );
    expect(second.items).toEqual(first.items);
    expect(second.latestInvoice!.id).toBe(first.latestInvoice!.id);
    expect(standIn.sent("POST", `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    const charged = [...standIn.invoices.values()].filter(
      (invoice) => invoice.customer === customerId && invoice.billing_reason === "subscription_update",
    );
    expect(charged).toHaveLength(1);
  });

  it("keeps a declined upgrade pending: the items stay, pendingUpdate holds the change", async () => {
    const { subscription } = await subscribed([{ price: STANDARD, quantity: 1 }]);
    // The card on file now declines (a new default that fails).
    const customer = subscription.customerId;
    const setup = await vendor.createSetupIntent(customer, key());
    await vendor.setDefaultPaymentMethod(customer, standIn.confirmSetupIntent(setup.id, "chargeDeclined"));
    const result = await vendor.updateSubscriptionNow(
      subscription.id,
      [{ price: PREMIUM, quantity: 1 }],
      key(),
    );
    expect(result.items).toEqual([{ price: STANDARD, quantity: 1 }]);
    expect(result.pendingUpdate).toEqual({ items: [{ price: PREMIUM, quantity: 1 }] });
    expect(result.latestInvoice!.paymentIntent).toMatchObject({
      status: "requires_payment_method",
      declineCode: "generic_decline",
    });
  });

  it("starts a new period now when the billing interval changes", async () => {
    const { subscription } = await subscribed([{ price: PREMIUM, quantity: 1 }]);
    const result = await vendor.updateSubscriptionNow(
      subscription.id,
      [{ price: PREMIUM_ANNUAL, quantity: 1 }],
      key(),
    );
    expect(lastRequest("POST", `/v1/subscriptions/${subscription.id}`).params.billing_cycle_anchor).toEqual({
      type: "now",
    });
    expect(result.items).toEqual([{ price: PREMIUM_ANNUAL, quantity: 1 }]);
    const days = (result.currentPeriodEnd.getTime() - result.currentPeriodStart.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
  });

  it("previews an upgrade's prorations without changing anything", async () => {
    const { customerId, subscription } = await subscribed([{ price: STANDARD, quantity: 1 }]);
    const preview = await vendor.previewUpdate(subscription.id, [{ price: PREMIUM, quantity: 1 }]);
    const request = lastRequest("POST", "/v1/invoices/create_preview");
    const premium = (await vendor.resolvePrices([PREMIUM])).get(PREMIUM)!;
    expect(request.params).toMatchObject({
      customer: customerId,
      subscription: subscription.id,
      subscription_details: {
        proration_behavior: "always_invoice",
        items: [{ price: premium.id, quantity: "1" }],
      },
    });
    expect(Number(request.params.subscription_details.proration_date)).toBeGreaterThan(0);
    expect(preview.nextPeriodCents).toBe(2_500);
    expect(preview.amountDueCents).toBeGreaterThan(0);
    expect(preview.amountDueCents).toBeLessThanOrEqual(1_500);
    expect(preview.lines.map((l) => [l.price, l.proration])).toEqual([
      [STANDARD, true],
      [PREMIUM, true],
    ]);
    expect((await vendor.retrieveSubscription(subscription.id)).items).toEqual([
      { price: STANDARD, quantity: 1 },
    ]);

    const fresh = await vendor.previewCreate(customerId, [
      { price: PREMIUM, quantity: 1 },
      { price: BADGE_PRICE_KEY, quantity: 1 },
    ]);
    expect(fresh).toMatchObject({ amountDueCents: 2_800, nextPeriodCents: 2_800 });
  });

  it("schedules a downgrade for the period's end with a schedule, then releases it", async () => {
    const { subscription } = await subscribed([
      { price: PREMIUM, quantity: 1 },
      { price: SEATS, quantity: 2 },
    ]);
    const idempotencyKey = key();
    const scheduled = await vendor.scheduleAtPeriodEnd(
      subscription.id,
      [{ price: STANDARD, quantity: 1 }],
      idempotencyKey,
    );
    const created = lastRequest("POST", "/v1/subscription_schedules");
    expect(created.params).toEqual({ from_subscription: subscription.id });
    expect(created.headers["idempotency-key"]).toBe(`${idempotencyKey}:schedule`);
    const scheduleId = standIn.subscriptions.get(subscription.id)!.schedule as string;
    const update = lastRequest("POST", `/v1/subscription_schedules/${scheduleId}`);
    const prices = await vendor.resolvePrices([PREMIUM, SEATS, STANDARD]);
    const periodStart = String(subscription.currentPeriodStart.getTime() / 1000);
    const periodEnd = String(subscription.currentPeriodEnd.getTime() / 1000);
    expect(update.params).toMatchObject({
      end_behavior: "release",
      phases: [
        {
          items: [
            { price: prices.get(PREMIUM)!.id, quantity: "1" },
            { price: prices.get(SEATS)!.id, quantity: "2" },
          ],
          start_date: periodStart,
          end_date: periodEnd,
        },
        { items: [{ price: prices.get(STANDARD)!.id, quantity: "1" }], duration: { interval: "month" } },
      ],
    });
    // Prepaid time is kept: the items stay until the period ends, then the change applies.
    expect(scheduled.items).toEqual(subscription.items);
    expect(scheduled.scheduled).toEqual({
      items: [{ price: STANDARD, quantity: 1 }],
      at: subscription.currentPeriodEnd,
    });
    expect(scheduled.cancelAtPeriodEnd).toBe(false);

    // A second change reuses the schedule.
    const again = await vendor.scheduleAtPeriodEnd(
      subscription.id,
      [{ price: STANDARD, quantity: 2 }],
      key(),
    );
    expect(
      standIn
        .sent("POST", "/v1/subscription_schedules")
        .filter((r) => r.params.from_subscription === subscription.id),
    ).toHaveLength(1);
    expect(again.scheduled!.items).toEqual([{ price: STANDARD, quantity: 2 }]);

    // null: cancel the change.
    const released = await vendor.scheduleAtPeriodEnd(subscription.id, null, key());
    expect(standIn.sent("POST", `/v1/subscription_schedules/${scheduleId}/release`)).toHaveLength(1);
    expect(standIn.schedules.get(scheduleId)!.status).toBe("released");
    expect(released.scheduled).toBeNull();
    expect(released.items).toEqual(subscription.items);
  });

  it("cancels at the period's end, releasing a scheduled change first, and undoes it", async () => {
    const { subscription } = await subscribed([{ price: PREMIUM, quantity: 1 }]);
    await vendor.scheduleAtPeriodEnd(subscription.id, [{ price: STANDARD, quantity: 1 }], key());
    const scheduleId = standIn.subscriptions.get(subscription.id)!.schedule as string;
    const idempotencyKey = key();
    const cancelling = await vendor.setCancelAtPeriodEnd(subscription.id, true, idempotencyKey);
    expect(standIn.schedules.get(scheduleId)!.status).toBe("released");
    const request = lastRequest("POST", `/v1/subscriptions/${subscription.id}`);
    expect(request.params).toMatchObject({ cancel_at_period_end: "true" });
    expect(request.headers["idempotency-key"]).toBe(idempotencyKey);
    expect(cancelling).toMatchObject({ status: "active", cancelAtPeriodEnd: true, scheduled: null });

    // Scheduling a change clears the cancellation (Stripe refuses it on a scheduled subscription).
    const changed = await vendor.scheduleAtPeriodEnd(
      subscription.id,
      [{ price: STANDARD, quantity: 1 }],
      key(),
    );
    expect(changed).toMatchObject({ cancelAtPeriodEnd: false });
    expect(changed.scheduled!.items).toEqual([{ price: STANDARD, quantity: 1 }]);

    const renewing = await vendor.setCancelAtPeriodEnd(subscription.id, false, key());
    expect(renewing).toMatchObject({ cancelAtPeriodEnd: false, scheduled: null });
    expect(standIn.failures).toEqual([]);
  });

  it("cancels now", async () => {
    const { subscription } = await subscribed([{ price: STANDARD, quantity: 1 }], "authenticationRequired");
    const canceled = await vendor.cancelNow(subscription.id);
    expect(standIn.sent("DELETE", `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect(canceled.status).toBe("canceled");
  });

  it("turns a card error answered by Stripe (402) into a payment failure with the decline code", async () => {
    const { customerId } = await customerWithCard();
    standIn.failNext("POST", /^\/v1\/subscriptions$/, 402, {
      type: "card_error",
      code: "card_declined",
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });
    const attempt = vendor.createSubscription({
      customerId,
      items: [{ price: STANDARD, quantity: 1 }],
      metadata: {},
      idempotencyKey: key(),
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: "payments_paymentFailed",
      details: { declineCode: "insufficient_funds" },
    });
  });
});

describe("Stripe vendor: invoices", () => {
  it("lists a customer's invoices, newest first, with their payments", async () => {
    const { customerId, subscription } = await subscribed([{ price: STANDARD, quantity: 1 }]);
    await vendor.updateSubscriptionNow(subscription.id, [{ price: PREMIUM, quantity: 1 }], key());
    const invoices = await vendor.listInvoices(customerId, 10);
    const request = lastRequest("GET", "/v1/invoices");
    expect(request.params).toMatchObject({
      customer: customerId,
      limit: "10",
      expand: ["data.payments.data.payment.payment_intent"],
    });
    expect(invoices.map((i) => i.billingReason).sort()).toEqual([
      "subscription_create",
      "subscription_update",
    ]);
    expect(invoices.every((i) => i.status === "paid" && i.paymentIntent?.status === "succeeded")).toBe(true);
    expect(invoices.find((i) => i.billingReason === "subscription_create")).toMatchObject({
      amountPaidCents: 1_000,
      lines: [{ price: STANDARD, quantity: 1, amountCents: 1_000 }],
    });
  });
});

describe("Stripe vendor: webhooks", () => {
  const signed = (payload: string, secret = WEBHOOK_SECRET) => ({
    "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  });

  it("accepts a signed subscription event and maps it", async () => {
    const { subscription } = await subscribed([{ price: STANDARD, quantity: 1 }]);
    const created = Math.floor(Date.now() / 1000) - 30;
    const payload = standIn.event(
      "customer.subscription.updated",
      standIn.subscriptions.get(subscription.id)!,
      created,
    );
    const event = await vendor.readWebhook(payload, signed(payload));
    expect(event).toMatchObject({
      id: JSON.parse(payload).id,
      type: "subscription.updated",
      vendorType: "customer.subscription.updated",
      customerId: subscription.customerId,
      invoice: null,
      setupIntent: null,
    });
    expect(event.created).toEqual(new Date(created * 1000));
    expect(event.subscription).toMatchObject({
      id: subscription.id,
      status: "active",
      items: [{ price: STANDARD, quantity: 1 }],
      asOf: new Date(created * 1000),
      // The event names its invoice by id only.
      latestInvoice: null,
    });

    const deleted = standIn.event("customer.subscription.deleted", {
      ...standIn.subscriptions.get(subscription.id)!,
      status: "canceled",
    });
    expect(await vendor.readWebhook(deleted, signed(deleted))).toMatchObject({
      type: "subscription.deleted",
      subscription: { status: "canceled" },
    });
    const trial = standIn.event(
      "customer.subscription.trial_will_end",
      standIn.subscriptions.get(subscription.id)!,
    );
    expect((await vendor.readWebhook(trial, signed(trial))).type).toBe("subscription.trial_will_end");
  });

  it("maps invoice events with their PaymentIntent and the subscription read back", async () => {
    const { subscription } = await subscribed([{ price: PREMIUM, quantity: 1 }], "authenticationRequired");
    const invoice = standIn.invoices.get(subscription.latestInvoice!.id)!;
    const payload = standIn.event("invoice.payment_action_required", invoice);
    const event = await vendor.readWebhook(payload, signed(payload));
    expect(event).toMatchObject({
      type: "invoice.payment_action_required",
      customerId: subscription.customerId,
      invoice: { id: invoice.id, status: "open", subscriptionId: subscription.id, amountDueCents: 2_500 },
      subscription: { id: subscription.id, status: "incomplete" },
    });
    expect(event.invoice!.paymentIntent).toMatchObject({
      id: subscription.latestInvoice!.paymentIntent!.id,
      status: "requires_action",
      clientSecret: subscription.latestInvoice!.paymentIntent!.clientSecret,
    });

    for (const type of ["invoice.paid", "invoice.payment_failed"] as const) {
      const body = standIn.event(type, invoice);
      expect((await vendor.readWebhook(body, signed(body))).type).toBe(type);
    }
  });

  it("maps a saved card and acknowledges the rest as other", async () => {
    const customer = await vendor.createCustomer({ ownerProfileId: "p", email: null, name: "P" }, key());
    const setup = await vendor.createSetupIntent(customer.id, key());
    const paymentMethodId = standIn.confirmSetupIntent(setup.id, "visa");
    const intent = await vendor.stripe.setupIntents.retrieve(setup.id);
    const payload = standIn.event("setup_intent.succeeded", intent as unknown as Json);
    expect(await vendor.readWebhook(payload, signed(payload))).toMatchObject({
      type: "setup_intent.succeeded",
      customerId: customer.id,
      setupIntent: { id: setup.id, status: "succeeded", paymentMethodId },
    });
    const other = standIn.event("charge.refunded", { id: "ch_1", object: "charge" });
    expect(await vendor.readWebhook(other, signed(other))).toMatchObject({
      type: "other",
      vendorType: "charge.refunded",
      subscription: null,
      invoice: null,
    });
  });

  it("refuses a bad signature, another secret, an old timestamp and a missing header", async () => {
    const payload = standIn.event("invoice.paid", { id: "in_x", object: "invoice" });
    const refused = { code: "webhook_invalidSignature" };
    await expect(
      vendor.readWebhook(payload, { "stripe-signature": "t=1,v1=deadbeef" }),
    ).rejects.toMatchObject(refused);
    await expect(vendor.readWebhook(payload, signed(payload, "whsec_someone_else"))).rejects.toMatchObject(
      refused,
    );
    // Signed, then altered.
    await expect(vendor.readWebhook(payload.replace("in_x", "in_y"), signed(payload))).rejects.toMatchObject(
      refused,
    );
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    await expect(vendor.readWebhook(payload, { "stripe-signature": old })).rejects.toMatchObject(refused);
    await expect(vendor.readWebhook(payload, {})).rejects.toMatchObject(refused);
  });
});

describe("Stripe vendor: the stand-in saw only what Stripe accepts", () => {
  it("recorded no failures", () => {
    expect(standIn.failures).toEqual([]);
  });
});
