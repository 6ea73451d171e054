import { adminMessages } from "@vn/contract/messages/admin";
import type { Metadata } from "next";
import { currentStaff } from "@/features/admin/staff-session";
import { VerificationQueue } from "@/features/admin/VerificationQueue";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: adminMessages.adminVerificationsTitle, robots: { index: false } };

/** /admin/verifications: identity verifications waiting for staff (issue 16). */
export default async function AdminVerificationsPage() {
  const { role } = await currentStaff();
  return <VerificationQueue role={role} />;
}
