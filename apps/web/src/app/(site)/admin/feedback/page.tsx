import { backofficeMessages } from "@vn/contract/messages/backoffice";
import type { Metadata } from "next";
import { FeedbackListView } from "@/features/backoffice/FeedbackListView";

export const metadata: Metadata = { title: backofficeMessages.adminFeedbackTitle, robots: { index: false } };

export default function AdminFeedbackPage() {
  return <FeedbackListView />;
}
