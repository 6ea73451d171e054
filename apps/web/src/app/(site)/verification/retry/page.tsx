import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { RetryScreen } from "@/features/verification/RetryScreen";

export const metadata: Metadata = { title: verificationMessages.retryTitle, robots: { index: false } };

/** /verification/retry: a new attempt after a fixable rejection. */
export default function RetryPage() {
  return (
    <Suspense fallback={null}>
      <RetryScreen />
    </Suspense>
  );
}
