import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { Suspense } from "react";
import { FailureScreen } from "@/features/verification/FailureScreen";

export const metadata: Metadata = { title: messages.failureTitle, robots: { index: false } };

/** /verification/failure. */
export default function FailurePage() {
  return (
    <Suspense fallback={null}>
      <FailureScreen />
    </Suspense>
  );
}
