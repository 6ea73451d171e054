import { verificationMessages } from "@vn/contract/messages/verification";
import type { Metadata } from "next";
import { Suspense } from "react";
import { RfiScreen } from "@/features/verification/RfiScreen";

export const metadata: Metadata = { title: verificationMessages.rfiTitle, robots: { index: false } };

/** /verification/rfi: the vendor asks for more documents. */
export default function RfiPage() {
  return (
    <Suspense fallback={null}>
      <RfiScreen />
    </Suspense>
  );
}
