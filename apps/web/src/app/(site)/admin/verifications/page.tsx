import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { currentStaff } from "@/features/admin/staff-session";
import { VerificationQueue } from "@/features/admin/VerificationQueue";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: messages.adminVerificationsTitle, robots: { index: false } };

/** /admin/verifications: identity verifications waiting for staff (issue 16). */
export default async function AdminVerificationsPage() {
  const { role } = await currentStaff();
  return <VerificationQueue role={role} />;
}
