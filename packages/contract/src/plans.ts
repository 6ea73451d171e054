import { YEARLY_DISCOUNT } from "./constants";
import type { AddonType, OwnerType, PlanTier } from "./enums";

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

/**
 * One key per feature area that spec §3 lists for feature permissions. Switches are booleans,
 * limits numbers (Infinity = unlimited). The web reads the same values to decide what to offer.
 */
export const features = [
  // Limits
  "post.characterLimit",
  "article.length",
  "team.membersIncluded",
  "media.storageBytes",
  // Everyone, every tier (listed so a route can name them and a plan could one day withdraw them)
  "company.create",
  "search.use",
  "follow.use",
  "content.createPost",
  "content.createResponse",
  "content.createRepost",
  "content.createDocument",
  "content.createPublication",
  "alerts.create",
  "plan.switch",
  "share.use",
  "report.use",
  "visibility.setup",
  "reactions.use",
  "comments.edit",
  "profile.fill",
  "people.manage",
  "employees.invite",
  "sections.view",
  "support.use",
  // Paid tiers
  "messenger.use",
  "content.schedule",
  "content.createVideo",
  "content.createPodcast",
  "analytics.view",
  "search.priorityRanking",
  "events.exclusiveInvitations",
  "badges.use",
  "handles.premium",
  "monetization.use",
  // Add-ons bought on top of a paid plan
  "addons.spy",
  "addons.stealth",
] as const;
export type Feature = (typeof features)[number];
export type FeatureValue = number | boolean;
export type Entitlements = Record<Feature, FeatureValue>;

const GB = 1024 * 1024 * 1024;

type Level = "basic" | "standard" | "premium" | "top";
type TierFeature = Exclude<Feature, "monetization.use" | "addons.spy" | "addons.stealth">;

const everyone = { basic: true, standard: true, premium: true, top: true } as const;
const paid = { basic: false, standard: true, premium: true, top: true } as const;
const premiumUp = { basic: false, standard: false, premium: true, top: true } as const;

const entitlementTable: Record<TierFeature, Record<Level, FeatureValue>> = {
  "post.characterLimit": { basic: 1000, standard: 3000, premium: 10_000, top: 25_000 },
  "article.length": { basic: 100_000, standard: 100_000, premium: 100_000, top: 100_000 },
  "team.membersIncluded": { basic: 3, standard: 10, premium: 50, top: Number.POSITIVE_INFINITY },
  /**
   * Media storage per owner (issue 11): originals plus what was made of them, and the declared size
   * of unfinished uploads. Basic holds two of the largest videos (2 GB each) beside a few hundred
   * photos; each tier up holds about five times more. No tier is unlimited: storage costs money
   * whoever pays, and an unlimited owner could fill the disk for everyone.
   */
  "media.storageBytes": { basic: 5 * GB, standard: 25 * GB, premium: 100 * GB, top: 500 * GB },
  "company.create": everyone,
  "search.use": everyone,
  "follow.use": everyone,
  "content.createPost": everyone,
  "content.createResponse": everyone,
  "content.createRepost": everyone,
  "content.createDocument": everyone,
  "content.createPublication": everyone,
  "alerts.create": everyone,
  "plan.switch": everyone,
  "share.use": everyone,
  "report.use": everyone,
  "visibility.setup": everyone,
  "reactions.use": everyone,
  "comments.edit": everyone,
  "profile.fill": everyone,
  "people.manage": everyone,
  "employees.invite": everyone,
  "sections.view": everyone,
  "support.use": everyone,
  "messenger.use": paid,
  "content.schedule": paid,
  "content.createVideo": paid,
  "content.createPodcast": paid,
  "analytics.view": premiumUp,
  "search.priorityRanking": premiumUp,
  "events.exclusiveInvitations": premiumUp,
  "badges.use": premiumUp,
  /** Handles without two digits (spec §6), once the profile is verified. */
  "handles.premium": premiumUp,
};

function level(owner: OwnerType, tier: PlanTier): Level {
  if (tier === "creator" || tier === "enterprise") return "top";
  if (owner === "company" && tier === "premium") return "top";
  return tier;
}

/** What an owner holds: the plan and what was bought on top of it (the stored subscription). */
export interface Holding {
  owner: OwnerType;
  tier: PlanTier;
  /** Active add-ons; an add-on needs a paid plan to take effect. */
  addons?: readonly AddonType[];
}

/** The value of one feature for a holding: a number for limits, a boolean for switches. */
export function entitlementOf(holding: Holding, feature: Feature): FeatureValue {
  if (feature === "monetization.use") return holding.tier === "creator";
  if (feature === "addons.spy" || feature === "addons.stealth") {
    const addon = feature === "addons.spy" ? "spy" : "stealth";
    return holding.tier !== "basic" && (holding.addons ?? []).includes(addon);
  }
  return entitlementTable[feature][level(holding.owner, holding.tier)];
}

/** Every feature's value for a holding. */
export function entitlementsOf(holding: Holding): Entitlements {
  return Object.fromEntries(
    features.map((feature) => [feature, entitlementOf(holding, feature)]),
  ) as Entitlements;
}

/** The value of one feature for a bare plan (no add-ons). */
export function entitlement(owner: OwnerType, tier: PlanTier, feature: Feature): FeatureValue {
  return entitlementOf({ owner, tier }, feature);
}

export function hasFeature(owner: OwnerType, tier: PlanTier, feature: Feature): boolean {
  return isGranted(entitlement(owner, tier, feature));
}

/** A switch that is on, or a limit above zero. */
export function isGranted(value: FeatureValue): boolean {
  return typeof value === "boolean" ? value : value > 0;
}

// The plans dictionary (§7 GET /dictionaries/payments/plans): the catalogue in integer cents -----

/** USD → cents, exactly (prices are written with at most two decimals). */
export function toCents(usd: number): number {
  return Math.round(usd * 100);
}

/** Annual cents: 12 × monthly × (1 − 16%), rounded to the cent. */
export function annualCents(monthlyCents: number): number {
  return Math.round(monthlyCents * 12 * (1 - YEARLY_DISCOUNT));
}

/** The tier from which the profile badge may be bought (product decisions: premium and above). */
export const BADGE_FROM_TIER: PlanTier = "premium";

/** Everything the plan cards and checkout show, in cents, without its version. */
export function planCatalogue() {
  return {
    currency: "USD" as const,
    yearlyDiscountPercent: Math.round(YEARLY_DISCOUNT * 100),
    plans: plans.map((plan) => {
      const monthlyCents = plan.monthly === null ? null : toCents(plan.monthly);
      return {
        owner: plan.owner,
        tier: plan.tier,
        currency: "USD" as const,
        monthlyCents,
        annualCents: monthlyCents === null ? null : annualCents(monthlyCents),
        trial: plan.trial,
        selfServe: plan.selfServe,
        features: Object.fromEntries(
          features.map((feature) => {
            const value = entitlement(plan.owner, plan.tier, feature);
            return [feature, value === Number.POSITIVE_INFINITY ? null : value];
          }),
        ) as Record<Feature, number | boolean | null>,
      };
    }),
    addons: (Object.keys(addonPrices) as Array<keyof typeof addonPrices>).map((type) => ({
      type,
      monthlyCents: toCents(addonPrices[type]),
      perUnit: type === "seats",
    })),
    badge: { monthlyCents: toCents(badgePriceMonthly), fromTier: BADGE_FROM_TIER },
  };
}

/**
 * The catalogue's version: a digest of its content (FNV-1a, 32 bits, base 36), so it changes
 * exactly when a price, a trial or an entitlement does, and clients can keep what they hold.
 */
export function catalogueVersion(catalogue: unknown = planCatalogue()): string {
  const text = JSON.stringify(catalogue);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `p${hash.toString(36)}`;
}
