"use client";

import { ONBOARDING_QUERY_PARAM } from "@vn/contract";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { isUnder, normalizePath, routes } from "@/lib/paths";
import { isActingAsCompany, useSession } from "@/lib/session";

/**
 * The guided onboarding tour (spec §1, §2 "Onboarding", §4 "Onboarding tour", §6; issue 18).
 *
 * It runs for an active person acting as themselves whose tour has steps left (the Session user's
 * hasUnfinishedOnboarding), on their own pages: started by ?media-onboarding=true (where the
 * onboarding redirect sends them) or by their home (where sign-in lands). Steps follow the
 * contract's order for the width (mobile ≤ 1023 px, desktop); a step whose target is on another
 * page goes there first (the tour paths: media → /{slug}/feed → /{slug}/connect, and on desktop
 * connections → /{slug}/media); a target not on the page at this width is passed over. Each step
 * is posted as passed without waiting (optimistic); closing or the last step posts finish, closes
 * the account menu it may have opened, and drops the query parameter. This component decides when
 * the tour runs; the walk is tour-walk.ts.
 */
export function OnboardingTour() {
  const { user, mutate } = useSession();
  const pathname = normalizePath(usePathname());
  const searchParams = useSearchParams();
  const router = useRouter();

  const slug = user?.slug ?? null;
  const eligible =
    user !== null && user.status.id === "active" && !isActingAsCompany(user) && user.hasUnfinishedOnboarding;
  const requested = searchParams.get(ONBOARDING_QUERY_PARAM) === "true";
  const onOwnPages = slug !== null && isUnder(pathname, routes.profile(slug));
  const onHome = slug !== null && pathname === routes.userHome(slug);
  const run = eligible && onOwnPages && (requested || onHome);

  useEffect(() => {
    if (!run || !slug) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    // The walk (steps, copy, driver) loads only now that a tour runs on this page.
    void import("./tour-walk").then(
      ({ startTour }) => {
        if (!cancelled) stop = startTour({ slug, pathname, router, mutate });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [run, slug, pathname, mutate, router]);

  return null;
}
