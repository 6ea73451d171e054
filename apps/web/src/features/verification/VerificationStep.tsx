"use client";

import type { VerificationState } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { verificationMessages } from "@vn/contract/messages/verification";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type ReactNode, useEffect } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { type SessionUser, useSession } from "@/lib/session";
import { StepCard, StepSkeleton } from "./StepCard";
import { useVerificationState } from "./use-verification-state";
import { screenFits, type VerificationRoute } from "./verification-rules";

export interface VerificationStepProps {
  /** The screen this is; none for the hub (/verification), which always moves on to the state's. */
  route?: VerificationRoute;
  /** Go to the state's own screen by itself instead of offering it (the hub, processing). */
  follow?: boolean;
  /** What shows while following (default: a placeholder). */
  moving?: (state: VerificationState) => ReactNode;
  /** Re-read the state this often (ms). */
  refreshInterval?: number;
  children: (state: VerificationState, user: SessionUser) => ReactNode;
}

/**
 * Every /verification screen protects itself: a visitor goes to sign-in (and comes back), and a
 * state another screen shows is offered there (or followed, with `follow`). The screen itself
 * renders only the state it is for.
 */
export function VerificationStep({
  route,
  follow = false,
  moving,
  refreshInterval,
  children,
}: VerificationStepProps) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const session = useSession();
  const signedIn = session.user !== null;
  const { state, error, mutate } = useVerificationState(signedIn, refreshInterval);
  const fits = state ? route !== undefined && screenFits(route, state) : true;
  const elsewhere = state && !fits ? routes.verificationStep(state.screen) : null;

  useEffect(() => {
    if (session.isLoading || signedIn) return;
    router.replace(routes.loginThenBack(`${pathname}${search ? `?${search}` : ""}`));
  }, [session.isLoading, signedIn, router, pathname, search]);

  useEffect(() => {
    if (follow && elsewhere) router.replace(elsewhere);
  }, [follow, elsewhere, router]);

  // The session user carries the status the banner and the gates read: when the state has moved
  // on (a decision arrived), the session is read again.
  const stateStatus = state?.status;
  const sessionStatus = session.user?.authBy.verificationStatus;
  const reloadSession = session.mutate;
  useEffect(() => {
    if (stateStatus && sessionStatus && stateStatus !== sessionStatus) void reloadSession();
  }, [stateStatus, sessionStatus, reloadSession]);

  if (!session.user || (!state && !error)) return <StepSkeleton label={commonMessages.loading} />;
  if (!state) {
    return (
      <StepCard icon="alert" tone="danger" title={verificationMessages.verificationTitle}>
        <Alert>{error instanceof Error ? error.message : commonMessages.somethingWentWrong}</Alert>
        <Button variant="secondary" className="self-start" onClick={() => void mutate()}>
          {commonMessages.tryAgain}
        </Button>
      </StepCard>
    );
  }
  if (elsewhere) {
    if (follow)
      return moving ? moving(state) : <StepSkeleton label={verificationMessages.verificationHubLoading} />;
    return (
      <StepCard
        icon="shield"
        title={verificationMessages.verificationElsewhereTitle}
        text={verificationMessages.verificationElsewhereText}
        actions={
          <Button asChild size="lg">
            <Link href={elsewhere}>{verificationMessages.verificationElsewhereAction}</Link>
          </Button>
        }
      />
    );
  }
  return children(state, session.user);
}
