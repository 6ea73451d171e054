import type { StaffRole } from "@vn/contract";

/**
 * The back-office's sections (issue 16), in navigation order: /admin and its pages. `admin` marks
 * the sections only admins see (verification, KYB and creator decisions: product decisions
 * "Staff"); moderators see the rest.
 */
export interface AdminSection {
  href: string;
  label: string;
  admin?: boolean;
}

export const adminSections: readonly AdminSection[] = [
  { href: "/admin", label: "Dashboard" },
  { href: "/admin/reports", label: "Review queue" },
  { href: "/admin/appeals", label: "Strikes and appeals" },
  { href: "/admin/verifications", label: "Identity verification", admin: true },
  { href: "/admin/kyb", label: "Business verification", admin: true },
  { href: "/admin/creators", label: "Creator applications", admin: true },
  { href: "/admin/leads", label: "Leads" },
  { href: "/admin/feedback", label: "Feedback" },
  { href: "/admin/audit", label: "Audit log", admin: true },
];

export function sectionsFor(role: StaffRole): AdminSection[] {
  return adminSections.filter((section) => !section.admin || role === "admin");
}
