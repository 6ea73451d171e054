import { serverMessages } from "@vn/contract/messages/server";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AdminNav } from "@/features/admin/AdminNav";
import { sectionsFor } from "@/features/admin/sections";
import { currentStaff } from "@/features/admin/staff-session";

// Per staff member and always fresh: never cached, never indexed.
export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: { template: `%s · ${serverMessages.adminTitle}`, default: serverMessages.adminTitle },
  robots: { index: false, follow: false },
};

/**
 * The back-office (issue 16): staff only. Everyone else gets the app's 404 (currentStaff), so the
 * back-office is invisible rather than forbidden. Staff see the sections their role may use.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const { role } = await currentStaff();
  const sections = sectionsFor(role).map(({ href, label }) => ({ href, label }));
  return (
    <div className="mx-auto grid w-full max-w-[1128px] gap-6 px-4 py-6 sm:py-8 md:grid-cols-[220px_minmax(0,1fr)] lg:gap-8">
      <div className="min-w-0 md:sticky md:top-24 md:self-start">
        <p className="text-[1.75rem] leading-tight font-semibold text-ink">{serverMessages.adminTitle}</p>
        <p className="mt-1 text-sm text-ink-muted">
          {role === "admin" ? serverMessages.adminRoleAdmin : serverMessages.adminRoleModerator}
        </p>
        <AdminNav sections={sections} />
      </div>
      <div className="flex min-w-0 flex-col gap-4">{children}</div>
    </div>
  );
}
