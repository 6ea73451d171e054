import type { PaymentMethod, PaymentProviderName } from "@vn/contract";

/**
 * The payments vendor (architecture.md "providers": sandbox / Stripe). Modelled on Stripe, which
 * owns the billing cycle: we keep customers, cards and subscriptions there and mirror what it
 * tells us (db/schema/billing.ts). Calls answer at once with the object as it now stands; time
 * (trial ends, renewals, retries, reminders) reaches us only as signed webhook events, which may
 * repeat and arrive in any order.
 *
 * Items are named by price lookup keys (contract/billing.ts planPriceKey, addonPriceKey,
 * BADGE_PRICE_KEY): "user.standard.monthly", "addon.seats.monthly", "badge.monthly". Amounts are
 * integer cents, USD. Every call that can move money takes an idempotency key: the same key
 * answers the first call's result again and charges nothing twice.
 */

export interface ItemSpec {
  price: string;
  quantity: number;
}

/** A PaymentIntent as far as we need it: did the money move, or does the cardholder have to act. */
export interface ProviderPaymentIntent {
  id: string;
  status: "succeeded" | "requires_action" | "requires_payment_method" | "processing" | "canceled";
  clientSecret: string;
  amountCents: number;
  /** Why the last attempt failed (card_declined, insufficient_funds…), as the vendor says. */
  declineCode: string | null;
  invoiceId: string | null;
  subscriptionId: string | null;
}

export interface ProviderInvoiceLine {
  description: string;
  amountCents: number;
  price: string | null;
  quantity: number;
  proration: boolean;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  /** subscription_create, subscription_update (prorations), subscription_cycle (renewals, trial ends). */
  billingReason: "subscription_create" | "subscription_update" | "subscription_cycle" | "manual";
  amountDueCents: number;
  amountPaidCents: number;
  /** Attempts to charge it so far (a failed renewal is retried). */
  attemptCount: number;
  /** When the vendor will try again; null when it will not. */
  nextAttemptAt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  lines: ProviderInvoiceLine[];
  paymentIntent: ProviderPaymentIntent | null;
  createdAt: Date;
}

export type ProviderSubscriptionStatus =
  | "trialing"
  | "active"
  | "past_due"
  | "incomplete"
  | "incomplete_expired"
  | "unpaid"
  | "canceled";

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  items: ItemSpec[];
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  /** Cancels (falls back to nothing) when the period ends. */
  cancelAtPeriodEnd: boolean;
  /** Items that replace the current ones when the period ends (Stripe: the schedule's next phase). */
  scheduled: { items: ItemSpec[]; at: Date } | null;
  /** An upgrade waiting for its payment (Stripe: pending_update); applied once the invoice is paid. */
  pendingUpdate: { items: ItemSpec[] } | null;
  latestInvoice: ProviderInvoice | null;
  /** Ours, echoed back: ownerProfileId. */
  metadata: Record<string, string>;
  /** The vendor's clock when this snapshot was taken (sandbox test clock or real time). */
  asOf: Date;
}

export interface ProviderSetupIntent {
  id: string;
  customerId: string;
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "processing"
    | "succeeded"
    | "canceled";
  clientSecret: string;
  paymentMethodId: string | null;
}

/** A change previewed (Stripe: invoices.createPreview with subscription_details). */
export interface ProviderPreview {
  /** Charged now: prorations of the change (0 for changes at the period's end). */
  amountDueCents: number;
  lines: ProviderInvoiceLine[];
  /** What one period costs with the new items. */
  nextPeriodCents: number;
}

/**
 * Events, normalized from the vendor's (Stripe's names in comments). Each carries the objects as
 * they stood when the event was made; the billing service reads the subscription back from the
 * vendor before applying it, so an old event never overwrites newer state.
 */
export type ProviderEventType =
  /** customer.subscription.created / .updated */
  | "subscription.updated"
  /** customer.subscription.deleted: the subscription ended (cancelled, or renewals gave up). */
  | "subscription.deleted"
  /** customer.subscription.trial_will_end: 3 days before the trial ends. */
  | "subscription.trial_will_end"
  | "invoice.paid"
  | "invoice.payment_failed"
  | "invoice.payment_action_required"
  /** setup_intent.succeeded: a card was saved. */
  | "setup_intent.succeeded"
  /** Anything else the vendor sends; acknowledged and ignored. */
  | "other";

export interface ProviderEvent {
  id: string;
  type: ProviderEventType;
  /** The vendor's own type name, for logs. */
  vendorType: string;
  created: Date;
  customerId: string | null;
  subscription: ProviderSubscription | null;
  invoice: ProviderInvoice | null;
  setupIntent: ProviderSetupIntent | null;
}

export interface CreateSubscriptionInput {
  customerId: string;
  items: ItemSpec[];
  /** Days of free trial (the first invoice is 0); omitted: charged at once. */
  trialDays?: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface PaymentsProvider {
  readonly name: PaymentProviderName;
  /** Stripe.js's publishable key; null for the sandbox. */
  readonly publishableKey: string | null;
  /** The vendor's clock (the sandbox's test clock may run ahead); real time when absent. */
  now?(): Promise<Date>;

  createCustomer(
    input: { ownerProfileId: string; email: string | null; name: string },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /** A SetupIntent for saving a card off-session; confirmed in the browser. */
  createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent>;
  retrieveSetupIntent(id: string): Promise<ProviderSetupIntent>;
  /** The card renewals use (the customer's invoice default), or null. */
  defaultPaymentMethod(customerId: string): Promise<PaymentMethod | null>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;

  /**
   * A subscription with these items. With a trial: trialing, nothing charged. Without: the first
   * invoice is charged at once; a declined card leaves it `incomplete` (its PaymentIntent says
   * requires_payment_method), a card that needs authentication leaves it `incomplete` with a
   * PaymentIntent in requires_action. Incomplete subscriptions expire after 23 hours.
   */
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * Replace the items now and charge the prorations at once (Stripe: proration_behavior
   * always_invoice, payment_behavior pending_if_incomplete). If the charge is declined or needs
   * authentication the items stay as they were and `pendingUpdate` holds the change, applied when
   * its invoice is paid (or dropped when it is not within 23 hours). A change of period (monthly ↔
   * annual) starts a new period now, crediting the unused time.
   */
  updateSubscriptionNow(id: string, items: ItemSpec[], idempotencyKey: string): Promise<ProviderSubscription>;
  previewUpdate(id: string, items: ItemSpec[]): Promise<ProviderPreview>;
  /** What a new subscription with these items would charge now (no proration). */
  previewCreate(customerId: string, items: ItemSpec[]): Promise<ProviderPreview>;
  /**
   * Replace the items when the current period ends (downgrades, period switches); null removes
   * the scheduled change. Clears cancelAtPeriodEnd.
   */
  scheduleAtPeriodEnd(
    id: string,
    items: ItemSpec[] | null,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  /** Cancel when the period ends (true), or keep renewing (false). Clears a scheduled change. */
  setCancelAtPeriodEnd(id: string, cancel: boolean, idempotencyKey: string): Promise<ProviderSubscription>;
  /** End it now (a trial cancelled; an incomplete subscription abandoned). No refund. */
  cancelNow(id: string): Promise<ProviderSubscription>;
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent>;
  listInvoices(customerId: string, limit: number): Promise<ProviderInvoice[]>;

  /**
   * The event a webhook request carries, once its signature is proven (Stripe-Signature, HMAC
   * SHA-256 over `${timestamp}.${body}`, timestamps older than 5 minutes refused). Throws
   * AppError webhook_invalidSignature otherwise.
   */
  readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent>;
}
