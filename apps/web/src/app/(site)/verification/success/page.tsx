import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { SuccessScreen } from "@/features/verification/SuccessScreen";

export const metadata: Metadata = { title: verificationMessages.successTitle, robots: { index: false } };

/** /verification/success. */
export default function SuccessPage() {
  return (
    <Suspense fallback={null}>
      <SuccessScreen />
    </Suspense>
  );
}
