import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import type { Metadata } from "next";
import { Suspense } from "react";
import { ReviewQueueView } from "@/features/moderation-admin/ReviewQueueView";

export const metadata: Metadata = {
  title: moderationAdminMessages.reviewQueueTitle,
  robots: { index: false },
};

export default function AdminReportsPage() {
  // The view reads ?state=&page= (the tab and page), which needs a Suspense boundary.
  return (
    <Suspense>
      <ReviewQueueView />
    </Suspense>
  );
}
