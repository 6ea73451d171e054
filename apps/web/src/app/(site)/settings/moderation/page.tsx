import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { StrikesView } from "@/features/moderation/StrikesView";

export const metadata: Metadata = { title: messages.strikesTitle, robots: { index: false } };

export default function ModerationPage() {
  return <StrikesView />;
}
