import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { AppealScreen } from "@/features/verification/AppealScreen";

export const metadata: Metadata = { title: verificationMessages.appealTitle, robots: { index: false } };

/** /verification/appeal: one appeal per final rejection. */
export default function AppealPage() {
  return (
    <Suspense fallback={null}>
      <AppealScreen />
    </Suspense>
  );
}
