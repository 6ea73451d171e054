import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { ViewersView } from "@/features/insights/ViewersView";

export const metadata: Metadata = { title: messages.viewersTitle, robots: { index: false } };

export default function ViewersPage() {
  return <ViewersView />;
}
