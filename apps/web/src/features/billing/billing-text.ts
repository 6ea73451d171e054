import {
  type BillingPeriod,
  format,
  formatCount,
  type PaymentOutcome,
  type PlanActionLabel,
  type PlanTier,
} from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { formatDollars, formatUtcDate } from "@vn/contract/messages/en-us";
import { sharedMessages } from "@vn/contract/messages/shared";

/**
 * The words of the billing screens: plan names, the §4 plan action labels and payment outcomes,
 * money from integer cents and dates. Pure, so the unit tests read exactly what people read.
 */

export const tierNames: Record<PlanTier, string> = {
  basic: billingMessages.planBasic,
  standard: billingMessages.planStandard,
  premium: billingMessages.planPremium,
  creator: billingMessages.planCreator,
  enterprise: billingMessages.planEnterprise,
};

const labelTexts: Record<PlanActionLabel, string> = {
  freeTrial: billingMessages.planActionFreeTrial,
  downgrade: billingMessages.planActionDowngrade,
  upgrade: billingMessages.planActionUpgrade,
  changePlan: billingMessages.planActionChangePlan,
  getStarted: billingMessages.planActionGetStarted,
  switchToMonthly: billingMessages.planActionSwitchToMonthly,
  switchToYearly: billingMessages.planActionSwitchToYearly,
  applicationPending: billingMessages.planActionApplicationPending,
  myPlan: billingMessages.planActionMyPlan,
  comingSoon: billingMessages.planActionComingSoon,
  downgradeToFree: billingMessages.planActionDowngradeToFree,
  cancelDowngrade: billingMessages.planActionCancelDowngrade,
  upgradeAddon: billingMessages.planActionUpgradeAddon,
  downgradeAddon: billingMessages.planActionDowngradeAddon,
  apply: billingMessages.planActionApply,
  contactUs: billingMessages.planActionContactUs,
  pendingVerification: billingMessages.planActionPendingVerification,
  select: billingMessages.planActionSelect,
  selected: billingMessages.planActionSelected,
  cancelSubscription: billingMessages.planActionCancelSubscription,
};

/** The button text of a §4 plan action label. */
export function labelText(label: PlanActionLabel): string {
  return labelTexts[label];
}

/** "$9.99", "-$3.20", "$0.00": money is integer cents everywhere (issue 13). */
export function formatCents(amount: number): string {
  return formatDollars(amount / 100);
}

/** "$99" for whole dollars, "$9.99" otherwise: prices on plan cards. */
export function formatPrice(amount: number): string {
  return formatDollars(amount / 100, { wholeDollars: amount % 100 === 0 });
}

/** "Mar 5, 2026" (UTC, as periods are counted, so server and browser agree). */
export function formatDate(iso: string): string {
  return formatUtcDate(new Date(iso));
}

export function periodWord(period: BillingPeriod): string {
  return period === "annual" ? billingMessages.checkoutPeriodAnnual : billingMessages.checkoutPeriodMonthly;
}

/** "/ month" or "/ year". */
export function perPeriod(period: BillingPeriod): string {
  return period === "annual" ? billingMessages.billingPerYear : billingMessages.billingPerMonth;
}

export interface OutcomeFacts {
  plan: PlanTier;
  /** When a change at the period's end takes effect (ISO); outcomes that need it say so. */
  at?: string | null;
}

/** The sentence that tells the owner what a §4 payment outcome did. */
export function outcomeText(outcome: PaymentOutcome, facts: OutcomeFacts): string {
  const values = { plan: tierNames[facts.plan], date: facts.at ? formatDate(facts.at) : "" };
  const templates: Record<PaymentOutcome, string> = {
    created: billingMessages.outcomeCreated,
    upgraded: billingMessages.outcomeUpgraded,
    downgraded: billingMessages.outcomeDowngraded,
    addon_activated: billingMessages.outcomeAddonActivated,
    desired_subscription_activated: billingMessages.outcomeDesiredSubscriptionActivated,
    badge_activated: billingMessages.outcomeBadgeActivated,
    delayed_downgrade: billingMessages.outcomeDelayedDowngrade,
    downgrade_to_cancel: billingMessages.outcomeDowngradeToCancel,
    delayed_downgrade_to_month: billingMessages.outcomeDelayedDowngradeToMonth,
    delayed_upgrade_to_month: billingMessages.outcomeDelayedUpgradeToMonth,
    renewed: billingMessages.outcomeRenewed,
    failed: billingMessages.outcomeFailed,
    trial_failed: billingMessages.outcomeTrialFailed,
  };
  return format(templates[outcome], values);
}

/** Outcomes that are bad news (shown in the error tone). */
export function isFailureOutcome(outcome: PaymentOutcome): boolean {
  return outcome === "failed" || outcome === "trial_failed";
}

/** Why the sandbox (or Stripe) refused a card, in words: Stripe's decline codes. */
export function declineMessage(code: string | null | undefined): string {
  switch (code) {
    case "incorrect_number":
    case "invalid_number":
      return sharedMessages.cardNumberInvalid;
    case "expired_card":
      return billingMessages.cardExpired;
    case "incorrect_cvc":
    case "invalid_cvc":
      return sharedMessages.cardCvcInvalid;
    // A declined card is the §8 payment failure message, at setup as at a charge.
    default:
      return billingMessages.paymentFailed;
  }
}

export function trialDaysLeftText(days: number): string {
  return formatCount(days, {
    one: billingMessages.billingTrialDayLeft,
    other: billingMessages.billingTrialDaysLeft,
  });
}

/** The card form's expiry "MM/YY" (or "MM / YYYY") as numbers, or null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? "";
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed (at most 19 digits). */
export function groupCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "0" → "0", "12" → "12/", "1228" → "12/28": the expiry as it is typed. */
export function typedExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  // Deleting the slash deletes the month's last digit too, as people expect.
  if (value.length < previous.length && previous.endsWith("/") && !value.includes("/")) {
    return digits.slice(0, 1);
  }
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2) return `${digits}/`;
  return digits;
}

/** "visa" → "Visa", "mastercard" → "Mastercard", "amex" → "American Express" (as the provider names them). */
export function brandName(brand: string): string {
  const known: Record<string, string> = {
    amex: "American Express",
    diners: "Diners Club",
    jcb: "JCB",
    unionpay: "UnionPay",
  };
  return known[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
