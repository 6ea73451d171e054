import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { FeedbackListView } from "@/features/backoffice/FeedbackListView";

export const metadata: Metadata = { title: messages.adminFeedbackTitle, robots: { index: false } };

export default function AdminFeedbackPage() {
  return <FeedbackListView />;
}
