import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { SubjectView } from "@/features/moderation-admin/SubjectView";

export const metadata: Metadata = { title: messages.reviewQueueTitle, robots: { index: false } };

export default async function AdminReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SubjectView id={id} />;
}
