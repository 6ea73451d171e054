import type { PaymentMethod } from "@vn/contract";
import type Stripe from "stripe";
import type {
  ItemSpec,
  ProviderInvoice,
  ProviderInvoiceLine,
  ProviderPaymentIntent,
  ProviderSetupIntent,
  ProviderSubscription,
  ProviderSubscriptionStatus,
} from "./types";

/**
 * Stripe's objects → ours, for the API version the SDK pins (2025 "basil" onwards): invoices name
 * their PaymentIntent through `payments` (InvoicePayment), their subscription through
 * `parent.subscription_details`; billing periods live on subscription items; invoice lines name
 * their price under `pricing.price_details`. Pure functions: the vendor fetches what they need first.
 */

/** Price id → lookup key, as far as the vendor knows (null: a price that is not ours). */
export type PriceKeyOf = (priceId: string) => string | null;

type Ref<T extends { id: string }> = string | T | null | undefined;

export function idOf<T extends { id: string }>(ref: Ref<T>): string | null {
  if (ref === null || ref === undefined) return null;
  return typeof ref === "string" ? ref : ref.id;
}

export const fromSeconds = (seconds: number): Date => new Date(seconds * 1000);
const fromSecondsOrNull = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : fromSeconds(seconds);

/**
 * The key an item is named by. A price without one (made by hand in the dashboard) keeps its id, so
 * nothing is dropped silently; the billing service treats it as unknown.
 */
function keyOf(price: Ref<Stripe.Price | Stripe.DeletedPrice>, priceKeyOf: PriceKeyOf): string {
  if (price && typeof price === "object" && "lookup_key" in price && price.lookup_key)
    return price.lookup_key;
  const id = idOf(price) ?? "";
  return priceKeyOf(id) ?? id;
}

/** One of ours, when Stripe's value is among them (Stripe's enums are open: `OtherString`). */
function oneOf<T extends string>(known: readonly T[], value: string): T | null {
  return known.find((k) => k === value) ?? null;
}

const intentStatuses = [
  "succeeded",
  "requires_action",
  "requires_payment_method",
  "processing",
  "canceled",
] as const;

export function paymentIntentStatus(status: Stripe.PaymentIntent.Status): ProviderPaymentIntent["status"] {
  // requires_confirmation waits for the cardholder's browser (Stripe.js confirms), as an
  // authentication does; requires_capture (we never capture by hand) is money on its way.
  if (status === "requires_confirmation") return "requires_action";
  return oneOf(intentStatuses, status) ?? "processing";
}

export function toPaymentIntent(
  intent: Stripe.PaymentIntent,
  context: { invoiceId: string | null; subscriptionId: string | null },
): ProviderPaymentIntent {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    status: paymentIntentStatus(intent.status),
    clientSecret: intent.client_secret ?? "",
    amountCents: intent.amount,
    declineCode: error?.decline_code ?? error?.code ?? null,
    invoiceId: context.invoiceId,
    subscriptionId: context.subscriptionId,
  };
}

/** The PaymentIntent an invoice is paid with: its default InvoicePayment, when expanded. */
export function invoicePaymentIntent(invoice: Stripe.Invoice): Stripe.PaymentIntent | null {
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((p) => p.is_default) ?? payments[0];
  const intent = payment?.payment.payment_intent;
  return intent && typeof intent === "object" ? intent : null;
}

export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

const billingReasons: Record<string, ProviderInvoice["billingReason"]> = {
  subscription_create: "subscription_create",
  subscription_update: "subscription_update",
  subscription_cycle: "subscription_cycle",
  // A threshold invoice is still the subscription renewing its charges.
  subscription_threshold: "subscription_cycle",
};

const invoiceStatuses = ["draft", "open", "paid", "void", "uncollectible"] as const;

function invoiceStatus(status: Stripe.Invoice.Status | null): ProviderInvoice["status"] {
  return oneOf(invoiceStatuses, status ?? "draft") ?? "draft";
}

function toLine(line: Stripe.InvoiceLineItem, priceKeyOf: PriceKeyOf): ProviderInvoiceLine {
  const price = line.pricing?.price_details?.price ?? null;
  const details = line.parent?.subscription_item_details ?? line.parent?.invoice_item_details ?? null;
  return {
    description: line.description ?? "",
    amountCents: line.amount,
    price: price === null ? null : keyOf(price, priceKeyOf),
    quantity: line.quantity ?? 1,
    proration: details?.proration ?? false,
  };
}

export function toInvoice(
  invoice: Stripe.Invoice,
  priceKeyOf: PriceKeyOf,
  intent: Stripe.PaymentIntent | null = invoicePaymentIntent(invoice),
): ProviderInvoice {
  const subscriptionId = invoiceSubscriptionId(invoice);
  const lines = invoice.lines?.data ?? [];
  // A renewal invoice's own period_start/end name the period just ended; its lines name the one paid for.
  const periodLines = lines.filter((line) => line.period);
  const periodStart = periodLines.length
    ? Math.min(...periodLines.map((l) => l.period.start))
    : invoice.period_start;
  const periodEnd = periodLines.length
    ? Math.max(...periodLines.map((l) => l.period.end))
    : invoice.period_end;
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer) ?? "",
    subscriptionId,
    status: invoiceStatus(invoice.status),
    billingReason: billingReasons[invoice.billing_reason ?? ""] ?? "manual",
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    attemptCount: invoice.attempt_count,
    nextAttemptAt: fromSecondsOrNull(invoice.next_payment_attempt),
    periodStart: fromSecondsOrNull(periodStart),
    periodEnd: fromSecondsOrNull(periodEnd),
    lines: lines.map((line) => toLine(line, priceKeyOf)),
    paymentIntent: intent ? toPaymentIntent(intent, { invoiceId: invoice.id, subscriptionId }) : null,
    createdAt: fromSeconds(invoice.created),
  };
}

const subscriptionStatuses = [
  "trialing",
  "active",
  "past_due",
  "incomplete",
  "incomplete_expired",
  "unpaid",
  "canceled",
] as const;

export function subscriptionStatus(status: Stripe.Subscription.Status): ProviderSubscriptionStatus {
  // Paused (a trial ended without a card, if the dashboard says so): nothing is being paid.
  return oneOf(subscriptionStatuses, status) ?? "past_due";
}

/** The phase that follows the current one: what the subscription becomes when its period ends. */
export function nextPhase(schedule: Stripe.SubscriptionSchedule): Stripe.SubscriptionSchedule.Phase | null {
  if (schedule.status !== "active" && schedule.status !== "not_started") return null;
  const currentEnd = schedule.current_phase?.end_date;
  if (currentEnd === undefined) return schedule.phases[0] ?? null;
  return schedule.phases.find((phase) => phase.start_date >= currentEnd) ?? null;
}

export function toSubscription(
  subscription: Stripe.Subscription,
  context: { priceKeyOf: PriceKeyOf; schedule: Stripe.SubscriptionSchedule | null; asOf: Date },
): ProviderSubscription {
  const { priceKeyOf } = context;
  const items: ItemSpec[] = subscription.items.data.map((item) => ({
    price: keyOf(item.price, priceKeyOf),
    quantity: item.quantity ?? 1,
  }));
  // Periods moved from the subscription to its items (API 2025-03-31); all items share one cycle here.
  const first = subscription.items.data[0];
  const phase = context.schedule ? nextPhase(context.schedule) : null;
  const pending = subscription.pending_update?.subscription_items ?? null;
  const latest = subscription.latest_invoice;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: subscriptionStatus(subscription.status),
    items,
    currentPeriodStart: fromSeconds(first?.current_period_start ?? subscription.start_date),
    currentPeriodEnd: fromSeconds(first?.current_period_end ?? subscription.billing_cycle_anchor),
    trialEnd: fromSecondsOrNull(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    scheduled: phase
      ? {
          items: phase.items.map((item) => ({
            price: keyOf(item.price, priceKeyOf),
            quantity: item.quantity ?? 1,
          })),
          at: fromSeconds(phase.start_date),
        }
      : null,
    pendingUpdate: pending
      ? {
          items: pending.map((item) => ({
            price: keyOf(item.price, priceKeyOf),
            quantity: item.quantity ?? 1,
          })),
        }
      : null,
    latestInvoice: latest && typeof latest === "object" ? toInvoice(latest, priceKeyOf) : null,
    metadata: { ...subscription.metadata },
    asOf: context.asOf,
  };
}

const setupIntentStatuses = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "succeeded",
  "canceled",
] as const;

export function toSetupIntent(intent: Stripe.SetupIntent): ProviderSetupIntent {
  const status = oneOf(setupIntentStatuses, intent.status) ?? "processing";
  return {
    id: intent.id,
    customerId: idOf(intent.customer as Ref<{ id: string }>) ?? "",
    status,
    clientSecret: intent.client_secret ?? "",
    paymentMethodId: idOf(intent.payment_method),
  };
}

export function toPaymentMethod(method: Stripe.PaymentMethod): PaymentMethod {
  const card = method.card;
  return {
    id: method.id,
    brand: card?.brand ?? method.type,
    last4: card?.last4 ?? "",
    expMonth: card?.exp_month ?? 0,
    expYear: card?.exp_year ?? 0,
  };
}

/** Every price id an object names whose lookup key we may not know yet. */
export function priceIdsIn(
  subscription: Stripe.Subscription | null,
  schedule: Stripe.SubscriptionSchedule | null,
  invoices: Stripe.Invoice[],
): string[] {
  const ids = new Set<string>();
  const add = (price: Ref<Stripe.Price | Stripe.DeletedPrice>) => {
    if (price && typeof price === "object" && "lookup_key" in price && price.lookup_key) return;
    const id = idOf(price);
    if (id) ids.add(id);
  };
  for (const item of subscription?.items.data ?? []) add(item.price);
  for (const item of subscription?.pending_update?.subscription_items ?? []) add(item.price);
  for (const phase of schedule?.phases ?? []) for (const item of phase.items) add(item.price);
  for (const invoice of invoices) {
    for (const line of invoice.lines?.data ?? []) add(line.pricing?.price_details?.price);
  }
  return [...ids];
}
