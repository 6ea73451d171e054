"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { decideAccess } from "@/lib/access-rules";
import { toAccessSession, useOnboardingSteps, useSession } from "@/lib/session";

/**
 * Applies the §2 access rules with the full session. The proxy (src/proxy.ts) has already sent
 * cookie-less visitors away from login-only routes; this catches what only the session knows:
 * an expired cookie, an unfinished profile, an unfinished onboarding tour.
 */
export function AccessGuard() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const router = useRouter();
  const { user, isLoading } = useSession();
  const { steps } = useOnboardingSteps(user);

  const search = searchParams.toString();
  useEffect(() => {
    if (isLoading) return;
    const target = decideAccess(pathname, toAccessSession(user, steps), search);
    if (target) router.replace(target);
  }, [pathname, search, user, steps, isLoading, router]);

  return null;
}
