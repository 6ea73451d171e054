import { sharedMessages } from "@vn/contract/messages/shared";
import type { Metadata } from "next";
import { Suspense } from "react";
import { KybScreen } from "@/features/kyb/KybScreen";

export const metadata: Metadata = {
  title: sharedMessages.companyVerificationTitle,
  robots: { index: false },
};

/**
 * /verification/company: the acting company's business verification (KYB), or, for anyone not
 * acting as a company they may verify, the hand-over to their companies.
 */
export default function CompanyPage() {
  return (
    <Suspense fallback={null}>
      <KybScreen />
    </Suspense>
  );
}
