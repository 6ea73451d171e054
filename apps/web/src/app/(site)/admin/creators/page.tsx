import { adminMessages } from "@vn/contract/messages/admin";
import type { Metadata } from "next";
import { CreatorQueue } from "@/features/admin/CreatorQueue";
import { currentAdmin } from "@/features/admin/staff-session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: adminMessages.adminCreatorsTitle, robots: { index: false } };

/** /admin/creators: creator applications and their appeals (issue 16); admins only. */
export default async function AdminCreatorsPage() {
  await currentAdmin();
  return <CreatorQueue />;
}
