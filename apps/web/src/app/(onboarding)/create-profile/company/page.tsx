import { accountsMessages } from "@vn/contract/messages/accounts";
import type { Metadata } from "next";
import { CompanyStep } from "@/features/accounts/CompanyStep";

export const metadata: Metadata = { title: accountsMessages.companyStepTitle, robots: { index: false } };

export default function Page() {
  return <CompanyStep />;
}
