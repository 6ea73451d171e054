"use client";

import { messages } from "@vn/contract";
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
        <Alert>{error instanceof Error ? error.message : messages.somethingWentWrong}</Alert>
        <Button variant="secondary" onClick={() => void mutate()}>
          {messages.tryAgain}
        </Button>
      </div>
    );
  }
  return (
    <div aria-busy="true">
      <span className="sr-only">{messages.loading}</span>
      <Skeleton className="h-12 w-full" />
    </div>
  );
}
