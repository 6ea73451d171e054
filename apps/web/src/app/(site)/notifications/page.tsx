import { commonMessages } from "@vn/contract/messages/common";
import type { Metadata } from "next";
import { NotificationsView } from "@/features/notifications/NotificationsView";

export const metadata: Metadata = { title: commonMessages.notificationsHeading, robots: { index: false } };

export default function NotificationsPage() {
  return <NotificationsView />;
}
