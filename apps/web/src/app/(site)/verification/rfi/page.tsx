import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { Suspense } from "react";
import { RfiScreen } from "@/features/verification/RfiScreen";

export const metadata: Metadata = { title: messages.rfiTitle, robots: { index: false } };

/** /verification/rfi: the vendor asks for more documents. */
export default function RfiPage() {
  return (
    <Suspense fallback={null}>
      <RfiScreen />
    </Suspense>
  );
}
