import { sharedMessages } from "@vn/contract/messages/shared";
import type { Metadata } from "next";
import { ViewersView } from "@/features/insights/ViewersView";

export const metadata: Metadata = { title: sharedMessages.viewersTitle, robots: { index: false } };

export default function ViewersPage() {
  return <ViewersView />;
}
