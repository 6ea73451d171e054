import {
  AppError,
  type PaymentMethod,
  RENEWAL_RETRIES,
  RENEWAL_RETRY_DAYS,
  SANDBOX_CARDS,
  TRIAL_REMINDER_DAYS_BEFORE,
} from "@vn/contract";
import { and, asc, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { paymentsSandboxEvents, paymentsSandboxIdempotency } from "../../db/schema/index";
import type { Jobs } from "../../shared/jobs";
import {
  addInterval,
  cardBrand,
  describeItem,
  intervalOf,
  itemsCents,
  luhnValid,
  periodLines,
  prorate,
} from "./sandbox-billing";
import {
  type CardBehaviour,
  claimIdempotencyKey,
  clockOffset,
  getObject,
  insertEvent,
  listObjects,
  liveSubscriptions,
  moveClock,
  newClientSecret,
  newEventId,
  newId,
  putObject,
  requestDigest,
  type SbCard,
  type SbInvoice,
  type SbPaymentIntent,
  type SbSetupIntent,
  type SbSubscription,
  storeIdempotentResponse,
  type Tx,
} from "./sandbox-store";
import {
  invoiceView,
  paymentIntentView,
  reviveEvent,
  setupIntentView,
  subscriptionView,
} from "./sandbox-views";
import { PAYMENTS_SIGNATURE_HEADER, signPaymentsWebhook, verifyPaymentsWebhook } from "./signature";
import type {
  CreateSubscriptionInput,
  ItemSpec,
  PaymentsProvider,
  ProviderEvent,
  ProviderEventType,
  ProviderInvoice,
  ProviderPaymentIntent,
  ProviderPreview,
  ProviderSetupIntent,
  ProviderSubscription,
} from "./types";

/** Queues of the sandbox vendor (jobs/payments-sandbox.ts). */
export const PAYMENTS_SANDBOX_DELIVER_QUEUE = "payments.sandbox.deliver";
export const PAYMENTS_SANDBOX_TICK_QUEUE = "payments.sandbox.tick";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Stripe lets an incomplete first payment (and a pending update) wait this long. */
const PAYMENT_WINDOW_MS = 23 * HOUR;
/** An event our side refused this many times is given up on, so later ones still go out. */
export const MAX_DELIVERY_ATTEMPTS = 20;
/** Stripe keeps idempotency keys for a day. */
const IDEMPOTENCY_TTL_MS = DAY;

/** One unit of work: its transaction (the customer locked), its clock, the customers to notify. */
interface Work {
  tx: Tx;
  now: number;
  touched: Set<string>;
}

type DueKind = "reminder" | "periodEnd" | "retry" | "expire" | "dropUpdate";

const stripeTypes: Record<Exclude<ProviderEventType, "other">, string> = {
  "subscription.updated": "customer.subscription.updated",
  "subscription.deleted": "customer.subscription.deleted",
  "subscription.trial_will_end": "customer.subscription.trial_will_end",
  "invoice.paid": "invoice.paid",
  "invoice.payment_failed": "invoice.payment_failed",
  "invoice.payment_action_required": "invoice.payment_action_required",
  "setup_intent.succeeded": "setup_intent.succeeded",
};

function behaviourOf(number: string): CardBehaviour {
  if (number === SANDBOX_CARDS.requiresAuthentication) return "requiresAuthentication";
  // 0002 never gets this far (refused at setup); 0341 is saved and declined at every charge.
  if (number === SANDBOX_CARDS.declined || number === SANDBOX_CARDS.chargeFails) return "declined";
  return "succeeds";
}

/** The first moment after a card's expiry month. */
const expiresAt = (card: { expMonth: number; expYear: number }) => Date.UTC(card.expYear, card.expMonth, 1);

/** What is due next for a subscription, earliest first (a reminder before the period end it announces). */
function nextDue(sub: SbSubscription): { kind: DueKind; at: number } | null {
  const due: Array<{ kind: DueKind; at: number }> = [];
  if (sub.status === "trialing" && sub.trialEnd !== null && !sub.trialReminderSent) {
    due.push({
      kind: "reminder",
      at: Math.max(sub.createdAt, sub.trialEnd - TRIAL_REMINDER_DAYS_BEFORE * DAY),
    });
  }
  if (sub.status === "trialing" || sub.status === "active")
    due.push({ kind: "periodEnd", at: sub.currentPeriodEnd });
  if (sub.status === "past_due" && sub.retry) due.push({ kind: "retry", at: sub.retry.at });
  if (sub.status === "incomplete" && sub.incompleteExpiresAt !== null) {
    due.push({ kind: "expire", at: sub.incompleteExpiresAt });
  }
  if (sub.pendingUpdate) due.push({ kind: "dropUpdate", at: sub.pendingUpdate.expiresAt });
  return due.reduce<{ kind: DueKind; at: number } | null>(
    (first, next) => (!first || next.at < first.at ? next : first),
    null,
  );
}

/**
 * A Stripe look-alike run inside the product (no STRIPE_SECRET_KEY): customers, cards with
 * Stripe's test numbers, subscriptions with trials, prorated changes, schedules, renewals and
 * retries, kept in its own tables (payments_sandbox_*). Time is its test clock (real time plus an
 * offset tests and the demo move forward); what comes due runs on advanceClock and on a periodic
 * job. It reaches our side only by webhooks signed as Stripe signs them, delivered in order per
 * customer through a job queue (inline, best effort, on a node without a job runner).
 *
 * Every call runs in one transaction with the customer's row locked, so two calls for one customer
 * cannot both charge; idempotency keys are claimed in the same transaction.
 */
export class SandboxPaymentsVendor implements PaymentsProvider {
  readonly name = "sandbox" as const;
  readonly publishableKey = null;
  /** Inline deliveries in flight, chained per customer so they keep their order. */
  private readonly deliveries = new Map<string, Promise<void>>();

  constructor(
    private readonly env: {
      db: Db;
      config: Config;
      jobs: () => Jobs | undefined;
      log: FastifyBaseLogger;
      fetch?: typeof fetch;
    },
  ) {}

  // The clock -------------------------------------------------------------------------------------

  /** The sandbox's now: real time plus the test clock's offset. */
  async now(): Promise<Date> {
    return new Date(Date.now() + (await clockOffset(this.env.db)));
  }

  /**
   * Moves the test clock forward and runs everything that came due, in time order, before it
   * returns (as Stripe's test clock advance); inline webhooks have gone out too.
   */
  async advanceClock(ms: number): Promise<Date> {
    if (!Number.isFinite(ms) || ms <= 0) throw new Error("payments sandbox: the clock only moves forward");
    await moveClock(this.env.db, Math.round(ms));
    const now = await this.now();
    await this.runDue(now);
    await this.settled();
    return now;
  }

  /**
   * Runs what came due up to `now` across all subscriptions, one step at a time in time order
   * (each step in its own transaction, at the moment it was due). Another runner doing the same
   * step first is seen under the customer's lock and skipped. Returns the steps taken.
   */
  async runDue(now?: Date): Promise<number> {
    const until = (now ?? (await this.now())).getTime();
    let steps = 0;
    for (let guard = 0; guard < 10_000; guard++) {
      let first: { sub: SbSubscription; kind: DueKind; at: number } | null = null;
      for (const sub of await liveSubscriptions(this.env.db)) {
        const due = nextDue(sub);
        if (due && due.at <= until && (!first || due.at < first.at)) first = { sub, ...due };
      }
      if (!first) return steps;
      const { sub, kind, at } = first;
      await this.run(
        sub.customerId,
        async (w) => {
          const fresh = await getObject(w.tx, "subscription", sub.id);
          const due = fresh && nextDue(fresh);
          if (!fresh || !due || due.kind !== kind || due.at > until) return;
          await this.performDue(w, fresh, kind);
        },
        at,
      );
      steps++;
    }
    throw new Error("payments sandbox: runDue did not settle");
  }

  private async performDue(w: Work, sub: SbSubscription, kind: DueKind): Promise<void> {
    switch (kind) {
      case "reminder":
        sub.trialReminderSent = true;
        await this.saveSubscription(w, sub, "subscription.trial_will_end");
        return;
      case "periodEnd":
        return this.renew(w, sub);
      case "retry":
        return this.retryRenewal(w, sub);
      case "expire": {
        await this.voidInvoice(w, sub.latestInvoiceId);
        sub.status = "incomplete_expired";
        sub.incompleteExpiresAt = null;
        sub.endedAt = w.now;
        await this.saveSubscription(w, sub, "subscription.deleted");
        return;
      }
      case "dropUpdate": {
        await this.voidInvoice(w, sub.pendingUpdate?.invoiceId ?? null);
        sub.pendingUpdate = null;
        await this.saveSubscription(w, sub, "subscription.updated");
        return;
      }
    }
  }

  // Customers and cards ---------------------------------------------------------------------------

  async createCustomer(
    input: { ownerProfileId: string; email: string | null; name: string },
    idempotencyKey: string,
  ): Promise<{ id: string }> {
    const id = await this.run(null, (w) =>
      this.idempotent(w, idempotencyKey, "createCustomer", input, async () => {
        const customer = { id: newId("customer"), ...input, defaultPaymentMethodId: null, createdAt: w.now };
        await putObject(w.tx, "customer", customer);
        return customer.id;
      }),
    );
    return { id };
  }

  async createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent> {
    const id = await this.run(customerId, (w) =>
      this.idempotent(w, idempotencyKey, "createSetupIntent", { customerId }, async () => {
        const id = newId("setup_intent");
        const intent: SbSetupIntent = {
          id,
          customerId,
          status: "requires_payment_method",
          clientSecret: newClientSecret(id),
          paymentMethodId: null,
          declineCode: null,
          createdAt: w.now,
        };
        await putObject(w.tx, "setup_intent", intent);
        return id;
      }),
    );
    return this.retrieveSetupIntent(id);
  }

  async retrieveSetupIntent(id: string): Promise<ProviderSetupIntent> {
    const intent = await getObject(this.env.db, "setup_intent", id);
    if (!intent) throw new AppError("request_notFound");
    return setupIntentView(intent);
  }

  /**
   * The sandbox card form confirms a SetupIntent (what Stripe.js does): the number must pass the
   * Luhn check and the card must not have expired by the sandbox's clock; the declined test card is
   * refused here already, as Stripe refuses it at setup. Otherwise the card is saved and made the
   * customer's default.
   */
  async confirmSetupIntent(
    id: string,
    input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number; cvc: string },
  ): Promise<{
    status: "succeeded" | "requires_payment_method";
    paymentMethodId: string | null;
    declineCode: string | null;
  }> {
    const found = await getObject(this.env.db, "setup_intent", id);
    if (found?.clientSecret !== input.clientSecret) throw new AppError("request_notFound");
    return this.run(found.customerId, async (w) => {
      const intent = (await getObject(w.tx, "setup_intent", id)) as SbSetupIntent;
      if (intent.status === "succeeded") {
        return { status: "succeeded", paymentMethodId: intent.paymentMethodId, declineCode: null };
      }
      const number = input.cardNumber.replace(/[\s-]/g, "");
      const declineCode = !luhnValid(number)
        ? "incorrect_number"
        : expiresAt(input) <= w.now
          ? "expired_card"
          : number === SANDBOX_CARDS.declined
            ? "card_declined"
            : null;
      if (declineCode) {
        intent.status = "requires_payment_method";
        intent.declineCode = declineCode;
        await putObject(w.tx, "setup_intent", intent);
        return { status: "requires_payment_method", paymentMethodId: null, declineCode };
      }
      const card: SbCard = {
        id: newId("card"),
        customerId: intent.customerId,
        brand: cardBrand(number),
        last4: number.slice(-4),
        expMonth: input.expMonth,
        expYear: input.expYear,
        behaviour: behaviourOf(number),
        createdAt: w.now,
      };
      await putObject(w.tx, "card", card);
      const customer = await getObject(w.tx, "customer", intent.customerId);
      if (customer) await putObject(w.tx, "customer", { ...customer, defaultPaymentMethodId: card.id });
      Object.assign(intent, { status: "succeeded", paymentMethodId: card.id, declineCode: null });
      await putObject(w.tx, "setup_intent", intent);
      await this.emit(w, "setup_intent.succeeded", intent.customerId, { setupIntent: intent });
      return { status: "succeeded", paymentMethodId: card.id, declineCode: null };
    });
  }

  async defaultPaymentMethod(customerId: string): Promise<PaymentMethod | null> {
    const customer = await getObject(this.env.db, "customer", customerId);
    const card = customer?.defaultPaymentMethodId
      ? await getObject(this.env.db, "card", customer.defaultPaymentMethodId)
      : undefined;
    if (!card) return null;
    return {
      id: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    await this.run(customerId, async (w) => {
      const card = await getObject(w.tx, "card", paymentMethodId);
      if (card?.customerId !== customerId) throw new AppError("payments_paymentMethodNotFound");
      const customer = await getObject(w.tx, "customer", customerId);
      if (customer) await putObject(w.tx, "customer", { ...customer, defaultPaymentMethodId: card.id });
    });
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    const found = await getObject(this.env.db, "card", paymentMethodId);
    if (!found?.customerId) throw new AppError("payments_paymentMethodNotFound");
    await this.run(found.customerId, async (w) => {
      const card = await getObject(w.tx, "card", paymentMethodId);
      if (!card?.customerId) throw new AppError("payments_paymentMethodNotFound");
      const customer = await getObject(w.tx, "customer", card.customerId);
      if (customer?.defaultPaymentMethodId === card.id) {
        await putObject(w.tx, "customer", { ...customer, defaultPaymentMethodId: null });
      }
      await putObject(w.tx, "card", { ...card, customerId: null });
    });
  }

  // Subscriptions ---------------------------------------------------------------------------------

  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    const { customerId, items, metadata } = input;
    const trialDays = input.trialDays ?? 0;
    const id = await this.run(customerId, (w) =>
      this.idempotent(
        w,
        input.idempotencyKey,
        "createSubscription",
        { customerId, items, trialDays, metadata },
        async () => {
          const interval = intervalOf(items);
          const amount = itemsCents(items, interval);
          const customer = await getObject(w.tx, "customer", customerId);
          if (trialDays <= 0 && amount > 0 && !customer?.defaultPaymentMethodId) {
            throw new AppError("payments_noPaymentMethod");
          }
          const trialEnd = trialDays > 0 ? w.now + trialDays * DAY : null;
          const sub: SbSubscription = {
            id: newId("subscription"),
            customerId,
            status: "incomplete",
            items,
            interval,
            anchor: trialEnd ?? w.now,
            currentPeriodStart: w.now,
            currentPeriodEnd: trialEnd ?? addInterval(w.now, interval, w.now),
            trialEnd,
            trialReminderSent: false,
            cancelAtPeriodEnd: false,
            scheduled: null,
            pendingUpdate: null,
            retry: null,
            incompleteExpiresAt: null,
            latestInvoiceId: null,
            metadata,
            endedAt: null,
            createdAt: w.now,
          };
          const invoice = this.newInvoice(w, sub, {
            billingReason: "subscription_create",
            amountDueCents: trialEnd ? 0 : amount,
            lines: trialEnd
              ? items.map((item) => ({
                  description: `Trial period for ${describeItem(item, interval)}`,
                  amountCents: 0,
                  price: item.price,
                  quantity: item.quantity,
                  proration: false,
                }))
              : periodLines(items, interval),
            periodStart: sub.currentPeriodStart,
            periodEnd: sub.currentPeriodEnd,
            purpose: { kind: "create" },
          });
          sub.latestInvoiceId = invoice.id;
          const intent = invoice.amountDueCents > 0 ? await this.charge(w, invoice) : null;
          if (!intent || intent.status === "succeeded") {
            sub.status = trialEnd ? "trialing" : "active";
            await this.saveSubscription(w, sub, "subscription.updated");
            await this.markPaid(w, invoice);
            return sub.id;
          }
          sub.incompleteExpiresAt = w.now + PAYMENT_WINDOW_MS;
          await this.saveSubscription(w, sub, "subscription.updated");
          await this.saveInvoice(w, invoice);
          await this.emitPaymentProblem(w, invoice, intent);
          return sub.id;
        },
      ),
    );
    return this.retrieveSubscription(id);
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription> {
    const sub = await getObject(this.env.db, "subscription", id);
    if (!sub) throw new AppError("payments_subscriptionNotFound");
    return subscriptionView(this.env.db, sub, (await this.now()).getTime());
  }

  async updateSubscriptionNow(
    id: string,
    items: ItemSpec[],
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    await this.withSubscription(id, (w, sub) =>
      this.idempotent(w, idempotencyKey, "updateSubscriptionNow", { id, items }, async () => {
        this.assertChangeable(sub);
        const interval = intervalOf(items);
        if (sub.pendingUpdate) {
          // A newer change replaces the one still waiting for its payment.
          await this.voidInvoice(w, sub.pendingUpdate.invoiceId);
          sub.pendingUpdate = null;
        }
        if (sub.status === "trialing") {
          // Nothing is charged during a trial: the new items are what the trial's end bills.
          Object.assign(sub, { items, interval });
          await this.saveSubscription(w, sub, "subscription.updated");
          return sub.id;
        }
        const change = prorate({
          oldItems: sub.items,
          oldInterval: sub.interval,
          newItems: items,
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          now: w.now,
        });
        if (change.lines.length === 0) return sub.id; // the items it already has: nothing to do
        const newPeriod = change.intervalChange
          ? { start: w.now, end: addInterval(w.now, interval, w.now) }
          : null;
        const invoice = this.newInvoice(w, sub, {
          billingReason: "subscription_update",
          amountDueCents: change.amountDueCents,
          lines: change.lines,
          periodStart: newPeriod?.start ?? w.now,
          periodEnd: newPeriod?.end ?? sub.currentPeriodEnd,
          purpose: { kind: "update", items, interval, newPeriod },
        });
        sub.latestInvoiceId = invoice.id;
        await putObject(w.tx, "subscription", sub);
        const intent = invoice.amountDueCents > 0 ? await this.charge(w, invoice) : null;
        if (!intent || intent.status === "succeeded") {
          await this.markPaid(w, invoice);
          return sub.id;
        }
        sub.pendingUpdate = { items, invoiceId: invoice.id, expiresAt: w.now + PAYMENT_WINDOW_MS };
        await this.saveInvoice(w, invoice);
        await this.emitPaymentProblem(w, invoice, intent);
        await this.saveSubscription(w, sub, "subscription.updated");
        return sub.id;
      }),
    );
    return this.retrieveSubscription(id);
  }

  async previewUpdate(id: string, items: ItemSpec[]): Promise<ProviderPreview> {
    const sub = await getObject(this.env.db, "subscription", id);
    if (!sub) throw new AppError("payments_subscriptionNotFound");
    const interval = intervalOf(items);
    if (sub.status === "trialing") {
      return { amountDueCents: 0, lines: [], nextPeriodCents: itemsCents(items, interval) };
    }
    const change = prorate({
      oldItems: sub.items,
      oldInterval: sub.interval,
      newItems: items,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      now: (await this.now()).getTime(),
    });
    return {
      amountDueCents: change.amountDueCents,
      lines: change.lines,
      nextPeriodCents: change.nextPeriodCents,
    };
  }

  async previewCreate(customerId: string, items: ItemSpec[]): Promise<ProviderPreview> {
    if (!(await getObject(this.env.db, "customer", customerId)))
      throw new Error(`payments sandbox: no such customer ${customerId}`);
    const interval = intervalOf(items);
    const amount = itemsCents(items, interval);
    return { amountDueCents: amount, lines: periodLines(items, interval), nextPeriodCents: amount };
  }

  async scheduleAtPeriodEnd(
    id: string,
    items: ItemSpec[] | null,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    await this.withSubscription(id, (w, sub) =>
      this.idempotent(w, idempotencyKey, "scheduleAtPeriodEnd", { id, items }, async () => {
        this.assertChangeable(sub);
        if (items) intervalOf(items); // an unknown price is refused now, not at the period's end
        sub.scheduled = items ? { items, at: sub.currentPeriodEnd } : null;
        sub.cancelAtPeriodEnd = false;
        await this.saveSubscription(w, sub, "subscription.updated");
        return sub.id;
      }),
    );
    return this.retrieveSubscription(id);
  }

  async setCancelAtPeriodEnd(
    id: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    await this.withSubscription(id, (w, sub) =>
      this.idempotent(w, idempotencyKey, "setCancelAtPeriodEnd", { id, cancel }, async () => {
        this.assertChangeable(sub);
        sub.cancelAtPeriodEnd = cancel;
        sub.scheduled = null;
        await this.saveSubscription(w, sub, "subscription.updated");
        return sub.id;
      }),
    );
    return this.retrieveSubscription(id);
  }

  async cancelNow(id: string): Promise<ProviderSubscription> {
    await this.withSubscription(id, async (w, sub) => {
      if (sub.status === "canceled" || sub.status === "incomplete_expired") return;
      // What was still waiting for a payment is abandoned with it.
      if (sub.pendingUpdate) await this.voidInvoice(w, sub.pendingUpdate.invoiceId);
      if (sub.status === "incomplete" || sub.status === "past_due")
        await this.voidInvoice(w, sub.latestInvoiceId);
      Object.assign(sub, {
        status: "canceled",
        pendingUpdate: null,
        retry: null,
        incompleteExpiresAt: null,
        scheduled: null,
        endedAt: w.now,
      });
      await this.saveSubscription(w, sub, "subscription.deleted");
    });
    return this.retrieveSubscription(id);
  }

  async retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent> {
    const intent = await getObject(this.env.db, "payment_intent", id);
    if (!intent) throw new AppError("payments_actionNotFound");
    return paymentIntentView(intent);
  }

  /**
   * The bank's 3-D Secure challenge (the sandbox's authentication page): passed, the payment goes
   * through and whatever waited on it proceeds; failed, the payment needs another card.
   */
  async authenticatePaymentIntent(
    id: string,
    input: { clientSecret: string; approve: boolean },
  ): Promise<{ status: "succeeded" | "requires_payment_method" }> {
    const found = await getObject(this.env.db, "payment_intent", id);
    if (found?.clientSecret !== input.clientSecret) throw new AppError("payments_actionNotFound");
    return this.run(found.customerId, async (w) => {
      const intent = (await getObject(w.tx, "payment_intent", id)) as SbPaymentIntent;
      const invoice = await getObject(w.tx, "invoice", intent.invoiceId);
      if (intent.status !== "requires_action" || invoice?.status !== "open")
        throw new AppError("payments_actionNotFound");
      if (!input.approve) {
        Object.assign(intent, { status: "requires_payment_method", declineCode: "authentication_failed" });
        await putObject(w.tx, "payment_intent", intent);
        await this.emit(w, "invoice.payment_failed", invoice.customerId, { invoice });
        return { status: "requires_payment_method" };
      }
      Object.assign(intent, { status: "succeeded", declineCode: null });
      await putObject(w.tx, "payment_intent", intent);
      await this.markPaid(w, invoice);
      return { status: "succeeded" };
    });
  }

  async listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]> {
    const invoices = await listObjects(this.env.db, "invoice", customerId);
    invoices.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    return Promise.all(invoices.slice(0, limit).map((invoice) => invoiceView(this.env.db, invoice)));
  }

  // Webhooks --------------------------------------------------------------------------------------

  async readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent> {
    const header = headers[PAYMENTS_SIGNATURE_HEADER];
    verifyPaymentsWebhook(
      this.env.config.PAYMENTS_WEBHOOK_SECRET,
      rawBody,
      Array.isArray(header) ? header[0] : header,
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new AppError("request_malformed");
    }
    return reviveEvent(parsed);
  }

  /** Where the events go: our own webhook route. */
  get webhookUrl(): string {
    const origin = this.env.config.PAYMENTS_CALLBACK_ORIGIN ?? this.env.config.API_ORIGIN;
    return new URL("/api/v1/webhooks/payments/sandbox", origin).toString();
  }

  /**
   * Posts one customer's undelivered events, oldest first, stopping at the first our side does not
   * take (2xx, or 409 already taken) so none overtakes another; the job runner retries it.
   */
  async deliverPending(customerId: string): Promise<number> {
    const rows = await this.env.db
      .select()
      .from(paymentsSandboxEvents)
      .where(
        and(
          isNull(paymentsSandboxEvents.deliveredAt),
          lt(paymentsSandboxEvents.attempts, MAX_DELIVERY_ATTEMPTS),
          sql`${paymentsSandboxEvents.payload}->>'customerId' = ${customerId}`,
        ),
      )
      .orderBy(asc(paymentsSandboxEvents.id));
    const send = this.env.fetch ?? fetch;
    let delivered = 0;
    for (const row of rows) {
      const body = JSON.stringify(row.payload);
      let failure: string | null = null;
      try {
        const response = await send(this.webhookUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [PAYMENTS_SIGNATURE_HEADER]: signPaymentsWebhook(this.env.config.PAYMENTS_WEBHOOK_SECRET, body),
          },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        if (!response.ok && response.status !== 409) {
          failure = `answered ${response.status}: ${(await response.text().catch(() => "")).slice(0, 200)}`;
        }
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      await this.env.db
        .update(paymentsSandboxEvents)
        .set({
          attempts: sql`${paymentsSandboxEvents.attempts} + 1`,
          ...(failure ? {} : { deliveredAt: new Date() }),
        })
        .where(sql`${paymentsSandboxEvents.id} = ${row.id}`);
      if (failure) throw new Error(`payments sandbox: webhook ${row.id} (${row.type}) ${failure}`);
      delivered++;
    }
    return delivered;
  }

  /** Queues delivery for every customer with events still waiting (the periodic job's sweep). */
  async redeliverPending(): Promise<number> {
    const rows = await this.env.db
      .selectDistinct({ customerId: sql<string | null>`${paymentsSandboxEvents.payload}->>'customerId'` })
      .from(paymentsSandboxEvents)
      .where(
        and(
          isNull(paymentsSandboxEvents.deliveredAt),
          lt(paymentsSandboxEvents.attempts, MAX_DELIVERY_ATTEMPTS),
        ),
      );
    const customers = new Set(rows.map((row) => row.customerId).filter((id): id is string => Boolean(id)));
    await this.scheduleDelivery(customers);
    return customers.size;
  }

  /** Forgets idempotency keys older than a day (real time), as Stripe does. */
  async purgeIdempotencyKeys(): Promise<void> {
    await this.env.db
      .delete(paymentsSandboxIdempotency)
      .where(lt(paymentsSandboxIdempotency.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)));
  }

  /** Waits for the inline deliveries started so far (nodes without a job runner; tests). */
  async settled(): Promise<void> {
    let pending = [...this.deliveries.values()];
    while (pending.length > 0) {
      await Promise.all(pending);
      const now = [...this.deliveries.values()];
      pending = now.filter((chain) => !pending.includes(chain));
    }
  }

  private async scheduleDelivery(customers: Set<string>): Promise<void> {
    if (customers.size === 0) return;
    const jobs = this.env.jobs();
    for (const customerId of customers) {
      if (jobs) {
        // One queued job per customer (the queue is stately): a job already waiting sends these too.
        await jobs
          .send(PAYMENTS_SANDBOX_DELIVER_QUEUE, { customerId }, { singletonKey: customerId })
          .catch((error: unknown) =>
            this.env.log.error({ err: error, customerId }, "payments sandbox: could not queue a webhook"),
          );
        continue;
      }
      const previous = this.deliveries.get(customerId) ?? Promise.resolve();
      const chain = previous
        .then(() => this.deliverPending(customerId))
        .then(
          () => undefined,
          (error: unknown) =>
            this.env.log.warn({ err: error, customerId }, "payments sandbox: webhook not delivered"),
        );
      this.deliveries.set(customerId, chain);
      void chain.then(() => {
        if (this.deliveries.get(customerId) === chain) this.deliveries.delete(customerId);
      });
    }
  }

  // Inside a transaction --------------------------------------------------------------------------

  /**
   * Runs `work` in one transaction with the customer's row locked (FOR UPDATE), at the sandbox's
   * now or at `at` (a step that came due), then sends the events it made.
   */
  private async run<T>(customerId: string | null, work: (w: Work) => Promise<T>, at?: number): Promise<T> {
    const touched = new Set<string>();
    const result = await this.env.db.transaction(async (tx) => {
      if (customerId && !(await getObject(tx, "customer", customerId, true))) {
        throw new Error(`payments sandbox: no such customer ${customerId}`);
      }
      const now = at ?? Date.now() + (await clockOffset(tx));
      return work({ tx, now, touched });
    });
    await this.scheduleDelivery(touched);
    return result;
  }

  private async withSubscription<T>(
    id: string,
    work: (w: Work, sub: SbSubscription) => Promise<T>,
  ): Promise<T> {
    const found = await getObject(this.env.db, "subscription", id);
    if (!found) throw new AppError("payments_subscriptionNotFound");
    return this.run(found.customerId, async (w) => {
      const sub = await getObject(w.tx, "subscription", id);
      if (!sub) throw new AppError("payments_subscriptionNotFound");
      return work(w, sub);
    });
  }

  /**
   * The object id the first call with this key made; `perform` runs only for the first. Keys are
   * scoped by operation, so one client key may name a customer and the subscription it buys.
   */
  private async idempotent(
    w: Work,
    key: string,
    operation: string,
    args: unknown,
    perform: () => Promise<string>,
  ): Promise<string> {
    const scoped = `${operation}:${key}`;
    const stored = await claimIdempotencyKey(w.tx, scoped, requestDigest(operation, args));
    if (stored && typeof stored.id === "string") return stored.id;
    const id = await perform();
    await storeIdempotentResponse(w.tx, scoped, { id });
    return id;
  }

  private assertChangeable(sub: SbSubscription): void {
    if (sub.status !== "trialing" && sub.status !== "active" && sub.status !== "past_due") {
      throw new Error(`payments sandbox: subscription ${sub.id} is ${sub.status}`);
    }
  }

  private newInvoice(
    w: Work,
    sub: SbSubscription,
    fields: Pick<
      SbInvoice,
      "billingReason" | "amountDueCents" | "lines" | "periodStart" | "periodEnd" | "purpose"
    >,
  ): SbInvoice {
    return {
      id: newId("invoice"),
      customerId: sub.customerId,
      subscriptionId: sub.id,
      status: "open",
      amountPaidCents: 0,
      attemptCount: 0,
      nextAttemptAt: null,
      firstFailedAt: null,
      paymentIntentId: null,
      createdAt: w.now,
      ...fields,
    };
  }

  /**
   * One attempt to charge an invoice to the customer's default card (its PaymentIntent, made on
   * the first attempt and reused by retries). The test card decides: 0002 declines, 3155 asks for
   * authentication every time, any other good card pays.
   */
  private async charge(w: Work, invoice: SbInvoice): Promise<SbPaymentIntent> {
    const customer = await getObject(w.tx, "customer", invoice.customerId);
    const card = customer?.defaultPaymentMethodId
      ? await getObject(w.tx, "card", customer.defaultPaymentMethodId)
      : undefined;
    const existing = invoice.paymentIntentId
      ? await getObject(w.tx, "payment_intent", invoice.paymentIntentId)
      : undefined;
    const id = existing?.id ?? newId("payment_intent");
    const intent: SbPaymentIntent = existing ?? {
      id,
      customerId: invoice.customerId,
      status: "requires_payment_method",
      clientSecret: newClientSecret(id),
      amountCents: invoice.amountDueCents,
      declineCode: null,
      invoiceId: invoice.id,
      subscriptionId: invoice.subscriptionId,
      createdAt: w.now,
    };
    if (!card) Object.assign(intent, { status: "requires_payment_method", declineCode: "no_payment_method" });
    else if (expiresAt(card) <= w.now)
      Object.assign(intent, { status: "requires_payment_method", declineCode: "expired_card" });
    else if (card.behaviour === "declined")
      Object.assign(intent, { status: "requires_payment_method", declineCode: "card_declined" });
    else if (card.behaviour === "requiresAuthentication")
      Object.assign(intent, { status: "requires_action", declineCode: null });
    else Object.assign(intent, { status: "succeeded", declineCode: null });
    invoice.paymentIntentId = intent.id;
    invoice.attemptCount += 1;
    await putObject(w.tx, "payment_intent", intent);
    return intent;
  }

  /** The invoice is paid: what it paid for takes effect on its subscription. */
  private async markPaid(w: Work, invoice: SbInvoice): Promise<void> {
    Object.assign(invoice, { status: "paid", amountPaidCents: invoice.amountDueCents, nextAttemptAt: null });
    await this.saveInvoice(w, invoice);
    await this.emit(w, "invoice.paid", invoice.customerId, { invoice });
    const sub = invoice.subscriptionId
      ? await getObject(w.tx, "subscription", invoice.subscriptionId)
      : undefined;
    if (!sub) return;
    const purpose = invoice.purpose;
    if (purpose.kind === "create") {
      if (sub.status !== "incomplete") return;
      Object.assign(sub, { status: "active", incompleteExpiresAt: null });
    } else if (purpose.kind === "update") {
      Object.assign(sub, { items: purpose.items, interval: purpose.interval });
      if (purpose.newPeriod) {
        Object.assign(sub, {
          currentPeriodStart: purpose.newPeriod.start,
          currentPeriodEnd: purpose.newPeriod.end,
          anchor: purpose.newPeriod.start,
        });
        if (sub.scheduled) sub.scheduled.at = purpose.newPeriod.end;
      }
      if (sub.pendingUpdate?.invoiceId === invoice.id) sub.pendingUpdate = null;
    } else {
      // The items were set when the period ended; a renewal paid late starts at the old period's end.
      Object.assign(sub, {
        status: "active",
        currentPeriodStart: invoice.periodStart ?? sub.currentPeriodStart,
        currentPeriodEnd: invoice.periodEnd ?? sub.currentPeriodEnd,
        retry: null,
      });
    }
    await this.saveSubscription(w, sub, "subscription.updated");
  }

  /**
   * The period ended: a cancellation takes effect, or the scheduled items replace the current ones
   * and the next period is invoiced and charged. Unpaid, the subscription is past_due and the
   * invoice is retried (the period does not advance until it is paid).
   */
  private async renew(w: Work, sub: SbSubscription): Promise<void> {
    if (sub.cancelAtPeriodEnd) {
      Object.assign(sub, { status: "canceled", endedAt: w.now });
      await this.saveSubscription(w, sub, "subscription.deleted");
      return;
    }
    if (sub.scheduled) {
      const interval = intervalOf(sub.scheduled.items);
      // A new interval starts its own billing cycle.
      if (interval !== sub.interval) sub.anchor = w.now;
      Object.assign(sub, { items: sub.scheduled.items, interval, scheduled: null });
    }
    // The first paid period starts when the trial ends (Stripe's billing cycle anchor).
    if (sub.status === "trialing") sub.anchor = w.now;
    const end = addInterval(w.now, sub.interval, sub.anchor);
    const invoice = this.newInvoice(w, sub, {
      billingReason: "subscription_cycle",
      amountDueCents: itemsCents(sub.items, sub.interval),
      lines: periodLines(sub.items, sub.interval),
      periodStart: w.now,
      periodEnd: end,
      purpose: { kind: "cycle", items: sub.items, interval: sub.interval },
    });
    sub.latestInvoiceId = invoice.id;
    await putObject(w.tx, "subscription", sub);
    const intent = await this.charge(w, invoice);
    if (intent.status === "succeeded") {
      await this.markPaid(w, invoice);
      return;
    }
    invoice.firstFailedAt = w.now;
    invoice.nextAttemptAt = w.now + RENEWAL_RETRY_DAYS[0] * DAY;
    await this.saveInvoice(w, invoice);
    await this.emitPaymentProblem(w, invoice, intent);
    Object.assign(sub, { status: "past_due", retry: { invoiceId: invoice.id, at: invoice.nextAttemptAt } });
    await this.saveSubscription(w, sub, "subscription.updated");
  }

  /** A retry of an unpaid renewal (RENEWAL_RETRY_DAYS after the first failure); the last one gives up. */
  private async retryRenewal(w: Work, sub: SbSubscription): Promise<void> {
    const invoice = sub.retry ? await getObject(w.tx, "invoice", sub.retry.invoiceId) : undefined;
    if (invoice?.status !== "open") {
      sub.retry = null;
      await putObject(w.tx, "subscription", sub);
      return;
    }
    const intent = await this.charge(w, invoice);
    if (intent.status === "succeeded") {
      await this.markPaid(w, invoice);
      return;
    }
    const retriesDone = invoice.attemptCount - 1;
    if (retriesDone >= RENEWAL_RETRIES) {
      Object.assign(invoice, { status: "uncollectible", nextAttemptAt: null });
      await this.saveInvoice(w, invoice);
      await this.emit(w, "invoice.payment_failed", invoice.customerId, { invoice });
      Object.assign(sub, { status: "canceled", retry: null, endedAt: w.now });
      await this.saveSubscription(w, sub, "subscription.deleted");
      return;
    }
    const firstFailedAt = invoice.firstFailedAt ?? w.now;
    invoice.nextAttemptAt = firstFailedAt + (RENEWAL_RETRY_DAYS[retriesDone] ?? 1) * DAY;
    sub.retry = { invoiceId: invoice.id, at: invoice.nextAttemptAt };
    await this.saveInvoice(w, invoice);
    await putObject(w.tx, "subscription", sub);
    await this.emitPaymentProblem(w, invoice, intent);
  }

  private async voidInvoice(w: Work, invoiceId: string | null): Promise<void> {
    const invoice = invoiceId ? await getObject(w.tx, "invoice", invoiceId) : undefined;
    if (invoice?.status !== "open") return;
    Object.assign(invoice, { status: "void", nextAttemptAt: null });
    await putObject(w.tx, "invoice", invoice);
    const intent = invoice.paymentIntentId
      ? await getObject(w.tx, "payment_intent", invoice.paymentIntentId)
      : undefined;
    if (intent && intent.status !== "succeeded")
      await putObject(w.tx, "payment_intent", { ...intent, status: "canceled" });
  }

  private saveInvoice(w: Work, invoice: SbInvoice): Promise<void> {
    return putObject(w.tx, "invoice", invoice);
  }

  private async saveSubscription(w: Work, sub: SbSubscription, event: ProviderEventType): Promise<void> {
    await putObject(w.tx, "subscription", sub);
    await this.emit(w, event, sub.customerId, { subscription: sub });
  }

  private emitPaymentProblem(w: Work, invoice: SbInvoice, intent: SbPaymentIntent): Promise<void> {
    const type =
      intent.status === "requires_action" ? "invoice.payment_action_required" : "invoice.payment_failed";
    return this.emit(w, type, invoice.customerId, { invoice });
  }

  /**
   * Records an event carrying the objects as they now stand (the invoice's subscription too, as
   * Stripe's invoice events name it), to be delivered once the transaction commits.
   */
  private async emit(
    w: Work,
    type: ProviderEventType,
    customerId: string,
    objects: { subscription?: SbSubscription; invoice?: SbInvoice; setupIntent?: SbSetupIntent },
  ): Promise<void> {
    const subscriptionId = objects.subscription?.id ?? objects.invoice?.subscriptionId ?? null;
    const sub =
      objects.subscription ??
      (subscriptionId ? await getObject(w.tx, "subscription", subscriptionId) : undefined);
    const event: ProviderEvent = {
      id: newEventId(),
      type,
      vendorType:
        type === "subscription.updated" && objects.subscription && objects.subscription.createdAt === w.now
          ? "customer.subscription.created"
          : type === "other"
            ? "other"
            : stripeTypes[type],
      created: new Date(w.now),
      customerId,
      subscription: sub ? await subscriptionView(w.tx, sub, w.now) : null,
      invoice: objects.invoice ? await invoiceView(w.tx, objects.invoice) : null,
      setupIntent: objects.setupIntent ? setupIntentView(objects.setupIntent) : null,
    };
    await insertEvent(w.tx, event);
    w.touched.add(customerId);
  }
}
