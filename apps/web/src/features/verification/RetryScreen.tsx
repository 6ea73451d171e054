"use client";

import { format } from "@vn/contract";
import { verificationMessages } from "@vn/contract/messages/verification";
import { ReasonNote } from "./ReasonNote";
import { StartForm } from "./StartForm";
import { StepCard } from "./StepCard";
import { VerificationStep } from "./VerificationStep";

/** /verification/retry: what went wrong, the attempts left, then a new attempt (the same start call). */
export function RetryScreen() {
  return (
    <VerificationStep route="retry">
      {(state) => (
        <StepCard
          icon="shield"
          title={verificationMessages.retryTitle}
          text={format(verificationMessages.retryText, { count: state.retriesLeft })}
        >
          <ReasonNote reason={state.transaction?.reason} />
          <StartForm submitLabel={verificationMessages.retryAction} />
        </StepCard>
      )}
    </VerificationStep>
  );
}
