import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { Suspense } from "react";
import { SuccessScreen } from "@/features/verification/SuccessScreen";

export const metadata: Metadata = { title: messages.successTitle, robots: { index: false } };

/** /verification/success. */
export default function SuccessPage() {
  return (
    <Suspense fallback={null}>
      <SuccessScreen />
    </Suspense>
  );
}
