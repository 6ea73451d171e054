import { backofficeMessages } from "@vn/contract/messages/backoffice";
import type { Metadata } from "next";
import { currentAdmin } from "@/features/admin/staff-session";
import { AuditView } from "@/features/backoffice/AuditView";

export const metadata: Metadata = { title: backofficeMessages.adminAuditTitle, robots: { index: false } };

/** Admins only (the API's row says so too): a moderator finds no page here. */
export default async function AdminAuditPage() {
  await currentAdmin();
  return <AuditView />;
}
