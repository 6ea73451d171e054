import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { Suspense } from "react";
import { CompanyScreen } from "@/features/verification/CompanyScreen";

export const metadata: Metadata = { title: messages.companyVerificationTitle, robots: { index: false } };

/** /verification/company: the hand-over to company verification. */
export default function CompanyPage() {
  return (
    <Suspense fallback={null}>
      <CompanyScreen />
    </Suspense>
  );
}
