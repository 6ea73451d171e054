import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { VerifyStep } from "@/features/accounts/VerifyStep";

export const metadata: Metadata = { title: messages.verifyStepTitle, robots: { index: false } };

export default function Page() {
  return <VerifyStep />;
}
