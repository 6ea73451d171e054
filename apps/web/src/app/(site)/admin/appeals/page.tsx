import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import type { Metadata } from "next";
import { AppealsView } from "@/features/moderation-admin/AppealsView";

export const metadata: Metadata = {
  title: moderationAdminMessages.reviewAppealsTitle,
  robots: { index: false },
};

export default function AdminAppealsPage() {
  return <AppealsView />;
}
