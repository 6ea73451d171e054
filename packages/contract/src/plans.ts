import { YEARLY_DISCOUNT } from "./constants";
import type { OwnerType, PlanTier } from "./enums";

/** The plan catalogue and entitlements (product-decisions.md). The only place tiers map to features. */

export interface PlanPrice {
  owner: OwnerType;
  tier: PlanTier;
  /** Monthly price in USD; null means "contact us". */
  monthly: number | null;
  trial: boolean;
  selfServe: boolean;
}

export const plans: readonly PlanPrice[] = [
  { owner: "user", tier: "basic", monthly: 0, trial: false, selfServe: true },
  { owner: "user", tier: "standard", monthly: 9.99, trial: true, selfServe: true },
  { owner: "user", tier: "premium", monthly: 19.99, trial: true, selfServe: true },
  { owner: "user", tier: "creator", monthly: 39.99, trial: false, selfServe: false },
  { owner: "company", tier: "basic", monthly: 0, trial: false, selfServe: true },
  { owner: "company", tier: "standard", monthly: 99, trial: true, selfServe: true },
  { owner: "company", tier: "premium", monthly: 299, trial: false, selfServe: true },
  { owner: "company", tier: "enterprise", monthly: null, trial: false, selfServe: false },
];

export const addonPrices = { spy: 4.99, stealth: 4.99, seats: 5.0 } as const;
export const badgePriceMonthly = 2.99;

/** Annual = 12 × monthly × (1 − 16%), rounded to cents. */
export function annualPrice(monthly: number): number {
  return Math.round(monthly * 12 * (1 - YEARLY_DISCOUNT) * 100) / 100;
}

export const features = [
  "post.characterLimit",
  "article.length",
  "messenger.use",
  "content.schedule",
  "media.publishVideoPodcast",
  "analytics.view",
  "search.priorityRanking",
  "events.exclusiveInvitations",
  "badges.use",
  "monetization.use",
  "team.membersIncluded",
] as const;
export type Feature = (typeof features)[number];

type Level = "basic" | "standard" | "premium" | "top";
const entitlementTable: Record<Feature, Record<Level, number | boolean>> = {
  "post.characterLimit": { basic: 1000, standard: 3000, premium: 10_000, top: 25_000 },
  "article.length": { basic: 100_000, standard: 100_000, premium: 100_000, top: 100_000 },
  "messenger.use": { basic: false, standard: true, premium: true, top: true },
  "content.schedule": { basic: false, standard: true, premium: true, top: true },
  "media.publishVideoPodcast": { basic: false, standard: true, premium: true, top: true },
  "analytics.view": { basic: false, standard: false, premium: true, top: true },
  "search.priorityRanking": { basic: false, standard: false, premium: true, top: true },
  "events.exclusiveInvitations": { basic: false, standard: false, premium: true, top: true },
  "badges.use": { basic: false, standard: false, premium: true, top: true },
  "monetization.use": { basic: false, standard: false, premium: false, top: false },
  "team.membersIncluded": { basic: 3, standard: 10, premium: 50, top: Number.POSITIVE_INFINITY },
};

function level(owner: OwnerType, tier: PlanTier): Level {
  if (tier === "creator" || tier === "enterprise") return "top";
  if (owner === "company" && tier === "premium") return "top";
  return tier;
}

/** The value of one feature for a plan: a number for limits, a boolean for switches. */
export function entitlement(owner: OwnerType, tier: PlanTier, feature: Feature): number | boolean {
  if (feature === "monetization.use") return tier === "creator";
  return entitlementTable[feature][level(owner, tier)];
}

export function hasFeature(owner: OwnerType, tier: PlanTier, feature: Feature): boolean {
  const value = entitlement(owner, tier, feature);
  return typeof value === "boolean" ? value : value > 0;
}
