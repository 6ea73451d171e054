import type { StaffRole } from "@vn/contract";

/**
 * The back-office's sections (issue 16), in navigation order: /admin and its pages. `admin` marks
 * the sections only admins see (KYB and creator decisions, the audit log: product decisions
 * "Staff"); moderators see the rest. Identity verification is both's: moderators decide the
 * appeals of final rejections there, admins also the manual reviews.
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
  { href: "/admin/verifications", label: "Identity verification" },
  { href: "/admin/kyb", label: "Business verification", admin: true },
  { href: "/admin/creators", label: "Creator applications", admin: true },
  { href: "/admin/leads", label: "Leads" },
  { href: "/admin/feedback", label: "Feedback" },
  { href: "/admin/audit", label: "Audit log", admin: true },
];

export function sectionsFor(role: StaffRole): AdminSection[] {
  return adminSections.filter((section) => !section.admin || role === "admin");
}
