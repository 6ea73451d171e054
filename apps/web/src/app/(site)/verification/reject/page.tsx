import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { RejectScreen } from "@/features/verification/RejectScreen";

export const metadata: Metadata = { title: verificationMessages.rejectTitle, robots: { index: false } };

/** /verification/reject: the reason, fixable or final. */
export default function RejectPage() {
  return (
    <Suspense fallback={null}>
      <RejectScreen />
    </Suspense>
  );
}
