import { randomUUID } from "node:crypto";
import { messages, type PaymentsSubscriptionEvent, SANDBOX_CARDS } from "@vn/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, devOutbox, paymentEvents, subscriptions } from "../src/db/schema/index";
import { signPaymentsWebhook } from "../src/providers/payments/signature";
import { createCompany } from "../src/seed/library";
import { billingHarness, type Json, key, PAYMENTS_SECRET, type Person } from "./support/billing";
import { bearerFor } from "./support/sessions";

/**
 * Issue 13: plans people buy, end to end against the sandbox vendor over real HTTP: cards, trials,
 * upgrades with proration, changes at the period's end, authentication, declines, the sandbox's
 * test clock through trial end, renewals and failed renewals, and webhooks processed once.
 */
const billing = billingHarness();
const { person, call, state, addCard, change, advance, advancePastPeriodEnd, until, outcomesOf, socketOf } =
  billing;
const SECRET = PAYMENTS_SECRET;

async function publishPodcast(who: Person) {
  return call("POST", "/api/v1/content", who, { kind: "podcast", title: "Episode", description: "First" });
}

describe("who may buy", () => {
  it("an unverified person cannot see or change billing; a visitor gets 401", async () => {
    const unverified = await person("not_verified");
    for (const [method, path, body] of [
      ["GET", "/api/v1/dashboard/payments/subscriptions/last-active", undefined],
      ["POST", "/api/v1/dashboard/payments/setup-intent", { idempotencyKey: key() }],
      [
        "PUT",
        "/api/v1/dashboard/payments/subscriptions/sub_x",
        { plan: "standard", period: "monthly", idempotencyKey: key() },
      ],
    ] as const) {
      const refused = await call(method, path, unverified, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.code).toBe("user_notVerified");
      expect((await call(method, path, null, body)).status).toBe(401);
    }
  });

  it("another owner's subscription id is not found, and creator / enterprise are not sold here", async () => {
    const [buyer, other] = [await person(), await person()];
    const theirs = (await state(other)).publicId;
    const refused = await call("PUT", `/api/v1/dashboard/payments/subscriptions/${theirs}`, buyer, {
      plan: "standard",
      period: "monthly",
      idempotencyKey: key(),
    });
    expect(refused.status).toBe(404);
    expect((await change(buyer, "creator")).body.error.code).toBe("payments_planNotSelfServe");
    expect((await change(buyer, "enterprise")).body.error.code).toBe("payments_planUnavailable");
    expect((await change(buyer, "standard")).body.error).toMatchObject({
      code: "payments_noPaymentMethod",
      message: messages.paymentsNoPaymentMethod,
    });
  });
});

describe("a trial, the reminder, the renewal", () => {
  it("starts a Standard trial with 4242 and opens the paid features at once", async () => {
    const buyer = await person();
    expect((await publishPodcast(buyer)).status).toBe(403);
    const socket = await socketOf(buyer);
    const told: PaymentsSubscriptionEvent[] = [];
    socket.on("payments.subscription", (payload) => told.push(payload as PaymentsSubscriptionEvent));
    try {
      const card = await addCard(buyer, SANDBOX_CARDS.succeeds);
      expect(card).toMatchObject({ status: "succeeded", declineCode: null });
      expect((await state(buyer)).billing.paymentMethod).toMatchObject({ last4: "4242", brand: "visa" });

      const started = await change(buyer, "standard", "monthly", { trial: true });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.data).toMatchObject({ outcome: "created", status: "done" });
      expect(started.body.data.state.billing).toMatchObject({ status: "trialing", trialDaysLeft: 14 });
      expect(started.body.data.state.canUseTrial).toBe(false);
      // Entitlements follow at once: the podcast the basic plan refused is published now.
      expect((await publishPodcast(buyer)).status).toBe(201);
      await expect.poll(() => told.map((event) => event.outcome)).toContain("created");
      // Once per owner.
      expect((await change(buyer, "premium", "monthly", { trial: true })).body.error.code).toBe(
        "payments_trialUnavailable",
      );
    } finally {
      socket.disconnect();
    }
  });

  it("reminds 3 days before the trial ends, then renews and charges 9.99", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    await change(buyer, "standard", "monthly", { trial: true });
    const socket = await socketOf(buyer);
    const reminders: unknown[] = [];
    socket.on("payments.subscription.reminder", (payload) => reminders.push(payload));
    try {
      await advance(11.5);
      await expect.poll(() => reminders.length, { timeout: 10_000 }).toBe(1);
      const mails = await billing
        .db()
        .database.db.select()
        .from(devOutbox)
        .where(eq(devOutbox.recipient, buyer.email));
      expect(mails.map((mail) => mail.subject)).toContain(messages.mailTrialEndingSubject);

      await advance(3);
      const renewed = await until(buyer, (s) => s.billing.status === "active", "the renewal");
      expect(renewed.current.plan.slug).toBe("standard");
      expect(renewed.billing.trialEndsAt).toBeNull();
      const history = (await call("GET", "/api/v1/dashboard/payments/invoices", buyer)).body.data;
      expect(history[0]).toMatchObject({ amountCents: 999, status: "paid" });
      await expect.poll(() => outcomesOf(buyer), { timeout: 10_000 }).toContain("renewed");
    } finally {
      socket.disconnect();
    }
  });
});

describe("upgrades, downgrades and changes at the period's end", () => {
  it("previews the prorated charge of an upgrade, then charges exactly that", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    expect((await change(buyer, "standard")).body.data.outcome).toBe("upgraded");
    await advance(15);
    const current = await state(buyer);
    const preview = await call(
      "POST",
      `/api/v1/dashboard/payments/subscriptions/${current.publicId}/preview-proportions`,
      buyer,
      { plan: "premium", period: "monthly" },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const { amountDueCents, timing, outcome, nextPeriodCents } = preview.body.data;
    expect({ timing, outcome, nextPeriodCents }).toEqual({
      timing: "now",
      outcome: "upgraded",
      nextPeriodCents: 1999,
    });
    // Half a month left of a 10.00 difference: about 5.00.
    expect(amountDueCents).toBeGreaterThan(400);
    expect(amountDueCents).toBeLessThan(600);

    const upgraded = await change(buyer, "premium");
    expect(upgraded.body.data).toMatchObject({ outcome: "upgraded", status: "done" });
    expect(upgraded.body.data.state.current.plan.slug).toBe("premium");
    const history = (await call("GET", "/api/v1/dashboard/payments/invoices", buyer)).body.data;
    expect(history[0]).toMatchObject({ amountCents: amountDueCents, status: "paid" });
  });

  it("schedules a downgrade for the period's end, cancels it, and a later one takes effect then", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    await change(buyer, "premium");
    const scheduled = await change(buyer, "standard");
    expect(scheduled.body.data.outcome).toBe("delayed_downgrade");
    const periodEnd = scheduled.body.data.state.billing.currentPeriodEnd;
    expect(scheduled.body.data.state.billing.nextChange).toMatchObject({ plan: "standard", at: periodEnd });
    // Prepaid time is never revoked.
    expect(scheduled.body.data.state.current.plan.slug).toBe("premium");

    const id = scheduled.body.data.state.publicId;
    const undone = await call("POST", `/api/v1/dashboard/payments/subscriptions/${id}/cancel-changes`, buyer);
    expect(undone.body.data.billing.nextChange).toBeNull();
    expect(
      (await call("POST", `/api/v1/dashboard/payments/subscriptions/${id}/cancel-changes`, buyer)).body.error
        .code,
    ).toBe("payments_noScheduledChange");

    expect((await change(buyer, "basic")).body.data.outcome).toBe("downgrade_to_cancel");
    await advance(31);
    const after = await until(buyer, (s) => s.current.plan.slug === "basic", "the cancellation");
    expect(after.billing.nextChange).toBeNull();
    // The outcome arrives by the sandbox's signed webhook, later still on a busy machine.
    await expect.poll(() => outcomesOf(buyer), { timeout: 30_000 }).toContain("downgraded");
  }, 60_000);

  it("annual to monthly waits for the year's end", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    await change(buyer, "standard", "annual");
    expect((await change(buyer, "standard", "monthly")).body.data.outcome).toBe("delayed_downgrade_to_month");
    await call(
      "POST",
      `/api/v1/dashboard/payments/subscriptions/${(await state(buyer)).publicId}/cancel-changes`,
      buyer,
    );
    expect((await change(buyer, "premium", "monthly")).body.data.outcome).toBe("delayed_upgrade_to_month");
  });
});

describe("cards that fail or need the cardholder", () => {
  it("a declined card is refused at once and changes nothing", async () => {
    const buyer = await person();
    const refused = await addCard(buyer, SANDBOX_CARDS.declined);
    expect(refused).toMatchObject({ status: "requires_payment_method", declineCode: "card_declined" });
    const after = await state(buyer);
    expect(after.billing.paymentMethod).toBeNull();
    expect(after.current.plan.slug).toBe("basic");
  });

  it("3155 asks for authentication; approved, the upgrade completes; failed, nothing changes", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.requiresAuthentication);
    const socket = await socketOf(buyer);
    const asked: unknown[] = [];
    socket.on("payments.payment_method.action_required", (payload) => asked.push(payload));
    try {
      const waiting = await change(buyer, "premium");
      expect(waiting.body.data).toMatchObject({ status: "requires_action", outcome: null });
      const { paymentIntentId, clientSecret } = waiting.body.data.pendingAction;
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      expect(waiting.body.data.state.current.plan.slug).toBe("basic");
      // Nothing else may be bought while one payment waits.
      expect((await change(buyer, "standard")).body.error.code).toBe("payments_actionPending");

      const failed = await call(
        "POST",
        `/api/v1/payments-sandbox/payment-intents/${paymentIntentId}/authenticate`,
        null,
        {
          clientSecret,
          approve: false,
        },
      );
      expect(failed.body.data.status).toBe("requires_payment_method");
      const refused = await call("POST", "/api/v1/dashboard/payments/require-action", buyer, {
        paymentIntentId,
      });
      expect(refused.body.error).toMatchObject({
        code: "payments_paymentFailed",
        message: messages.paymentFailed,
      });
      expect((await state(buyer)).current.plan.slug).toBe("basic");

      const again = await change(buyer, "premium");
      const second = again.body.data.pendingAction;
      const approved = await call(
        "POST",
        `/api/v1/payments-sandbox/payment-intents/${second.paymentIntentId}/authenticate`,
        null,
        {
          clientSecret: second.clientSecret,
          approve: true,
        },
      );
      expect(approved.body.data.status).toBe("succeeded");
      const done = await call("POST", "/api/v1/dashboard/payments/require-action", buyer, {
        paymentIntentId: second.paymentIntentId,
      });
      expect(done.body.data).toMatchObject({ outcome: "upgraded", status: "done" });
      expect(done.body.data.state.current.plan.slug).toBe("premium");
    } finally {
      socket.disconnect();
    }
  });

  it("a paid renewal on a card that stopped working fails, is told, and a new card pays the retry", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    await change(buyer, "standard");
    // The card renewals use is replaced by one that will be declined.
    await addCard(buyer, SANDBOX_CARDS.chargeFails);
    expect((await state(buyer)).billing.paymentMethod.last4).toBe("0341");
    await advancePastPeriodEnd(buyer);
    const pastDue = await until(buyer, (s) => s.billing.status === "past_due", "the failed renewal");
    expect(pastDue.billing.failedRenewals).toBe(1);
    // Prepaid time is over, but the plan holds while the vendor retries.
    expect(pastDue.current.plan.slug).toBe("standard");
    await expect.poll(() => outcomesOf(buyer), { timeout: 10_000 }).toContain("failed");
    const history = (await call("GET", "/api/v1/dashboard/payments/invoices", buyer)).body.data;
    expect(history[0]).toMatchObject({ amountCents: 999, status: "failed" });

    await addCard(buyer, SANDBOX_CARDS.succeeds);
    await advance(1.1);
    const recovered = await until(
      buyer,
      (s) => s.billing.status === "active",
      "the retry paid with the new card",
    );
    expect(recovered.billing.failedRenewals).toBe(0);
    await expect.poll(() => outcomesOf(buyer), { timeout: 10_000 }).toContain("renewed");
  });

  it("a card a renewing plan needs cannot be removed; once the plan ends with the period, it can", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    await change(buyer, "standard");
    const card = (await call("GET", "/api/v1/dashboard/payments/payment-methods/default", buyer)).body.data;
    expect(card).toMatchObject({ brand: "visa", last4: "4242" });
    const remove = () => call("POST", `/api/v1/dashboard/payments/payment-methods/${card.id}/delete`, buyer);
    expect((await remove()).body.error).toMatchObject({
      code: "payments_paymentMethodInUse",
      message: messages.paymentsPaymentMethodInUse,
    });
    expect((await change(buyer, "basic")).body.data.outcome).toBe("downgrade_to_cancel");
    expect((await remove()).body.data).toEqual({ ok: true });
    expect(
      (await call("GET", "/api/v1/dashboard/payments/payment-methods/default", buyer)).body.data,
    ).toBeNull();
    expect((await remove()).body.error.code).toBe("payments_paymentMethodNotFound");
  });

  it("the trial reminder can be dismissed", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    const started = await change(buyer, "premium", "monthly", { trial: true });
    const id = started.body.data.state.publicId;
    const dismissed = await call(
      "POST",
      `/api/v1/dashboard/payments/subscriptions/${id}/reminder/reject`,
      buyer,
    );
    expect(dismissed.body.data.billing.reminderDismissed).toBe(true);
  });

  it("a renewal that keeps failing is retried 3 times over 7 days, then falls back to basic", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.chargeFails);
    await change(buyer, "standard", "monthly", { trial: true });
    expect((await publishPodcast(buyer)).status).toBe(201);
    await advance(14.2);
    const pastDue = await until(buyer, (s) => s.billing.status === "past_due", "the failed first charge");
    expect(pastDue.current.plan.slug).toBe("standard");
    await expect.poll(() => outcomesOf(buyer), { timeout: 10_000 }).toContain("trial_failed");
    for (const day of [1, 2, 4]) {
      await advance(day);
    }
    const fallen = await until(buyer, (s) => s.current.plan.slug === "basic", "the fall back to basic");
    expect(fallen.billing.status).toBe("active");
    // Each failed attempt was told once (webhooks may still be arriving, in any order).
    await expect
      .poll(
        async () =>
          (await outcomesOf(buyer)).filter((outcome) => outcome === "failed" || outcome === "trial_failed"),
        {
          timeout: 10_000,
        },
      )
      .toHaveLength(4);
    // What was published above the basic limits stays published.
    const podcasts = await billing
      .db()
      .database.raw.executeSql(
        "select count(*)::int as n from content_items where owner_id = $1 and kind = 'podcast' and status = 'active'",
        [buyer.profileId],
      );
    expect(podcasts.rows[0]!.n).toBe(1);
    const mails = await billing
      .db()
      .database.db.select()
      .from(devOutbox)
      .where(eq(devOutbox.recipient, buyer.email));
    expect(mails.map((mail) => mail.subject)).toContain(messages.mailTrialFailedSubject);
  });
});

describe("once and only once", () => {
  it("a double click buys once", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    const current = await state(buyer);
    const body = { plan: "premium", period: "monthly", idempotencyKey: key() };
    const path = `/api/v1/dashboard/payments/subscriptions/${current.publicId}`;
    const [first, second] = await Promise.all([
      call("PUT", path, buyer, body),
      call("PUT", path, buyer, body),
    ]);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const history = (await call("GET", "/api/v1/dashboard/payments/invoices", buyer)).body.data;
    expect(history.filter((invoice: Json) => invoice.amountCents === 1999)).toHaveLength(1);
    const reused = await call("PUT", path, buyer, { ...body, plan: "standard" });
    expect(reused.body.error.code).toBe("payments_idempotencyConflict");
  });

  it("a replayed webhook has no second effect; a forged one is refused", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    await change(buyer, "standard");
    const { rows } = await billing
      .db()
      .database.raw.executeSql(
        "select id, payload from payments_sandbox_events where delivered_at is not null order by created_at desc limit 1",
      );
    const delivered = rows[0] as { id: string; payload: unknown } | undefined;
    expect(delivered).toBeDefined();
    const body = JSON.stringify(delivered!.payload);
    const send = (signature: string) =>
      fetch(`${billing.baseUrl()}/api/v1/webhooks/payments/sandbox`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
    const replay = await send(signPaymentsWebhook(SECRET, body, new Date()));
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as Json).data).toEqual({ received: true, duplicate: true });
    const forged = await send(signPaymentsWebhook("whsec_someone_else_entirely_00000", body, new Date()));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as Json).error.code).toBe("webhook_invalidSignature");
    const known = await billing
      .db()
      .database.db.select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, delivered!.id));
    expect(known).toHaveLength(1);
  });

  it("money decisions write the audit log", async () => {
    const buyer = await person();
    await addCard(buyer, SANDBOX_CARDS.succeeds);
    await change(buyer, "standard");
    const [row] = await billing
      .db()
      .database.db.select()
      .from(subscriptions)
      .where(eq(subscriptions.ownerProfileId, buyer.profileId));
    const entries = await billing
      .db()
      .database.db.select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, row!.id));
    expect(entries.map((entry) => entry.action)).toContain("plan.changed");
    expect(entries.find((entry) => entry.action === "plan.changed")?.after).toMatchObject({
      plan: "standard",
    });
  });
});

describe("companies", () => {
  it("a company cannot downgrade below its team; its manager cannot touch billing", async () => {
    const owner = await person();
    const company = await createCompany(billing.db().database.db, {
      name: `Team ${randomUUID().slice(0, 6)}`,
      ownerUserId: owner.userId,
      verificationStatus: "verified",
      planTier: "basic",
    });
    const asCompany: Person = {
      ...owner,
      profileId: company.profileId,
      headers: await bearerFor(billing.db().database.db, owner.userId, company.profileId),
    };
    await addCard(asCompany, SANDBOX_CARDS.succeeds);
    expect((await change(asCompany, "standard")).body.data.outcome).toBe("upgraded");
    // Four more members: five in all, more than basic's three.
    for (let i = 0; i < 4; i++) {
      const member = await person();
      await billing
        .db()
        .database.raw.executeSql(
          "insert into company_members (company_id, user_id, role) values ($1, $2, 'company_employee')",
          [company.profileId, member.userId],
        );
    }
    const refused = await change(asCompany, "basic");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "payments_teamTooLarge",
      details: { members: 5, included: 3 },
    });

    const manager = await person();
    await billing
      .db()
      .database.raw.executeSql(
        "insert into company_members (company_id, user_id, role) values ($1, $2, 'manager')",
        [company.profileId, manager.userId],
      );
    const managing = await bearerFor(billing.db().database.db, manager.userId, company.profileId);
    const forbidden = await call("GET", "/api/v1/dashboard/payments/subscriptions/last-active", {
      ...manager,
      headers: managing,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe("accountManager_permissionNotProvided");
  });
});
