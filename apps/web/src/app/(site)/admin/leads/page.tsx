import { backofficeMessages } from "@vn/contract/messages/backoffice";
import type { Metadata } from "next";
import { LeadsView } from "@/features/backoffice/LeadsView";

export const metadata: Metadata = { title: backofficeMessages.adminLeadsTitle, robots: { index: false } };

export default function AdminLeadsPage() {
  return <LeadsView />;
}
