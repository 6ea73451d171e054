"use client";

import { messages } from "@vn/contract";
import Link from "next/link";
import { Button } from "@/components/ui/Button";
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
          title={messages.failureTitle}
          text={messages.failureText}
          actions={
            state.canStart ? (
              <Button asChild size="lg">
                <Link href={routes.verificationStep("flow")}>{messages.tryAgain}</Link>
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
