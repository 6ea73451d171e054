import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { Suspense } from "react";
import { ProcessingScreen } from "@/features/verification/ProcessingScreen";

export const metadata: Metadata = { title: messages.processingTitle, robots: { index: false } };

/** /verification/processing: waiting for the vendor's decision. */
export default function ProcessingPage() {
  return (
    <Suspense fallback={null}>
      <ProcessingScreen />
    </Suspense>
  );
}
