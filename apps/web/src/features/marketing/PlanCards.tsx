import {
  annualPrice,
  FREE_TRIAL_DAYS,
  type OwnerType,
  type PlanPrice,
  plans,
  YEARLY_DISCOUNT,
} from "@vn/contract";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { PlanCardLink } from "@/features/billing/PlanCardLink";
import { planFeatureList, taglines } from "@/features/billing/plan-features";
import { cn } from "@/lib/cn";
import { routes } from "@/lib/paths";
import { formatUsd } from "./format";

const tierNames: Record<PlanPrice["tier"], string> = {
  basic: "Basic",
  standard: "Standard",
  premium: "Premium",
  creator: "Creator",
  enterprise: "Enterprise",
};

export interface PlanCardsProps {
  owner: OwnerType;
  /** The tier drawn as the recommended one. */
  highlight?: PlanPrice["tier"];
  headingLevel?: "h3" | "h2";
  /** Replaces each card's button (e.g. inside a flow where the plan is picked later). */
  renderAction?: (plan: PlanPrice) => ReactNode;
}

/**
 * Plan prices and what each includes, straight from the contract's plan catalogue. Visitors' buttons
 * lead to sign-up; a signed-in person's to /settings/billing on that plan's checkout.
 */
export function PlanCards({ owner, highlight, headingLevel = "h3", renderAction }: PlanCardsProps) {
  const Heading = headingLevel;
  const list = plans.filter((plan) => plan.owner === owner);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {list.map((plan) => {
        const recommended = plan.tier === highlight;
        return (
          <li
            key={plan.tier}
            className={cn(
              "flex flex-col rounded-card bg-surface p-5 shadow-card",
              recommended && "ring-2 ring-brand",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <Heading className="text-lg font-semibold text-ink">{tierNames[plan.tier]}</Heading>
              {recommended ? <Badge tone="brand">Most popular</Badge> : null}
            </div>
            <p className="mt-1 min-h-10 text-sm text-ink-muted">{taglines[owner][plan.tier]}</p>
            <div className="mt-4">
              {plan.monthly === null ? (
                <p className="text-2xl font-semibold text-ink">Contact us</p>
              ) : plan.monthly === 0 ? (
                <p className="text-2xl font-semibold text-ink">Free</p>
              ) : (
                <>
                  <p className="text-ink">
                    <span className="text-2xl font-semibold">{formatUsd(plan.monthly)}</span>
                    <span className="text-sm text-ink-muted"> / month</span>
                  </p>
                  <p className="mt-0.5 text-xs text-ink-muted">
                    or {formatUsd(annualPrice(plan.monthly))} a year (save {Math.round(YEARLY_DISCOUNT * 100)}
                    %)
                  </p>
                </>
              )}
              <p className="mt-2 min-h-5 text-xs font-semibold">
                {plan.trial ? (
                  <span className="text-success">{FREE_TRIAL_DAYS}-day free trial</span>
                ) : plan.tier === "creator" ? (
                  <span className="text-warning">By application</span>
                ) : null}
              </p>
            </div>
            <ul className="mt-4 flex flex-1 flex-col gap-2 border-t border-line pt-4 text-sm text-ink">
              {planFeatureList(plan.owner, plan.tier).map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Icon name="check" size={18} className="mt-px shrink-0 text-success" />
                  {feature}
                </li>
              ))}
            </ul>
            {renderAction ? (
              renderAction(plan)
            ) : (
              <Button asChild variant={recommended ? "primary" : "secondary"} block className="mt-5">
                {plan.selfServe ? (
                  // Visitors join; signed-in people go to that plan's checkout on /settings/billing.
                  <PlanCardLink tier={plan.tier}>
                    {plan.monthly === 0 ? "Get started" : `Start with ${tierNames[plan.tier]}`}
                  </PlanCardLink>
                ) : plan.tier === "enterprise" ? (
                  <Link href={`${routes.companies}#enterprise`}>Contact sales</Link>
                ) : (
                  <Link href={`${routes.faq}#creator`}>How to apply</Link>
                )}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
