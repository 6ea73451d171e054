"use client";

import { verificationMessages } from "@vn/contract/messages/verification";
import { Button } from "@/components/ui/Button";
import { StartForm } from "./StartForm";
import { StepCard } from "./StepCard";
import { VerificationStep } from "./VerificationStep";

/**
 * /verification/flow: the country, then the vendor's capture page. A capture opened and not sent
 * yet is offered again (its hosted page) rather than a second start.
 */
export function FlowScreen() {
  return (
    <VerificationStep route="flow">
      {(state) => {
        const transaction = state.transaction;
        const openCapture = transaction?.stage === "capture" ? transaction.captureUrl : null;
        return (
          <StepCard
            icon="shield"
            title={verificationMessages.verificationTitle}
            text={verificationMessages.verificationIntro}
          >
            {openCapture ? (
              <Button
                asChild
                size="lg"
                variant={state.canStart ? "secondary" : "primary"}
                className="self-start"
              >
                <a href={openCapture}>{verificationMessages.verificationContinueCapture}</a>
              </Button>
            ) : null}
            {state.canStart ? <StartForm /> : null}
          </StepCard>
        );
      }}
    </VerificationStep>
  );
}
