import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { Suspense } from "react";
import { FlowScreen } from "@/features/verification/FlowScreen";

export const metadata: Metadata = { title: messages.verificationTitle, robots: { index: false } };

/** /verification/flow: the country, then the vendor's capture page. */
export default function FlowPage() {
  return (
    <Suspense fallback={null}>
      <FlowScreen />
    </Suspense>
  );
}
