import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import type { Metadata } from "next";
import { SubjectView } from "@/features/moderation-admin/SubjectView";

export const metadata: Metadata = {
  title: moderationAdminMessages.reviewQueueTitle,
  robots: { index: false },
};

export default async function AdminReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SubjectView id={id} />;
}
