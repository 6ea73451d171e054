"use client";

import {
  type BillingPeriod,
  FREE_TRIAL_DAYS,
  format,
  type OwnerType,
  type PlansDictionary,
  type PlanTier,
} from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { formatCents, perPeriod, tierNames } from "./billing-text";
import { useDesiredTrial, usePromotionInvite } from "./use-billing";

export interface DesiredTrialOfferProps {
  dictionary: PlansDictionary | null;
  ownerType: OwnerType;
  busy: boolean;
  /** Open that plan's checkout with its trial. */
  onStart: (plan: { tier: PlanTier; period: BillingPeriod }) => void;
}

/**
 * "You chose Premium: start your free trial": the plan a person wished for before verification
 * (kept by the desired-trial call when they pressed "Verify to upgrade"), offered once they are
 * verified and while the API says the offer may show (a trial unused, no paid plan).
 */
export function DesiredTrialOffer({ dictionary, ownerType, busy, onStart }: DesiredTrialOfferProps) {
  const { desired, canShow } = useDesiredTrial(true);
  const { promotion } = usePromotionInvite(canShow && desired !== null);
  if (!desired || !canShow) return null;
  const plan = dictionary?.plans.find((item) => item.owner === ownerType && item.tier === desired.plan);
  const price = plan ? (desired.period === "annual" ? plan.annualCents : plan.monthlyCents) : null;
  const days = promotion?.available ? promotion.trialDays : (dictionary?.trialDays ?? FREE_TRIAL_DAYS);
  const name = tierNames[desired.plan];
  return (
    <section
      aria-labelledby="desired-trial-title"
      className="flex flex-col gap-4 rounded-card bg-brand-soft p-5 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-6"
      data-testid="desired-trial"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon name="sparkle" size={24} className="mt-0.5 shrink-0 text-brand-strong" />
        <div className="flex flex-col gap-1">
          <h2 id="desired-trial-title" className="text-lg font-semibold text-brand-strong">
            {format(billingMessages.desiredTrialTitle, { plan: name })}
          </h2>
          {price !== null ? (
            <p className="text-sm text-ink">
              {format(billingMessages.desiredTrialText, {
                days,
                price: formatCents(price),
                per: perPeriod(desired.period),
              })}
            </p>
          ) : null}
        </div>
      </div>
      <Button
        className="shrink-0"
        disabled={busy}
        onClick={() => onStart({ tier: desired.plan, period: desired.period })}
      >
        {billingMessages.planActionFreeTrial}
      </Button>
    </section>
  );
}
