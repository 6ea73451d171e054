import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { CreateProfileIntro } from "@/features/accounts/CreateProfileIntro";

export const metadata: Metadata = { title: messages.createProfileHeadline, robots: { index: false } };

export default function Page() {
  return <CreateProfileIntro />;
}
