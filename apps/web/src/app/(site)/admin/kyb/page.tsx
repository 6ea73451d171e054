import { adminMessages } from "@vn/contract/messages/admin";
import type { Metadata } from "next";
import { KybQueue } from "@/features/admin/KybQueue";
import { currentAdmin } from "@/features/admin/staff-session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: adminMessages.adminKybTitle, robots: { index: false } };

/** /admin/kyb: business verifications in manual review (issue 16); admins only. */
export default async function AdminKybPage() {
  await currentAdmin();
  return <KybQueue />;
}
