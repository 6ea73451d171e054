"use client";

import {
  type BillingPeriod,
  type CatalogPlan,
  format,
  type PlanActionLabel,
  type PlanCardContext,
  planActionLabel,
} from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { EnterpriseEnquiryButton } from "@/features/leads/EnterpriseEnquiryButton";
import { cn } from "@/lib/cn";
import { actionOfLabel } from "./billing-rules";
import { formatPrice, labelText, tierNames } from "./billing-text";
import { planFeatureList, taglines } from "./plan-features";

export interface BillingPlanCardsProps {
  plans: CatalogPlan[];
  period: BillingPeriod;
  context: PlanCardContext;
  trialDays: number;
  /** A card's button was pressed (labels whose action is not a link or nothing). */
  onAction: (label: PlanActionLabel, plan: CatalogPlan) => void;
  /** While a change is being sent, every card's button waits. */
  busy: boolean;
  /** A line under a card's button (the creator application's state). */
  notes?: Partial<Record<CatalogPlan["tier"], string>>;
}

function Price({ plan, period }: { plan: CatalogPlan; period: BillingPeriod }) {
  const amount = period === "annual" ? plan.annualCents : plan.monthlyCents;
  if (amount === null)
    return <p className="text-2xl font-semibold text-ink">{billingMessages.billingContactPrice}</p>;
  if (amount === 0) return <p className="text-2xl font-semibold text-ink">{billingMessages.billingFree}</p>;
  return (
    <>
      <p className="text-ink">
        <span className="text-2xl font-semibold">{formatPrice(amount)}</span>
        <span className="text-sm text-ink-muted">
          {" "}
          {period === "annual" ? billingMessages.billingPerYear : billingMessages.billingPerMonth}
        </span>
      </p>
      {period === "annual" ? (
        <p className="mt-0.5 text-xs text-ink-muted">
          {format(billingMessages.billingAnnualMonthlyEquivalent, {
            price: formatPrice(Math.round(amount / 12)),
          })}
        </p>
      ) : null}
    </>
  );
}

function CardButton({
  label,
  plan,
  onAction,
  busy,
}: {
  label: PlanActionLabel;
  plan: CatalogPlan;
  onAction: BillingPlanCardsProps["onAction"];
  busy: boolean;
}) {
  const action = actionOfLabel(label);
  const text = labelText(label);
  const name = `${text}: ${tierNames[plan.tier]}`;
  if (action.kind === "contact") {
    return (
      <EnterpriseEnquiryButton variant="secondary" block aria-label={name}>
        {text}
      </EnterpriseEnquiryButton>
    );
  }
  if (action.kind === "none") {
    return (
      <Button variant="secondary" block disabled aria-label={name}>
        {text}
      </Button>
    );
  }
  const primary = action.kind === "checkout" && action.direction === "up";
  return (
    <Button
      variant={primary ? "primary" : "secondary"}
      block
      disabled={busy}
      aria-label={name}
      onClick={() => onAction(label, plan)}
    >
      {text}
    </Button>
  );
}

/**
 * The plan cards of the acting owner type on /settings/billing: price for the period shown, what
 * each includes, and the button the contract's planActionLabel names (§4).
 */
export function BillingPlanCards({
  plans,
  period,
  context,
  trialDays,
  onAction,
  busy,
  notes,
}: BillingPlanCardsProps) {
  const owner = context.viewer.ownerType;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {plans.map((plan) => {
        const label = planActionLabel({ kind: "plan", owner, tier: plan.tier, period }, context);
        const current = context.holding?.tier === plan.tier;
        return (
          <li
            key={plan.tier}
            className={cn(
              "flex flex-col rounded-card bg-surface p-5 shadow-card",
              current && "ring-2 ring-brand",
            )}
            data-testid={`plan-card-${plan.tier}`}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-lg font-semibold text-ink">{tierNames[plan.tier]}</h3>
              {current ? <Badge tone="brand">{billingMessages.billingYourPlanBadge}</Badge> : null}
            </div>
            <p className="mt-1 text-sm text-ink-muted">{taglines[owner][plan.tier]}</p>
            <div className="mt-4">
              <Price plan={plan} period={period} />
              <p className="mt-2 min-h-5 text-xs font-semibold">
                {plan.trial && context.viewer.canUseTrial ? (
                  <span className="text-success">
                    {format(billingMessages.billingTrialBadge, { days: trialDays })}
                  </span>
                ) : null}
              </p>
            </div>
            <ul className="mt-3 flex flex-1 flex-col gap-2 border-t border-line pt-4 text-sm text-ink">
              {planFeatureList(owner, plan.tier).map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Icon name="check" size={18} className="mt-px shrink-0 text-success" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="mt-5 flex flex-col gap-2">
              <CardButton label={label} plan={plan} onAction={onAction} busy={busy} />
              {notes?.[plan.tier] ? <p className="text-xs text-ink-muted">{notes[plan.tier]}</p> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
