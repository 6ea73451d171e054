"use client";

import type { BillingPeriod, PlanTier } from "@vn/contract";
import type { ComponentProps, ReactNode } from "react";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { billingCheckoutPath } from "./billing-rules";

export interface PlanCardLinkProps extends Omit<ComponentProps<"a">, "href"> {
  tier: PlanTier;
  period?: BillingPeriod;
  children: ReactNode;
}

/**
 * A marketing plan card's link: visitors go to sign-up; a signed-in person to /settings/billing
 * opened on that plan's checkout.
 */
export function PlanCardLink({ tier, period = "monthly", children, ...rest }: PlanCardLinkProps) {
  const { user } = useSession();
  return (
    <Link href={user ? billingCheckoutPath(tier, period) : routes.signUp} {...rest}>
      {children}
    </Link>
  );
}
