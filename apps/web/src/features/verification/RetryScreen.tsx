"use client";

import { format, messages } from "@vn/contract";
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
          title={messages.retryTitle}
          text={format(messages.retryText, { count: state.retriesLeft })}
        >
          <ReasonNote reason={state.transaction?.reason} />
          <StartForm submitLabel={messages.retryAction} />
        </StepCard>
      )}
    </VerificationStep>
  );
}
