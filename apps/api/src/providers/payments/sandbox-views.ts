import { AppError } from "@vn/contract";
import {
  type Executor,
  getObject,
  type SbInvoice,
  type SbPaymentIntent,
  type SbSetupIntent,
  type SbSubscription,
} from "./sandbox-store";
import type {
  ProviderEvent,
  ProviderEventType,
  ProviderInvoice,
  ProviderPaymentIntent,
  ProviderSetupIntent,
  ProviderSubscription,
} from "./types";

/**
 * The sandbox's records as the provider interface shows them (types.ts), and events read back from
 * their JSON (dates revived).
 */

const date = (ms: number) => new Date(ms);
const maybeDate = (ms: number | null) => (ms === null ? null : new Date(ms));

export function paymentIntentView(pi: SbPaymentIntent): ProviderPaymentIntent {
  return {
    id: pi.id,
    status: pi.status,
    clientSecret: pi.clientSecret,
    amountCents: pi.amountCents,
    declineCode: pi.declineCode,
    invoiceId: pi.invoiceId,
    subscriptionId: pi.subscriptionId,
  };
}

export async function invoiceView(db: Executor, invoice: SbInvoice): Promise<ProviderInvoice> {
  const pi = invoice.paymentIntentId
    ? await getObject(db, "payment_intent", invoice.paymentIntentId)
    : undefined;
  return {
    id: invoice.id,
    customerId: invoice.customerId,
    subscriptionId: invoice.subscriptionId,
    status: invoice.status,
    billingReason: invoice.billingReason,
    amountDueCents: invoice.amountDueCents,
    amountPaidCents: invoice.amountPaidCents,
    attemptCount: invoice.attemptCount,
    nextAttemptAt: maybeDate(invoice.nextAttemptAt),
    periodStart: maybeDate(invoice.periodStart),
    periodEnd: maybeDate(invoice.periodEnd),
    lines: invoice.lines,
    paymentIntent: pi ? paymentIntentView(pi) : null,
    createdAt: date(invoice.createdAt),
  };
}

export async function subscriptionView(
  db: Executor,
  sub: SbSubscription,
  now: number,
): Promise<ProviderSubscription> {
  const invoice = sub.latestInvoiceId ? await getObject(db, "invoice", sub.latestInvoiceId) : undefined;
  return {
    id: sub.id,
    customerId: sub.customerId,
    status: sub.status,
    items: sub.items,
    currentPeriodStart: date(sub.currentPeriodStart),
    currentPeriodEnd: date(sub.currentPeriodEnd),
    trialEnd: maybeDate(sub.trialEnd),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    scheduled: sub.scheduled ? { items: sub.scheduled.items, at: date(sub.scheduled.at) } : null,
    pendingUpdate: sub.pendingUpdate ? { items: sub.pendingUpdate.items } : null,
    latestInvoice: invoice ? await invoiceView(db, invoice) : null,
    metadata: sub.metadata,
    asOf: date(now),
  };
}

export function setupIntentView(si: SbSetupIntent): ProviderSetupIntent {
  return {
    id: si.id,
    customerId: si.customerId,
    status: si.status,
    clientSecret: si.clientSecret,
    paymentMethodId: si.paymentMethodId,
  };
}

// Reading events back -----------------------------------------------------------------------------

const eventTypes: readonly ProviderEventType[] = [
  "subscription.updated",
  "subscription.deleted",
  "subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
  "setup_intent.succeeded",
  "other",
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function revive(value: unknown): Date {
  const parsed = new Date(String(value));
  if (Number.isNaN(parsed.getTime())) throw malformed();
  return parsed;
}
const reviveMaybe = (value: unknown) => (value === null || value === undefined ? null : revive(value));
const malformed = () => new AppError("request_malformed", { details: { reason: "not a payments event" } });

function reviveInvoice(invoice: Json): ProviderInvoice {
  return {
    ...(invoice as unknown as ProviderInvoice),
    nextAttemptAt: reviveMaybe(invoice.nextAttemptAt),
    periodStart: reviveMaybe(invoice.periodStart),
    periodEnd: reviveMaybe(invoice.periodEnd),
    createdAt: revive(invoice.createdAt),
  };
}

function reviveSubscription(sub: Json): ProviderSubscription {
  const scheduled = isObject(sub.scheduled) ? sub.scheduled : null;
  return {
    ...(sub as unknown as ProviderSubscription),
    currentPeriodStart: revive(sub.currentPeriodStart),
    currentPeriodEnd: revive(sub.currentPeriodEnd),
    trialEnd: reviveMaybe(sub.trialEnd),
    scheduled: scheduled
      ? { items: scheduled.items as ProviderSubscription["items"], at: revive(scheduled.at) }
      : null,
    latestInvoice: isObject(sub.latestInvoice) ? reviveInvoice(sub.latestInvoice) : null,
    asOf: revive(sub.asOf),
  };
}

/** A ProviderEvent from the JSON the sandbox sent (the shape it stored). */
export function reviveEvent(parsed: unknown): ProviderEvent {
  if (!isObject(parsed) || typeof parsed.id !== "string" || typeof parsed.vendorType !== "string")
    throw malformed();
  const type = eventTypes.includes(parsed.type as ProviderEventType)
    ? (parsed.type as ProviderEventType)
    : "other";
  return {
    id: parsed.id,
    type,
    vendorType: parsed.vendorType,
    created: revive(parsed.created),
    customerId: typeof parsed.customerId === "string" ? parsed.customerId : null,
    subscription: isObject(parsed.subscription) ? reviveSubscription(parsed.subscription) : null,
    invoice: isObject(parsed.invoice) ? reviveInvoice(parsed.invoice) : null,
    setupIntent: isObject(parsed.setupIntent) ? (parsed.setupIntent as unknown as ProviderSetupIntent) : null,
  };
}
