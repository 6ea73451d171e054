import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { NotificationsView } from "@/features/notifications/NotificationsView";

export const metadata: Metadata = { title: messages.notificationsHeading, robots: { index: false } };

export default function NotificationsPage() {
  return <NotificationsView />;
}
