"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { verificationMessages } from "@vn/contract/messages/verification";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { ReasonNote } from "./ReasonNote";
import { StepCard } from "./StepCard";
import { VerificationStep } from "./VerificationStep";

/** /verification/failure: the vendor could not process the attempt; nothing is held against the person. */
export function FailureScreen() {
  return (
    <VerificationStep route="failure">
      {(state) => (
        <StepCard
          icon="alert"
          tone="warning"
          title={verificationMessages.failureTitle}
          text={verificationMessages.failureText}
          actions={
            state.canStart ? (
              <Button asChild size="lg">
                <Link href={routes.verificationStep("flow")}>{commonMessages.tryAgain}</Link>
              </Button>
            ) : null
          }
        >
          <ReasonNote reason={state.transaction?.reason} />
        </StepCard>
      )}
    </VerificationStep>
  );
}
