"use client";

import { verificationMessages } from "@vn/contract/messages/verification";
import { Spinner } from "@/components/ui/Spinner";
import { StepCard } from "./StepCard";
import { VerificationStep } from "./VerificationStep";
import { VerificationSummary } from "./VerificationSummary";

/**
 * /verification: reads where the person stands, shows the §4 summary, and replaces the address
 * with the screen that shows the state (/verification/<state.screen>).
 */
export function VerificationHub() {
  return (
    <VerificationStep
      follow
      moving={(state) => (
        <StepCard icon="shield" title={verificationMessages.verificationTitle}>
          <VerificationSummary state={state} />
          <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
            <Spinner />
            {verificationMessages.verificationHubLoading}
          </p>
        </StepCard>
      )}
    >
      {() => null}
    </VerificationStep>
  );
}
