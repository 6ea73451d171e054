import type {
  CompanyInviteKind,
  TeamInvite,
  TeamInviteStatus,
  TeamMember,
  TeamMemberSelf,
  TeamSettings,
} from "@vn/contract";
import type { companyInvites, companyMemberDetails, profiles } from "../../db/schema/index";
import { slugify } from "../../lib/slug";
import { profileImage } from "../../shared/profile-view";

/** §3 Team invite/employee shapes, from stored rows. */

type InviteRow = typeof companyInvites.$inferSelect;
type CompanyRow = Pick<typeof profiles.$inferSelect, "id" | "slug" | "name" | "imageUrl">;

export function positionOf(title: string | null): TeamInvite["position"] {
  return title ? { id: slugify(title), title } : null;
}

export function teamOf(title: string | null, slug: string | null): TeamInvite["team"] {
  return title ? { title, slug: slug ?? slugify(title) } : null;
}

/** A pending invitation past its time reads as expired, before any job marks it. */
export function effectiveStatus(row: InviteRow, now = new Date()): TeamInviteStatus {
  if (row.status === "pending" && row.expiresAt <= now) return "expired";
  return row.status as TeamInviteStatus;
}

export function inviteView(row: InviteRow, company: CompanyRow): TeamInvite {
  return {
    id: row.id,
    kind: row.kind as CompanyInviteKind,
    email: row.email,
    name: row.displayName,
    position: positionOf(row.position),
    image: profileImage(row.imageUrl),
    caption: row.caption,
    team: teamOf(row.teamTitle, row.teamSlug),
    status: effectiveStatus(row),
    rejectReason: row.rejectReason,
    company: {
      id: company.id,
      slug: company.slug,
      name: company.name,
      image: profileImage(company.imageUrl),
    },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export interface MemberRow {
  userId: string;
  userName: string;
  role: string;
  position: string | null;
  joinedAt: Date;
  personalSlug: string | null;
  personalName: string | null;
  personalImage: string | null;
  details: typeof companyMemberDetails.$inferSelect | null;
}

export function memberView(row: MemberRow): TeamMember {
  const details = row.details;
  const shows = details?.displayPersonalProfile ?? true;
  return {
    userId: row.userId,
    name: details?.displayName ?? row.personalName ?? row.userName,
    role: row.role as TeamMember["role"],
    position: positionOf(row.position),
    image: profileImage(details?.imageUrl ?? row.personalImage),
    caption: details?.caption ?? null,
    team: teamOf(details?.teamTitle ?? null, details?.teamSlug ?? null),
    slug: shows ? row.personalSlug : null,
    displayPersonalProfile: shows,
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** The member's own card: the people tab's row, their byline choice and whether it counts. */
export function memberSelfView(row: MemberRow, settings: TeamSettings): TeamMemberSelf {
  return {
    ...memberView(row),
    hideByline: row.details?.hideByline ?? false,
    membersMayHideByline: settings.membersMayHideByline,
  };
}
