import {
  type Actor,
  type AddonType,
  type BillingPeriod,
  type BillingState,
  billingPolicy,
  type OwnerType,
  type PlanActionLabel,
  type PlanCardHolding,
  type PlanCardViewer,
  type PlanTier,
  type Policy,
  scopeCovers,
} from "@vn/contract";

/**
 * Whether billing is this actor's to open: anyone for themselves; for a company, the scope the
 * billing routes declare (settings: owners). Signed-out visitors are sent to sign in by the page.
 */
export function mayOpenBilling(actor: Actor | null): boolean {
  const scope: Policy["scope"] = billingPolicy.scope;
  return !actor || !scope || scopeCovers(actor, scope);
}

/**
 * What the billing screen decides from the owner's state: what the plan cards know (the contract's
 * planActionLabel does the labelling), what each label's button does, and what a checkout shows.
 */

export const BILLING_PATH = "/settings/billing";

/** The billing page opened on one card's checkout (the home and /companies cards link here). */
export function billingCheckoutPath(tier: PlanTier, period: BillingPeriod): string {
  return `${BILLING_PATH}?${new URLSearchParams({ plan: tier, period }).toString()}`;
}

export function holdingOf(state: BillingState): PlanCardHolding {
  const next = state.billing.nextChange;
  const addons: Partial<Record<AddonType, number>> = {};
  for (const addon of state.billing.addons) addons[addon.type] = addon.quantity;
  return {
    tier: state.current.plan.slug,
    period: state.billing.period,
    trialing: state.billing.status === "trialing",
    next: next ? { tier: next.plan, period: next.period } : null,
    addons,
  };
}

export function viewerOf(
  state: BillingState,
  ownerType: OwnerType,
  verified: boolean,
  creatorApplication: PlanCardViewer["creatorApplication"] = null,
): PlanCardViewer {
  return { signedIn: true, ownerType, verified, canUseTrial: state.canUseTrial, creatorApplication };
}

/** What pressing a card's button does. */
export type CardAction =
  /** The checkout dialog: preview (or trial terms), card if needed, then the change. */
  | { kind: "checkout"; trial: boolean; direction: "up" | "later" }
  /** Undo the change scheduled for the period's end. */
  | { kind: "cancelChanges" }
  /** The verification popup: buying needs a verified owner. */
  | { kind: "verify" }
  /** The enterprise enquiry (mail until its form lands). */
  | { kind: "contact" }
  /** The creator application (or its one appeal). */
  | { kind: "apply" }
  /** A disabled button (your plan, coming soon, application pending). */
  | { kind: "none" };

export function actionOfLabel(label: PlanActionLabel): CardAction {
  switch (label) {
    case "freeTrial":
      return { kind: "checkout", trial: true, direction: "up" };
    case "upgrade":
    case "changePlan":
    case "switchToYearly":
      return { kind: "checkout", trial: false, direction: "up" };
    case "downgrade":
    case "downgradeToFree":
    case "switchToMonthly":
    case "cancelSubscription":
      return { kind: "checkout", trial: false, direction: "later" };
    case "cancelDowngrade":
      return { kind: "cancelChanges" };
    case "pendingVerification":
      return { kind: "verify" };
    case "contactUs":
      return { kind: "contact" };
    case "apply":
      return { kind: "apply" };
    default:
      return { kind: "none" };
  }
}

/** The plan a card's checkout asks for: cancelling a subscription is a move to Basic. */
export function checkoutTarget(
  label: PlanActionLabel,
  card: { tier: PlanTier; period: BillingPeriod },
  state: BillingState,
): { tier: PlanTier; period: BillingPeriod } {
  if (label === "cancelSubscription") return { tier: "basic", period: state.billing.period };
  return card;
}

/** A paid change that charges (or will charge) a card needs one on file first. */
export function needsCard(state: BillingState, tier: PlanTier): boolean {
  return tier !== "basic" && state.billing.paymentMethod === null;
}

/** The query's plan and period (?plan=standard&period=annual), when both are valid. */
export function requestedCard(
  plan: string | null,
  period: string | null,
): { tier: PlanTier; period: BillingPeriod } | null {
  const tiers: readonly string[] = ["basic", "standard", "premium", "creator", "enterprise"];
  if (!plan || !tiers.includes(plan)) return null;
  const chosen: BillingPeriod = period === "annual" ? "annual" : "monthly";
  return { tier: plan as PlanTier, period: chosen };
}

/**
 * Which plan and date an outcome's sentence names: a change at the period's end names the plan to
 * come and when; everything else the plan held now.
 */
export function outcomeFactsOf(
  outcome: string | null,
  state: BillingState,
): { plan: PlanTier; at: string | null } {
  const next = state.billing.nextChange;
  const delayed =
    outcome === "delayed_downgrade" ||
    outcome === "downgrade_to_cancel" ||
    outcome === "delayed_downgrade_to_month" ||
    outcome === "delayed_upgrade_to_month";
  if (delayed && next) return { plan: next.plan, at: next.at };
  return { plan: state.current.plan.slug, at: delayed ? state.billing.currentPeriodEnd : null };
}

/** What the cards know before the billing state can be read (an unverified owner): the session's plan. */
export function holdingOfSession(subscription: {
  current: { plan: { slug: PlanTier; period: BillingPeriod } };
  lastActive: { isTrial: boolean } | null;
  next: { plan: { slug: PlanTier } } | null;
}): PlanCardHolding {
  const { plan } = subscription.current;
  return {
    tier: plan.slug,
    period: plan.period,
    trialing: subscription.lastActive?.isTrial ?? false,
    next: subscription.next ? { tier: subscription.next.plan.slug, period: plan.period } : null,
    addons: {},
  };
}

/** The creator application's links field: one a line, blanks dropped. */
export function linksOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
