import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { CompanyStep } from "@/features/accounts/CompanyStep";

export const metadata: Metadata = { title: messages.companyStepTitle, robots: { index: false } };

export default function Page() {
  return <CompanyStep />;
}
