import type {
  AddonType,
  BillingPeriod,
  BillingState,
  OwnerType,
  PlanActionLabel,
  PlanCardContext,
  PlansDictionary,
} from "@vn/contract";
import { planActionLabel } from "@vn/contract";

/**
 * What the add-ons and badge section decides from the owner's state: which add-ons are offered,
 * what each costs per period, which call a button makes, and the estimate of today's prorated
 * charge (the API charges add-ons without a preview). Pure, so the unit tests read it as is.
 */

export type AddonCall = "add" | "update" | "remove" | "renew";

/** One add-on as the section shows it. */
export interface AddonOffer {
  type: AddonType;
  /** Per unit and per billing period of the plan (annual plans bill add-ons yearly, 12 months). */
  periodCents: number;
  perUnit: boolean;
  /** Held now (0: not held). */
  held: number;
  /** Set to end with the period (removal or renewal pending). */
  ending: boolean;
  /** A lower quantity from the period's end (fewer seats), or null. */
  next: number | null;
}

/**
 * Spy and stealth for everyone on a paid plan; extra seats for companies whose plan limits the
 * team (a person has no team, and an unlimited plan needs no extra seats: the API refuses them).
 */
export function addonOffers(
  state: BillingState,
  dictionary: PlansDictionary,
  ownerType: OwnerType,
): AddonOffer[] {
  const seats = ownerType === "company" && includedMembers(dictionary, state) !== null;
  return dictionary.addons
    .filter((addon) => addon.type !== "seats" || seats)
    .map((addon) => {
      const held = state.billing.addons.find((item) => item.type === addon.type);
      return {
        type: addon.type,
        periodCents: periodPrice(addon.monthlyCents, state.billing.period),
        perUnit: addon.perUnit,
        held: held?.quantity ?? 0,
        ending: held?.cancelAtPeriodEnd ?? false,
        next: held?.nextQuantity ?? null,
      };
    });
}

/** Add-ons and the badge are priced per month; on an annual plan they are billed 12 months at once. */
export function periodPrice(monthlyCents: number, period: BillingPeriod): number {
  return period === "annual" ? monthlyCents * 12 : monthlyCents;
}

/** The §4 label of an add-on's button for the quantity wanted (Add, Remove or Selected). */
export function addonLabel(type: AddonType, wanted: number, context: PlanCardContext): PlanActionLabel {
  return planActionLabel({ kind: "addon", type, quantity: wanted }, context);
}

/**
 * The call that takes an add-on from what is held to what is wanted: a first purchase is `add`,
 * nothing is `remove`, another quantity `update`; keeping one that is ending is `renew`. Null:
 * nothing to do.
 */
export function addonCall(offer: Pick<AddonOffer, "held" | "ending">, wanted: number): AddonCall | null {
  if (offer.held === 0) return wanted > 0 ? "add" : null;
  if (wanted === 0) return offer.ending ? null : "remove";
  if (wanted === offer.held) return offer.ending ? "renew" : null;
  return "update";
}

/** A change that is charged now (a purchase or more seats); the rest wait for the period's end. */
export function chargedNow(call: AddonCall, held: number, wanted: number): boolean {
  return call === "add" || (call === "update" && wanted > held);
}

/**
 * About what a purchase costs today: the units added, for the share of the period still to run
 * (whole days, as the provider prorates by time). Null when the period has no end (the free plan).
 */
export function proratedEstimate(
  periodCents: number,
  units: number,
  period: { start: string; end: string | null },
  now: number = Date.now(),
): number | null {
  if (!period.end || units <= 0) return null;
  const start = Date.parse(period.start);
  const end = Date.parse(period.end);
  const length = end - start;
  if (!(length > 0)) return null;
  const left = Math.min(Math.max(end - now, 0), length);
  return Math.round((periodCents * units * left) / length);
}

/** Extra seats held, or wanted by the stepper: never below zero, at most the API's 500. */
export function clampSeats(value: number): number {
  return Math.min(Math.max(Math.round(value), 0), 500);
}

/** Team members a company plan includes before extra seats, or null when unlimited or unknown. */
export function includedMembers(dictionary: PlansDictionary, state: BillingState): number | null {
  const plan = dictionary.plans.find(
    (item) => item.owner === "company" && item.tier === state.current.plan.slug,
  );
  const value = plan?.features["team.membersIncluded"];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
