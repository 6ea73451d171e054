import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { LeadsView } from "@/features/backoffice/LeadsView";

export const metadata: Metadata = { title: messages.adminLeadsTitle, robots: { index: false } };

export default function AdminLeadsPage() {
  return <LeadsView />;
}
