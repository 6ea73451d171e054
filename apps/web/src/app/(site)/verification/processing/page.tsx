import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { ProcessingScreen } from "@/features/verification/ProcessingScreen";

export const metadata: Metadata = { title: verificationMessages.processingTitle, robots: { index: false } };

/** /verification/processing: waiting for the vendor's decision. */
export default function ProcessingPage() {
  return (
    <Suspense fallback={null}>
      <ProcessingScreen />
    </Suspense>
  );
}
