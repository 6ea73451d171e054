"use client";

import { format } from "@vn/contract";
import { verificationMessages } from "@vn/contract/messages/verification";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { ReasonNote } from "./ReasonNote";
import { StepCard } from "./StepCard";
import { VerificationStep } from "./VerificationStep";

/**
 * /verification/reject: the reason, and what comes next. A fixable reason with attempts left
 * leads to a retry; a final one to the appeal (once), or to the appeal already made.
 */
export function RejectScreen() {
  return (
    <VerificationStep route="reject">
      {(state) => {
        const reason = state.transaction?.reason ?? null;
        const fixable = Boolean(reason?.fixable) && state.canStart;
        return (
          <StepCard
            icon="alert"
            tone="danger"
            title={verificationMessages.rejectTitle}
            actions={
              fixable ? (
                <Button asChild size="lg">
                  <Link href={routes.verificationStep("retry")}>{verificationMessages.retryAction}</Link>
                </Button>
              ) : state.canAppeal || state.appeal ? (
                <Button asChild size="lg" variant={state.canAppeal ? "primary" : "secondary"}>
                  <Link href={routes.verificationStep("appeal")}>{verificationMessages.appealTitle}</Link>
                </Button>
              ) : null
            }
          >
            <ReasonNote reason={reason} />
            {fixable ? (
              <Alert tone="info">
                {format(verificationMessages.rejectFixable, { count: state.retriesLeft })}
              </Alert>
            ) : state.appeal?.status === "pending" ? (
              <Alert tone="info">{verificationMessages.appealPending}</Alert>
            ) : state.appeal?.status === "rejected" ? (
              <Alert tone="info">{verificationMessages.appealRejected}</Alert>
            ) : (
              <Alert tone="info">{verificationMessages.rejectFinal}</Alert>
            )}
          </StepCard>
        );
      }}
    </VerificationStep>
  );
}
