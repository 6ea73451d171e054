import { accountsMessages } from "@vn/contract/messages/accounts";
import type { Metadata } from "next";
import { ProfileStep } from "@/features/accounts/ProfileStep";

export const metadata: Metadata = { title: accountsMessages.profileFormTitle, robots: { index: false } };

export default function Page() {
  return <ProfileStep />;
}
