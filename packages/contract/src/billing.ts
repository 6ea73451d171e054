import type {
  AddonType,
  BillingPeriod,
  OwnerType,
  PlanTier,
  paymentOutcomes,
  planActionLabels,
} from "./enums";
import { plans } from "./plans";
import type { Policy } from "./policy";

/**
 * Billing rules both sides read (issue 13): the sandbox test cards, how a plan change is carried
 * out, the renewal retry schedule, and the one function that labels every plan card's button.
 */

export type PaymentOutcome = (typeof paymentOutcomes)[number];
export type PlanActionLabel = (typeof planActionLabels)[number];

/** A renewal that fails is retried this many times over RENEWAL_RETRY_DAYS, then the owner falls back to basic. */
export const RENEWAL_RETRIES = 3;
/** Days after the failed renewal on which it is retried (product decisions: 3 retries over 7 days). */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

/**
 * The sandbox's test cards, as Stripe's (README "Sandbox payments"). Any other number that passes
 * the Luhn check behaves as 4242; one that does not is refused as incorrect.
 */
export const SANDBOX_CARDS = {
  succeeds: "4242424242424242",
  /** Every payment asks the cardholder to authenticate (3-D Secure) before it goes through. */
  requiresAuthentication: "4000002500003155",
  declined: "4000000000000002",
  /** Saved without trouble, declined at every charge (Stripe's 0341): failed renewals and their retries. */
  chargeFails: "4000000000000341",
} as const;

/**
 * The invitation promotion (§7 promotion-invite-activation): a person who joined through a
 * member's invitation gets a longer first trial.
 */
export const INVITED_TRIAL_DAYS = 30;

/** The ordering of tiers, lowest first (a change to a higher rank is an upgrade). */
const tierRank: Record<PlanTier, number> = { basic: 0, standard: 1, premium: 2, creator: 3, enterprise: 3 };

export function compareTiers(a: PlanTier, b: PlanTier): number {
  return tierRank[a] - tierRank[b];
}

/** The plan a card or a change names. */
export interface PlanChoice {
  tier: PlanTier;
  period: BillingPeriod;
}

export type ChangeTiming = "now" | "periodEnd";

/**
 * How a change from one paid state to another is carried out (product decisions "Plans, in
 * practice"): upgrades now with a prorated charge; downgrades and cancellations at the end of the
 * paid period (prepaid time is never revoked); annual → monthly at the end of the year.
 */
export function changeOf(
  current: PlanChoice,
  next: PlanChoice,
): { timing: ChangeTiming; outcome: PaymentOutcome } | null {
  if (current.tier === next.tier && current.period === next.period) return null;
  if (current.tier === "basic") return { timing: "now", outcome: "upgraded" };
  if (next.tier === "basic") return { timing: "periodEnd", outcome: "downgrade_to_cancel" };
  const rank = compareTiers(next.tier, current.tier);
  if (current.period === "annual" && next.period === "monthly") {
    return {
      timing: "periodEnd",
      outcome: rank > 0 ? "delayed_upgrade_to_month" : "delayed_downgrade_to_month",
    };
  }
  if (rank < 0) return { timing: "periodEnd", outcome: "delayed_downgrade" };
  // Higher tier, or the same tier from monthly to annual: paid for at once, prorated.
  return { timing: "now", outcome: "upgraded" };
}

/** What the plan cards know about the one looking at them. */
export interface PlanCardViewer {
  signedIn: boolean;
  ownerType: OwnerType;
  /** The acting profile's verification (IDV for people, KYB for companies). */
  verified: boolean;
  canUseTrial: boolean;
  /** The creator application (§4), or null when none was made. */
  creatorApplication: "pending" | "congratulation" | "rejected" | null;
}

/** The viewer's subscription as the cards need it (null for visitors). */
export interface PlanCardHolding {
  tier: PlanTier;
  period: BillingPeriod;
  trialing: boolean;
  /** The change waiting for the period's end, if any. */
  next: PlanChoice | null;
  addons: Partial<Record<AddonType, number>>;
}

export type PlanCardTarget =
  | { kind: "plan"; owner: OwnerType; tier: PlanTier; period: BillingPeriod }
  | { kind: "addon"; type: AddonType; quantity: number };

export interface PlanCardContext {
  /** `wizard`: picking a plan while creating a profile (select / selected); `billing`: settings. */
  mode: "wizard" | "billing";
  viewer: PlanCardViewer;
  holding: PlanCardHolding | null;
  /** In the wizard, the tier picked so far. */
  selectedTier?: PlanTier | null;
}

function trialOffered(owner: OwnerType, tier: PlanTier): boolean {
  return plans.some((plan) => plan.owner === owner && plan.tier === tier && plan.trial);
}

/**
 * The §4 plan action label of one card's button: one pure function of the card and of who looks
 * (plan, next change, trial, period, verification, owner type, creator application). The web
 * renders the label it returns and the action that goes with it; nothing else decides.
 */
export function planActionLabel(target: PlanCardTarget, context: PlanCardContext): PlanActionLabel {
  const { viewer, holding } = context;
  if (target.kind === "addon") {
    const held = holding?.addons[target.type] ?? 0;
    if (target.quantity === held) return "selected";
    return target.quantity > held ? "upgradeAddon" : "downgradeAddon";
  }
  if (context.mode === "wizard") return context.selectedTier === target.tier ? "selected" : "select";
  if (target.tier === "enterprise") return "contactUs";
  // Creators are paid out monthly; the yearly creator plan is announced, not sold yet.
  if (target.tier === "creator" && target.period === "annual") return "comingSoon";
  if (!viewer.signedIn || !holding) return "getStarted";

  const next = holding.next;
  // The card of the change already scheduled undoes it (the free card whatever the period shown).
  if (next && next.tier === target.tier && (next.period === target.period || target.tier === "basic")) {
    return "cancelDowngrade";
  }
  if (holding.tier === target.tier) {
    if (holding.period !== target.period) {
      if (target.tier === "basic") return "myPlan";
      return target.period === "monthly" ? "switchToMonthly" : "switchToYearly";
    }
    if (target.tier === "basic") return "myPlan";
    // A change already waits (a cancellation at the trial's end, a downgrade): keeping this plan undoes it.
    if (next) return "cancelDowngrade";
    return holding.trialing ? "cancelSubscription" : "myPlan";
  }
  if (target.tier === "basic") return "downgradeToFree";
  if (target.tier === "creator" && viewer.creatorApplication !== "congratulation") {
    return viewer.creatorApplication === "pending" ? "applicationPending" : "apply";
  }
  if (!viewer.verified) return "pendingVerification";
  const rank = compareTiers(target.tier, holding.tier);
  if (rank < 0) return "downgrade";
  if (holding.tier === "basic") {
    return viewer.canUseTrial && trialOffered(target.owner, target.tier) ? "freeTrial" : "upgrade";
  }
  return holding.period === target.period ? "upgrade" : "changePlan";
}

/** The price lookup key of a plan, an add-on or the badge (Stripe prices carry the same keys). */
export function planPriceKey(owner: OwnerType, tier: PlanTier, period: BillingPeriod): string {
  return `${owner}.${tier}.${period}`;
}
/**
 * Add-ons and the badge are priced per month; on an annual plan they are billed with it, yearly
 * (12 months, no discount), so every item of a subscription shares one interval (Stripe needs
 * that of a subscription's prices).
 */
export function addonPriceKey(type: AddonType, period: BillingPeriod = "monthly"): string {
  return `addon.${type}.${period}`;
}
export function badgePriceKey(period: BillingPeriod = "monthly"): string {
  return `badge.${period}`;
}
export const BADGE_PRICE_KEY = badgePriceKey("monthly");

/** The add-on a price key names, or null. */
export function addonOfPriceKey(key: string): AddonType | null {
  const [kind, type, period] = key.split(".");
  if (kind !== "addon" || (period !== "monthly" && period !== "annual")) return null;
  return (["spy", "stealth", "seats"] as const).find((known) => known === type) ?? null;
}
export function isBadgePriceKey(key: string): boolean {
  return key === badgePriceKey("monthly") || key === badgePriceKey("annual");
}

/**
 * Who may use the billing routes (the endpoint table's rows share it): a verified person for
 * themselves, and for a company a member whose `settings` scope is not none (owners). Here rather
 * than in endpoints/billing.ts so the web can read it without loading the schemas.
 */
export const billingPolicy = { who: "verified", scope: "settings" } as const satisfies Policy;
