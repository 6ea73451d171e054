import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { FailureScreen } from "@/features/verification/FailureScreen";

export const metadata: Metadata = { title: verificationMessages.failureTitle, robots: { index: false } };

/** /verification/failure. */
export default function FailurePage() {
  return (
    <Suspense fallback={null}>
      <FailureScreen />
    </Suspense>
  );
}
