import {
  annualPrice,
  entitlement,
  type Feature,
  FREE_TRIAL_DAYS,
  type OwnerType,
  type PlanPrice,
  plans,
  YEARLY_DISCOUNT,
} from "@vn/contract";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { cn } from "@/lib/cn";
import { routes } from "@/lib/paths";
import { formatCount, formatUsd } from "./format";

const tierNames: Record<PlanPrice["tier"], string> = {
  basic: "Basic",
  standard: "Standard",
  premium: "Premium",
  creator: "Creator",
  enterprise: "Enterprise",
};

const taglines: Record<OwnerType, Partial<Record<PlanPrice["tier"], string>>> = {
  user: {
    basic: "A verified profile, following and posting.",
    standard: "Messaging, scheduling and video for active members.",
    premium: "Analytics, priority search and a memorable handle.",
    creator: "Everything in Premium, plus monetization.",
  },
  company: {
    basic: "A verified company page for small teams.",
    standard: "Messaging, scheduling and media for growing teams.",
    premium: "Analytics, priority ranking and a large team.",
    enterprise: "Custom seats, onboarding and support.",
  },
};

/** The switches worth listing on a plan card, in the order they are listed. */
const listed: { feature: Feature; label: string }[] = [
  { feature: "messenger.use", label: "Direct messaging" },
  { feature: "content.schedule", label: "Scheduled publishing" },
  { feature: "content.createVideo", label: "Video and podcast publishing" },
  { feature: "analytics.view", label: "Profile and content analytics" },
  { feature: "search.priorityRanking", label: "Priority search ranking" },
  { feature: "badges.use", label: "Profile badges" },
  { feature: "monetization.use", label: "Monetization" },
];

function featuresOf(plan: PlanPrice): string[] {
  const out: string[] = [];
  const limit = entitlement(plan.owner, plan.tier, "post.characterLimit");
  if (typeof limit === "number") out.push(`Posts up to ${formatCount(limit)} characters`);
  if (plan.owner === "company") {
    const seats = entitlement(plan.owner, plan.tier, "team.membersIncluded");
    if (typeof seats === "number") {
      out.push(
        Number.isFinite(seats) ? `${formatCount(seats)} team members included` : "Unlimited team members",
      );
    }
  }
  for (const item of listed) {
    if (entitlement(plan.owner, plan.tier, item.feature) === true) out.push(item.label);
  }
  return out;
}

export interface PlanCardsProps {
  owner: OwnerType;
  /** The tier drawn as the recommended one. */
  highlight?: PlanPrice["tier"];
  headingLevel?: "h3" | "h2";
  /** Replaces each card's button (e.g. inside a flow where the plan is picked later). */
  renderAction?: (plan: PlanPrice) => ReactNode;
}

/** Plan prices and what each includes, straight from the contract's plan catalogue. */
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
              {featuresOf(plan).map((feature) => (
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
                  <Link href={routes.signUp}>
                    {plan.monthly === 0 ? "Get started" : `Start with ${tierNames[plan.tier]}`}
                  </Link>
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
