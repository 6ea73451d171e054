import { sharedMessages } from "@vn/contract/messages/shared";
import type { Metadata } from "next";
import { StrikesView } from "@/features/moderation/StrikesView";

export const metadata: Metadata = { title: sharedMessages.strikesTitle, robots: { index: false } };

export default function ModerationPage() {
  return <StrikesView />;
}
