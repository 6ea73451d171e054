import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { VerificationHub } from "@/features/verification/VerificationHub";

export const metadata: Metadata = { title: verificationMessages.verificationTitle, robots: { index: false } };

/** /verification: where the person stands (§4 summary); moves on to the screen of the state. */
export default function VerificationPage() {
  return (
    <Suspense fallback={null}>
      <VerificationHub />
    </Suspense>
  );
}
