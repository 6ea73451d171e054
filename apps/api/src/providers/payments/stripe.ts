import { AppError, type PaymentMethod } from "@vn/contract";
import type { FastifyBaseLogger } from "fastify";
import Stripe from "stripe";
import type { Config } from "../../config";
import {
  fromSeconds,
  idOf,
  invoicePaymentIntent,
  invoiceSubscriptionId,
  priceIdsIn,
  toInvoice,
  toPaymentIntent,
  toPaymentMethod,
  toSetupIntent,
  toSubscription,
} from "./stripe-map";
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

/**
 * Stripe, through its official SDK (issue 13), used when STRIPE_SECRET_KEY is set.
 *
 * Prices are found by lookup key; the operator creates one active recurring USD price per key
 * before going live (contract/billing.ts names them):
 *   - plans `${owner}.${tier}.${period}`: user.standard.monthly, user.standard.annual,
 *     user.premium.monthly, user.premium.annual, user.creator.monthly, company.standard.monthly,
 *     company.standard.annual, company.premium.monthly, company.premium.annual
 *   - add-ons `addon.${type}.monthly`: addon.spy.monthly, addon.stealth.monthly, addon.seats.monthly
 *   - the profile badge: badge.monthly
 * A key without a price fails the call that needs it, naming the key.
 *
 * Every call that can move money passes our idempotency key on; where one of our calls makes
 * several Stripe requests, each gets the key with a suffix (Stripe refuses one key reused with
 * other parameters).
 */

const PRICE_CACHE_MS = 10 * 60 * 1000;

/**
 * What a subscription answer carries: the latest invoice with its PaymentIntent (status, client
 * secret, decline code) and the schedule (a change at the period's end).
 */
const SUBSCRIPTION_EXPAND = [
  "latest_invoice.payments.data.payment.payment_intent",
  "latest_invoice.confirmation_secret",
  "schedule",
];

/** "addon.seats.monthly" → "addon.seats"; "badge.monthly" → "badge"; plans → "plan". */
function kindOf(key: string): string {
  if (key.startsWith("addon.")) return key.split(".").slice(0, 2).join(".");
  if (key.startsWith("badge.")) return "badge";
  return "plan";
}

function sameItems(a: ItemSpec[], b: ItemSpec[]): boolean {
  const text = (items: ItemSpec[]) =>
    items
      .map((item) => `${item.price}×${item.quantity}`)
      .sort()
      .join(",");
  return text(a) === text(b);
}

export class StripePaymentsVendor implements PaymentsProvider {
  readonly name = "stripe" as const;
  readonly publishableKey: string | null;
  readonly stripe: Stripe;
  private readonly prices = new Map<string, { price: Stripe.Price; until: number }>();
  private readonly keysById = new Map<string, { key: string | null; until: number }>();

  constructor(
    private readonly config: Config,
    private readonly env: { log: FastifyBaseLogger },
  ) {
    if (!config.STRIPE_SECRET_KEY) throw new Error("stripe: STRIPE_SECRET_KEY is not set");
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, {
      apiVersion: Stripe.API_VERSION,
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === "https:" ? 443 : 80),
            protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
          }
        : {}),
    });
    this.publishableKey = config.STRIPE_PUBLISHABLE_KEY ?? null;
  }

  // ——— prices ———

  /** The active price of every key, from the cache or one list request per ten keys. */
  async resolvePrices(keys: string[]): Promise<Map<string, Stripe.Price>> {
    const now = Date.now();
    const wanted = [...new Set(keys)];
    const missing = wanted.filter((key) => (this.prices.get(key)?.until ?? 0) <= now);
    // Stripe takes at most ten lookup keys per list.
    for (let i = 0; i < missing.length; i += 10) {
      const batch = missing.slice(i, i + 10);
      const listed = await this.call(() =>
        this.stripe.prices.list({ lookup_keys: batch, active: true, expand: ["data.product"], limit: 100 }),
      );
      for (const price of listed.data) this.learn(price);
    }
    const found = new Map<string, Stripe.Price>();
    for (const key of wanted) {
      const cached = this.prices.get(key);
      if (!cached || cached.until <= now) {
        throw new Error(
          `stripe: no active price with lookup key "${key}"; create it in the Stripe dashboard (see providers/payments/stripe.ts)`,
        );
      }
      found.set(key, cached.price);
    }
    return found;
  }

  private learn(price: Stripe.Price): void {
    const until = Date.now() + PRICE_CACHE_MS;
    if (price.lookup_key) this.prices.set(price.lookup_key, { price, until });
    this.keysById.set(price.id, { key: price.lookup_key ?? null, until });
  }

  private readonly priceKeyOf = (priceId: string): string | null => this.keysById.get(priceId)?.key ?? null;

  /** Learn the lookup keys of price ids we have not seen (a webhook after a restart). */
  private async learnPriceIds(ids: string[]): Promise<void> {
    const now = Date.now();
    for (const id of ids) {
      if ((this.keysById.get(id)?.until ?? 0) > now) continue;
      this.learn(await this.call(() => this.stripe.prices.retrieve(id)));
    }
  }

  private async items(items: ItemSpec[]): Promise<Array<{ price: string; quantity: number }>> {
    const prices = await this.resolvePrices(items.map((item) => item.price));
    return items.map((item) => ({ price: prices.get(item.price)!.id, quantity: item.quantity }));
  }

  private async nextPeriodCents(items: ItemSpec[]): Promise<number> {
    const prices = await this.resolvePrices(items.map((item) => item.price));
    return items.reduce((sum, item) => sum + (prices.get(item.price)!.unit_amount ?? 0) * item.quantity, 0);
  }

  // ——— errors ———

  /** Stripe's refusals as our errors, where the caller can act on them; anything else stays a fault. */
  private async call<T>(
    request: () => Promise<T>,
    notFound?: "payments_subscriptionNotFound" | "payments_paymentMethodNotFound",
  ): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        throw new AppError("payments_paymentFailed", {
          details: { declineCode: error.decline_code ?? error.code ?? null },
          cause: error,
        });
      }
      if (error instanceof Stripe.errors.StripeIdempotencyError) {
        throw new AppError("payments_idempotencyConflict", { cause: error });
      }
      if (
        notFound &&
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === "resource_missing"
      ) {
        throw new AppError(notFound, { cause: error });
      }
      throw error;
    }
  }

  // ——— customers and cards ———

  async createCustomer(
    input: { ownerProfileId: string; email: string | null; name: string },
    idempotencyKey: string,
  ): Promise<{ id: string }> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        {
          name: input.name,
          ...(input.email ? { email: input.email } : {}),
          metadata: { ownerProfileId: input.ownerProfileId },
        },
        { idempotencyKey },
      ),
    );
    return { id: customer.id };
  }

  async createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent> {
    const intent = await this.call(() =>
      this.stripe.setupIntents.create(
        { customer: customerId, usage: "off_session", automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      ),
    );
    return toSetupIntent(intent);
  }

  async retrieveSetupIntent(id: string): Promise<ProviderSetupIntent> {
    return toSetupIntent(await this.call(() => this.stripe.setupIntents.retrieve(id)));
  }

  async defaultPaymentMethod(customerId: string): Promise<PaymentMethod | null> {
    const customer = await this.call(() =>
      this.stripe.customers.retrieve(customerId, { expand: ["invoice_settings.default_payment_method"] }),
    );
    if (customer.deleted) return null;
    const method = customer.invoice_settings.default_payment_method;
    return method && typeof method === "object" ? toPaymentMethod(method) : null;
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    await this.call(
      () =>
        this.stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        }),
      "payments_paymentMethodNotFound",
    );
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await this.call(
      () => this.stripe.paymentMethods.detach(paymentMethodId),
      "payments_paymentMethodNotFound",
    );
  }

  // ——— subscriptions ———

  private async mapSubscription(
    subscription: Stripe.Subscription,
    asOf = new Date(),
  ): Promise<ProviderSubscription> {
    let schedule: Stripe.SubscriptionSchedule | null = null;
    if (subscription.schedule && typeof subscription.schedule === "object") schedule = subscription.schedule;
    else if (typeof subscription.schedule === "string") {
      const id = subscription.schedule;
      schedule = await this.call(() => this.stripe.subscriptionSchedules.retrieve(id));
    }
    for (const item of subscription.items.data) this.learn(item.price);
    const latest = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
    await this.learnPriceIds(priceIdsIn(subscription, schedule, latest ? [latest] : []));
    return toSubscription(subscription, { priceKeyOf: this.priceKeyOf, schedule, asOf });
  }

  private async current(id: string): Promise<Stripe.Subscription> {
    return this.call(
      () => this.stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND }),
      "payments_subscriptionNotFound",
    );
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    const items = await this.items(input.items);
    const subscription = await this.call(() =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items,
          ...(input.trialDays ? { trial_period_days: input.trialDays } : {}),
          // Charged at once with the customer's default card; a decline or an authentication leaves
          // it incomplete with the PaymentIntent saying which (default_incomplete would wait for
          // the browser to confirm, which an off-session charge never does).
          payment_behavior: "allow_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: input.metadata,
          expand: SUBSCRIPTION_EXPAND,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return this.mapSubscription(subscription);
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription> {
    return this.mapSubscription(await this.current(id));
  }

  /**
   * The items parameter that turns the current items into `next`: kept keys change quantity, a
   * replaced plan (or add-on) swaps its price on the same item, anything left is deleted. Swapping
   * in place keeps to what pending updates accept (price and quantity).
   */
  private async itemChanges(
    current: Stripe.Subscription,
    next: ItemSpec[],
  ): Promise<Stripe.SubscriptionUpdateParams.Item[]> {
    const prices = await this.resolvePrices(next.map((item) => item.price));
    const existing = current.items.data.map((item) => ({
      item,
      key: item.price.lookup_key ?? item.price.id,
    }));
    const used = new Set<string>();
    const changes: Stripe.SubscriptionUpdateParams.Item[] = [];
    for (const wanted of next) {
      const same = existing.find((e) => !used.has(e.item.id) && e.key === wanted.price);
      if (same) {
        used.add(same.item.id);
        changes.push({ id: same.item.id, quantity: wanted.quantity });
        continue;
      }
      const replaced = existing.find(
        (e) =>
          !used.has(e.item.id) &&
          kindOf(e.key) === kindOf(wanted.price) &&
          !next.some((n) => n.price === e.key),
      );
      const price = prices.get(wanted.price)!.id;
      if (replaced) {
        used.add(replaced.item.id);
        changes.push({ id: replaced.item.id, price, quantity: wanted.quantity });
      } else changes.push({ price, quantity: wanted.quantity });
    }
    for (const e of existing) if (!used.has(e.item.id)) changes.push({ id: e.item.id, deleted: true });
    return changes;
  }

  /** A change of billing interval (monthly ↔ annual) starts a new period now. */
  private async intervalChanges(current: Stripe.Subscription, next: ItemSpec[]): Promise<boolean> {
    const longest = (intervals: Array<string | undefined>) => (intervals.includes("year") ? "year" : "month");
    const prices = await this.resolvePrices(next.map((item) => item.price));
    const before = longest(current.items.data.map((item) => item.price.recurring?.interval));
    const after = longest(next.map((item) => prices.get(item.price)!.recurring?.interval));
    return before !== after;
  }

  /** A change now supersedes one waiting for the period's end: the billing service schedules again what still applies. */
  private async releaseSchedule(current: Stripe.Subscription, idempotencyKey: string): Promise<void> {
    const scheduleId = idOf(current.schedule);
    if (!scheduleId) return;
    await this.call(() =>
      this.stripe.subscriptionSchedules.release(
        scheduleId,
        {},
        { idempotencyKey: `${idempotencyKey}:release` },
      ),
    );
  }

  async updateSubscriptionNow(
    id: string,
    items: ItemSpec[],
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const current = await this.current(id);
    // Already done (a double click, a retry after a timeout): answer the state it left. Sent again,
    // the items parameter would differ from the first request's and Stripe would refuse the key.
    const now = await this.mapSubscription(current);
    if (sameItems(now.items, items) || (now.pendingUpdate && sameItems(now.pendingUpdate.items, items)))
      return now;
    const changes = await this.itemChanges(current, items);
    const anchorNow = await this.intervalChanges(current, items);
    await this.releaseSchedule(current, idempotencyKey);
    const updated = await this.call(() =>
      this.stripe.subscriptions.update(
        id,
        {
          items: changes,
          proration_behavior: "always_invoice",
          // Applied only once its invoice is paid; otherwise it waits in pending_update (no
          // metadata may change in the same call).
          payment_behavior: "pending_if_incomplete",
          ...(anchorNow ? { billing_cycle_anchor: { type: "now" } } : {}),
          expand: SUBSCRIPTION_EXPAND,
        },
        { idempotencyKey },
      ),
    );
    return this.mapSubscription(updated);
  }

  private async preview(invoice: Stripe.Invoice, items: ItemSpec[]): Promise<ProviderPreview> {
    await this.learnPriceIds(priceIdsIn(null, null, [invoice]));
    const mapped = toInvoice(invoice, this.priceKeyOf, null);
    return {
      amountDueCents: invoice.amount_due,
      lines: mapped.lines,
      nextPeriodCents: await this.nextPeriodCents(items),
    };
  }

  async previewUpdate(id: string, items: ItemSpec[]): Promise<ProviderPreview> {
    const current = await this.current(id);
    const changes = await this.itemChanges(current, items);
    const anchorNow = await this.intervalChanges(current, items);
    const invoice = await this.call(() =>
      this.stripe.invoices.createPreview({
        customer: idOf(current.customer) ?? undefined,
        subscription: id,
        subscription_details: {
          items: changes,
          proration_behavior: "always_invoice",
          proration_date: Math.floor(Date.now() / 1000),
          ...(anchorNow ? { billing_cycle_anchor: { type: "now" } } : {}),
        },
      }),
    );
    return this.preview(invoice, items);
  }

  async previewCreate(customerId: string, items: ItemSpec[]): Promise<ProviderPreview> {
    const wanted = await this.items(items);
    const invoice = await this.call(() =>
      this.stripe.invoices.createPreview({ customer: customerId, subscription_details: { items: wanted } }),
    );
    return this.preview(invoice, items);
  }

  async scheduleAtPeriodEnd(
    id: string,
    items: ItemSpec[] | null,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    let current = await this.current(id);
    if (current.cancel_at_period_end) {
      // Stripe refuses cancellation changes on a subscription a schedule manages: clear it first.
      current = await this.call(() =>
        this.stripe.subscriptions.update(
          id,
          { cancel_at_period_end: false, expand: SUBSCRIPTION_EXPAND },
          { idempotencyKey: `${idempotencyKey}:renew` },
        ),
      );
    }
    if (items === null) {
      await this.releaseSchedule(current, idempotencyKey);
      return this.retrieveSubscription(id);
    }
    const next = await this.items(items);
    const interval = (await this.resolvePrices(items.map((i) => i.price))).get(items[0]?.price ?? "")
      ?.recurring?.interval;
    let schedule =
      current.schedule && typeof current.schedule === "object"
        ? current.schedule
        : await this.call(() =>
            this.stripe.subscriptionSchedules.create(
              { from_subscription: id },
              { idempotencyKey: `${idempotencyKey}:schedule` },
            ),
          );
    const phase =
      schedule.phases.find((p) => p.start_date === schedule.current_phase?.start_date) ?? schedule.phases[0];
    if (!phase) throw new Error(`stripe: schedule ${schedule.id} has no current phase`);
    schedule = await this.call(() =>
      this.stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: "release",
          phases: [
            // The current phase as it is, until the period's end (prepaid time is never revoked).
            {
              items: phase.items.map((item) => ({
                price: idOf(item.price) ?? "",
                quantity: item.quantity ?? 1,
              })),
              start_date: phase.start_date,
              end_date: phase.end_date,
              ...(phase.trial_end ? { trial_end: phase.trial_end } : {}),
              proration_behavior: "none",
            },
            {
              items: next,
              proration_behavior: "none",
              duration: { interval: interval === "year" ? "year" : "month", interval_count: 1 },
            },
          ],
        },
        { idempotencyKey: `${idempotencyKey}:phases` },
      ),
    );
    return this.retrieveSubscription(id);
  }

  async setCancelAtPeriodEnd(
    id: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const current = await this.current(id);
    await this.releaseSchedule(current, idempotencyKey);
    const updated = await this.call(() =>
      this.stripe.subscriptions.update(
        id,
        { cancel_at_period_end: cancel, expand: SUBSCRIPTION_EXPAND },
        { idempotencyKey },
      ),
    );
    return this.mapSubscription(updated);
  }

  async cancelNow(id: string): Promise<ProviderSubscription> {
    const canceled = await this.call(
      () => this.stripe.subscriptions.cancel(id, { expand: SUBSCRIPTION_EXPAND }),
      "payments_subscriptionNotFound",
    );
    return this.mapSubscription(canceled);
  }

  // ——— payments and invoices ———

  async retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(id));
    // PaymentIntents no longer name their invoice; the InvoicePayment joining them does.
    const payments = await this.call(() =>
      this.stripe.invoicePayments.list({
        payment: { type: "payment_intent", payment_intent: id },
        limit: 1,
        expand: ["data.invoice"],
      }),
    );
    const invoice = payments.data[0]?.invoice;
    const full = invoice && typeof invoice === "object" && !invoice.deleted ? invoice : null;
    return toPaymentIntent(intent, {
      invoiceId: idOf(invoice as string | { id: string } | undefined),
      subscriptionId: full ? invoiceSubscriptionId(full) : null,
    });
  }

  async listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]> {
    const listed = await this.call(() =>
      this.stripe.invoices.list({
        customer: customerId,
        limit,
        expand: ["data.payments.data.payment.payment_intent"],
      }),
    );
    await this.learnPriceIds(priceIdsIn(null, null, listed.data));
    return listed.data.map((invoice) => toInvoice(invoice, this.priceKeyOf));
  }

  // ——— webhooks ———

  async readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent> {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new Error("stripe: STRIPE_WEBHOOK_SECRET is not set; webhooks cannot be verified");
    const header = headers["stripe-signature"];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature)
      throw new AppError("webhook_invalidSignature", { details: { reason: "no Stripe-Signature" } });
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      throw new AppError("webhook_invalidSignature", { cause: error });
    }
    return this.mapEvent(event);
  }

  private async mapEvent(event: Stripe.Event): Promise<ProviderEvent> {
    const created = fromSeconds(event.created);
    const base: ProviderEvent = {
      id: event.id,
      type: "other",
      vendorType: event.type,
      created,
      customerId: null,
      subscription: null,
      invoice: null,
      setupIntent: null,
    };
    const object = event.data.object as { object?: string };
    const subscriptionTypes: Record<string, ProviderEventType> = {
      "customer.subscription.created": "subscription.updated",
      "customer.subscription.updated": "subscription.updated",
      "customer.subscription.deleted": "subscription.deleted",
      "customer.subscription.trial_will_end": "subscription.trial_will_end",
    };
    const invoiceTypes: Record<string, ProviderEventType> = {
      "invoice.paid": "invoice.paid",
      "invoice.payment_failed": "invoice.payment_failed",
      "invoice.payment_action_required": "invoice.payment_action_required",
    };
    const subscriptionType = subscriptionTypes[event.type];
    if (subscriptionType && object.object === "subscription") {
      const subscription = object as Stripe.Subscription;
      return {
        ...base,
        type: subscriptionType,
        customerId: idOf(subscription.customer),
        subscription: await this.mapSubscription(subscription, created),
      };
    }
    const invoiceType = invoiceTypes[event.type];
    if (invoiceType && object.object === "invoice") {
      const invoice = object as Stripe.Invoice;
      // Event payloads leave out the invoice's payments: read its PaymentIntent (the client secret
      // an authentication needs, the decline code) from the InvoicePayment.
      let intent = invoicePaymentIntent(invoice);
      if (!intent) {
        const payments = await this.call(() =>
          this.stripe.invoicePayments.list({
            invoice: invoice.id,
            limit: 10,
            expand: ["data.payment.payment_intent"],
          }),
        );
        const payment = payments.data.find((p) => p.is_default) ?? payments.data[0];
        const found = payment?.payment.payment_intent;
        intent = found && typeof found === "object" ? found : null;
      }
      await this.learnPriceIds(priceIdsIn(null, null, [invoice]));
      const subscriptionId = invoiceSubscriptionId(invoice);
      return {
        ...base,
        type: invoiceType,
        customerId: idOf(invoice.customer),
        invoice: toInvoice(invoice, this.priceKeyOf, intent),
        subscription: subscriptionId ? await this.retrieveSubscription(subscriptionId) : null,
      };
    }
    if (event.type === "setup_intent.succeeded" && object.object === "setup_intent") {
      const setupIntent = toSetupIntent(object as Stripe.SetupIntent);
      return {
        ...base,
        type: "setup_intent.succeeded",
        customerId: setupIntent.customerId || null,
        setupIntent,
      };
    }
    this.env.log.debug({ eventId: event.id, type: event.type }, "stripe: event acknowledged and ignored");
    return base;
  }
}
