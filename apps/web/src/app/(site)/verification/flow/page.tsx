import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { FlowScreen } from "@/features/verification/FlowScreen";

export const metadata: Metadata = { title: verificationMessages.verificationTitle, robots: { index: false } };

/** /verification/flow: the country, then the vendor's capture page. */
export default function FlowPage() {
  return (
    <Suspense fallback={null}>
      <FlowScreen />
    </Suspense>
  );
}
