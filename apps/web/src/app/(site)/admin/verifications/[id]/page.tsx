import { adminMessages } from "@vn/contract/messages/admin";
import type { Metadata } from "next";
import { currentStaff } from "@/features/admin/staff-session";
import { VerificationDetail } from "@/features/admin/VerificationDetail";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: adminMessages.adminVerificationsTitle, robots: { index: false } };

/** /admin/verifications/{id}: one manual review or appeal, and its decision (issue 16). */
export default async function AdminVerificationPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ role }, { id }] = await Promise.all([currentStaff(), params]);
  return <VerificationDetail id={id} role={role} />;
}
