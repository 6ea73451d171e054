import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { AppealsView } from "@/features/moderation-admin/AppealsView";

export const metadata: Metadata = { title: messages.reviewAppealsTitle, robots: { index: false } };

export default function AdminAppealsPage() {
  return <AppealsView />;
}
