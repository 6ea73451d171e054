import {
  type AddonType,
  addonTypes,
  annualPrice,
  type BillingPeriod,
  entitlementsOf,
  features,
  type MessageKey,
  messages,
  type OwnerType,
  type PlanTier,
  plans,
  type Subscription,
} from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedOnce } from "../db/prepared";
import { type StoredAddon, subscriptions } from "../db/schema/index";

/**
 * Stored subscriptions (db/schema/billing.ts) as the product reads them: the owner's plan and
 * add-ons for entitlements, and the §3 Subscription for /users/me. Billing (plans people buy)
 * writes the rows; everything else only reads them through here.
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const planTitle: Record<PlanTier, MessageKey> = {
  basic: "planBasic",
  standard: "planStandard",
  premium: "planPremium",
  creator: "planCreator",
  enterprise: "planEnterprise",
};

const addonTitle: Record<AddonType, MessageKey> = {
  spy: "addonSpy",
  stealth: "addonStealth",
  seats: "addonSeats",
};

/** The add-ons that count: known types with a positive quantity. */
export function activeAddons(stored: unknown): AddonType[] {
  if (!Array.isArray(stored)) return [];
  return (stored as StoredAddon[])
    .filter((addon) => addonTypes.includes(addon?.type) && addon.quantity > 0)
    .map((addon) => addon.type);
}

export async function subscriptionRow(db: Db, ownerProfileId: string): Promise<SubscriptionRow | null> {
  const [row] = await subscriptionOfOwner(db).execute({ owner: ownerProfileId });
  return row ?? null;
}
/** By the unique owner index; asked by every session user, so prepared and planned once. */
const subscriptionOfOwner = preparedOnce(
  "subscription_of_owner",
  (db) =>
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.ownerProfileId, sql.placeholder("owner")))
      .limit(1),
  { generic: true },
);

/** The plan tier an owner holds now (basic when no row is found). */
export async function planTierOf(db: Db, ownerProfileId: string): Promise<PlanTier> {
  return ((await subscriptionRow(db, ownerProfileId))?.planTier ?? "basic") as PlanTier;
}

/** The §3 Subscription of an owner, from its stored row. */
export function subscriptionView(ownerType: OwnerType, row: SubscriptionRow | null): Subscription {
  const tier = (row?.planTier ?? "basic") as PlanTier;
  const period = (row?.period ?? "monthly") as BillingPeriod;
  const addons = (row?.addons ?? []).filter((addon) => addonTypes.includes(addon.type) && addon.quantity > 0);
  const price = plans.find((plan) => plan.owner === ownerType && plan.tier === tier);
  const values = entitlementsOf({ owner: ownerType, tier, addons: activeAddons(addons) });
  const trialOffered = plans.some((plan) => plan.owner === ownerType && plan.trial);
  const trialing = row?.status === "trialing";
  return {
    canUseTrial: trialOffered && !(row?.trialUsed ?? false),
    lastActive: tier === "basic" ? null : { isTrial: trialing, plan: { slug: tier } },
    publicId: row?.id ?? "",
    current: {
      plan: {
        slug: tier,
        title: messages[planTitle[tier]],
        ownerType,
        currency: "USD",
        price: {
          monthly: price?.monthly ?? null,
          annual: price?.monthly === null || price?.monthly === undefined ? null : annualPrice(price.monthly),
        },
        period,
        features: Object.fromEntries(
          features.map((feature) => {
            const value = values[feature];
            return [feature, value === Number.POSITIVE_INFINITY ? null : value];
          }),
        ),
      },
      addons: addons.map((addon) => ({
        type: { id: addon.type, title: messages[addonTitle[addon.type]] },
        quantity: addon.quantity,
      })),
      badge: row?.badgeActive ? { active: true } : null,
    },
    next: row?.nextPlanTier ? { plan: { slug: row.nextPlanTier as PlanTier } } : null,
  };
}
