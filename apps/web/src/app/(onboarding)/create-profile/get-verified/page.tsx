import { accountsMessages } from "@vn/contract/messages/accounts";
import type { Metadata } from "next";
import { VerifyStep } from "@/features/accounts/VerifyStep";

export const metadata: Metadata = { title: accountsMessages.verifyStepTitle, robots: { index: false } };

export default function Page() {
  return <VerifyStep />;
}
