import {
  type AddonType,
  addonOfPriceKey,
  addonPriceKey,
  addonTypes,
  type BillingPeriod,
  badgePriceKey,
  billingPeriods,
  isBadgePriceKey,
  type OwnerType,
  type PlanTier,
  planPriceKey,
  planTiers,
} from "@vn/contract";
import type { StoredAddon } from "../../db/schema/index";
import type { ItemSpec, ProviderInvoice, ProviderSubscription } from "../../providers/payments/types";
import type { SubscriptionRow } from "../../shared/subscriptions";

/**
 * How the vendor's subscription reads on our side (the `subscriptions` row everything takes its
 * entitlements from), and back: the items a plan, its add-ons and the badge are bought as.
 * Pure functions; the service decides when to apply them.
 */

/** The plan an item list holds, read from its price lookup key ("user.standard.monthly"). */
export function planOfItems(items: readonly ItemSpec[]): { tier: PlanTier; period: BillingPeriod } | null {
  for (const item of items) {
    const [, tier, period] = item.price.split(".");
    if (
      planTiers.includes(tier as PlanTier) &&
      billingPeriods.includes(period as BillingPeriod) &&
      addonOfPriceKey(item.price) === null &&
      !isBadgePriceKey(item.price)
    ) {
      return { tier: tier as PlanTier, period: period as BillingPeriod };
    }
  }
  return null;
}

export function addonsOfItems(items: readonly ItemSpec[]): StoredAddon[] {
  return addonTypes
    .map((type) => ({
      type,
      quantity: items.find((item) => addonOfPriceKey(item.price) === type)?.quantity ?? 0,
    }))
    .filter((addon) => addon.quantity > 0);
}

/** The items of a plan with the add-ons and badge an owner keeps. */
export function itemsFor(
  owner: OwnerType,
  plan: { tier: PlanTier; period: BillingPeriod },
  extras: { addons?: readonly StoredAddon[]; badge?: boolean } = {},
): ItemSpec[] {
  const items: ItemSpec[] = [{ price: planPriceKey(owner, plan.tier, plan.period), quantity: 1 }];
  for (const addon of extras.addons ?? []) {
    if (addon.quantity > 0 && !addon.cancelAtPeriodEnd) {
      items.push({ price: addonPriceKey(addon.type as AddonType, plan.period), quantity: addon.quantity });
    }
  }
  if (extras.badge) items.push({ price: badgePriceKey(plan.period), quantity: 1 });
  return items;
}

/** A subscription the owner holds: it gives a plan (incomplete ones wait for their first payment). */
export function isLive(subscription: ProviderSubscription): boolean {
  return ["trialing", "active", "past_due"].includes(subscription.status);
}

export type MirrorFields = Pick<
  SubscriptionRow,
  | "planTier"
  | "period"
  | "status"
  | "currentPeriodStart"
  | "currentPeriodEnd"
  | "trialStartedAt"
  | "trialEndsAt"
  | "trialUsed"
  | "addons"
  | "badgeActive"
  | "badgeCancelAtPeriodEnd"
  | "nextPlanTier"
  | "nextPeriod"
  | "nextChangeAt"
  | "providerSubscriptionId"
  | "failedRenewals"
  | "providerSyncedAt"
>;

/** Back to the free plan: the subscription ended (cancelled, or renewals gave up). */
export function basicFields(row: SubscriptionRow, asOf: Date): MirrorFields {
  return {
    planTier: "basic",
    period: "monthly",
    status: "active",
    currentPeriodStart: asOf,
    currentPeriodEnd: null,
    trialStartedAt: row.trialStartedAt,
    trialEndsAt: null,
    trialUsed: row.trialUsed,
    addons: [],
    badgeActive: false,
    badgeCancelAtPeriodEnd: false,
    nextPlanTier: null,
    nextPeriod: null,
    nextChangeAt: null,
    providerSubscriptionId: null,
    failedRenewals: 0,
    providerSyncedAt: asOf,
  };
}

/** The row's fields for a live subscription at the vendor. */
export function liveFields(row: SubscriptionRow, subscription: ProviderSubscription): MirrorFields {
  const plan = planOfItems(subscription.items) ?? {
    tier: "basic" as PlanTier,
    period: "monthly" as BillingPeriod,
  };
  const scheduledPlan = subscription.scheduled ? planOfItems(subscription.scheduled.items) : null;
  const scheduledBadge = subscription.scheduled
    ? subscription.scheduled.items.some((item) => isBadgePriceKey(item.price))
    : true;
  const scheduledAddons = subscription.scheduled ? addonsOfItems(subscription.scheduled.items) : null;
  const addons = addonsOfItems(subscription.items).map((addon) => {
    const kept = scheduledAddons?.find((next) => next.type === addon.type);
    return {
      ...addon,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd || (scheduledAddons !== null && !kept),
      nextQuantity: kept && kept.quantity !== addon.quantity ? kept.quantity : null,
    };
  });
  const badgeActive = subscription.items.some((item) => isBadgePriceKey(item.price));
  let next: { tier: PlanTier; period: BillingPeriod; at: Date } | null = null;
  if (subscription.cancelAtPeriodEnd) {
    next = { tier: "basic", period: plan.period, at: subscription.currentPeriodEnd };
  } else if (
    subscription.scheduled &&
    scheduledPlan &&
    (scheduledPlan.tier !== plan.tier || scheduledPlan.period !== plan.period)
  ) {
    next = { ...scheduledPlan, at: subscription.scheduled.at };
  }
  const trialing = subscription.status === "trialing";
  return {
    planTier: plan.tier,
    period: plan.period,
    status: subscription.status === "past_due" ? "past_due" : trialing ? "trialing" : "active",
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    trialStartedAt: subscription.trialEnd
      ? (row.trialStartedAt ?? subscription.currentPeriodStart)
      : row.trialStartedAt,
    trialEndsAt: trialing ? subscription.trialEnd : null,
    trialUsed: row.trialUsed || subscription.trialEnd !== null,
    addons,
    badgeActive,
    badgeCancelAtPeriodEnd: badgeActive && (subscription.cancelAtPeriodEnd || !scheduledBadge),
    nextPlanTier: next?.tier ?? null,
    nextPeriod: next?.period ?? null,
    nextChangeAt: next?.at ?? null,
    providerSubscriptionId: subscription.id,
    failedRenewals:
      subscription.status === "past_due" ? Math.max(1, subscription.latestInvoice?.attemptCount ?? 1) : 0,
    providerSyncedAt: subscription.asOf,
  };
}

/** The billing-history status of a vendor invoice. */
export function invoiceStatus(invoice: ProviderInvoice): "paid" | "open" | "failed" | "void" {
  if (invoice.status === "paid") return "paid";
  if (invoice.status === "void") return "void";
  if (invoice.status === "uncollectible") return "failed";
  // Waiting for the cardholder (3-D Secure) is not a failure yet.
  if (invoice.paymentIntent?.status === "requires_action") return "open";
  return invoice.attemptCount > 0 && invoice.paymentIntent?.status !== "succeeded" ? "failed" : "open";
}

export function invoiceDescription(invoice: ProviderInvoice): string {
  const lines = invoice.lines.filter((line) => line.amountCents !== 0);
  const first = (lines[0] ?? invoice.lines[0])?.description;
  if (!first) return invoice.billingReason === "subscription_cycle" ? "Renewal" : "Subscription";
  return lines.length > 1 ? `${first} and ${lines.length - 1} more` : first;
}
