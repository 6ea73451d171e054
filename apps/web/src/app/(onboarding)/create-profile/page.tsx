import { accountsMessages } from "@vn/contract/messages/accounts";
import type { Metadata } from "next";
import { CreateProfileIntro } from "@/features/accounts/CreateProfileIntro";

export const metadata: Metadata = { title: accountsMessages.createProfileHeadline, robots: { index: false } };

export default function Page() {
  return <CreateProfileIntro />;
}
