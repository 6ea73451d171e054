"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { useVerificationState } from "@/features/verification/use-verification-state";
import { VerificationSummary } from "@/features/verification/VerificationSummary";

/** The settings' "Identity verification" card body: the §4 summary with the action that fits. */
export function VerificationSettings() {
  const { state, error, mutate } = useVerificationState(true);
  if (state) return <VerificationSummary state={state} />;
  if (error) {
    return (
      <div className="flex flex-col items-start gap-4">
        <Alert>{error instanceof Error ? error.message : commonMessages.somethingWentWrong}</Alert>
        <Button variant="secondary" onClick={() => void mutate()}>
          {commonMessages.tryAgain}
        </Button>
      </div>
    );
  }
  return (
    <div aria-busy="true">
      <span className="sr-only">{commonMessages.loading}</span>
      <Skeleton className="h-12 w-full" />
    </div>
  );
}
