import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { ProfileStep } from "@/features/accounts/ProfileStep";

export const metadata: Metadata = { title: messages.profileFormTitle, robots: { index: false } };

export default function Page() {
  return <ProfileStep />;
}
