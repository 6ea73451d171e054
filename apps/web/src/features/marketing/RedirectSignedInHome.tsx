"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { decideAccess } from "@/lib/access-rules";
import { routes } from "@/lib/paths";
import { toAccessSession, useOnboardingSteps, useSession } from "@/lib/session";

/** The landing page is for visitors; a signed-in member goes to their home feed (spec §2 home
 * route), unless an access rule (unfinished profile, onboarding) already sends them elsewhere. */
export function RedirectSignedInHome() {
  const router = useRouter();
  const { user } = useSession();
  const { steps, isLoading } = useOnboardingSteps(user);
  useEffect(() => {
    if (user?.status.id !== "active" || isLoading) return;
    if (decideAccess(routes.home, toAccessSession(user, steps)) !== null) return;
    router.replace(routes.userHome(user.slug));
  }, [user, steps, isLoading, router]);
  return null;
}
