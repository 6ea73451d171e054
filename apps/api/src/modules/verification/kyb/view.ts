import {
  type KybDirector,
  type KybDocumentMime,
  type KybReason,
  type KybTransaction,
  type KybTransactionStatus,
  kybDecidedStatuses,
  kybReasons,
  type TeamInviteStatus,
  type VerificationStatus,
} from "@vn/contract";
import type { companyInvites, kybDocuments, kybTransactions, profiles } from "../../../db/schema/index";
import { effectiveStatus } from "../../teams/views";

/** The KYB transaction as its owners read it, and the rules submit checks (one place for both). */

export type KybRow = typeof kybTransactions.$inferSelect;
export type KybDocumentRow = typeof kybDocuments.$inferSelect;
export type InviteRow = typeof companyInvites.$inferSelect;
export type CompanyRow = Pick<typeof profiles.$inferSelect, "id" | "slug" | "name" | "verificationStatus">;

/** A director as listed: their verified name once they accepted. */
export interface DirectorRow {
  invite: InviteRow;
  /** The accepting person's name and verification, when the invite is bound to an account. */
  personName: string | null;
  personVerified: boolean;
}

export function directorView({ invite, personName, personVerified }: DirectorRow): KybDirector {
  const status = effectiveStatus(invite) as TeamInviteStatus;
  return {
    id: invite.id,
    email: invite.email,
    name: status === "accepted" ? (personName ?? invite.displayName) : invite.displayName,
    status,
    verified: status === "accepted" && personVerified,
    rejectReason: invite.rejectReason,
    createdAt: invite.createdAt.toISOString(),
    decidedAt: invite.decidedAt?.toISOString() ?? null,
  };
}

const requiredDetails = [
  "legalName",
  "registrationNumber",
  "country",
  "registeredAddress",
  "incorporationDate",
] as const;

export function checklistOf(row: KybRow, documents: number, directors: KybDirector[]) {
  const open = directors.filter((d) => d.status === "pending");
  const confirmed = directors.filter((d) => d.status === "accepted" && d.verified);
  return {
    details: requiredDetails.every((field) => Boolean(row[field])),
    documents: documents > 0,
    directors: open.length === 0 && confirmed.length > 0,
    pendingDirectors: open.length,
    confirmedDirectors: confirmed.length,
  };
}

/** A new transaction may start after this one: a fixable rejection or a registry failure. */
export function canStartAfter(row: KybRow | undefined): boolean {
  if (!row) return true;
  if (row.status === "failed") return true;
  if (row.status !== "rejected") return false;
  const reason = row.reasonCode as KybReason | null;
  return reason !== null && kybReasons[reason]?.fixable === true;
}

export function transactionView(
  row: KybRow,
  company: CompanyRow,
  documents: KybDocumentRow[],
  directors: DirectorRow[],
  isLatest = true,
): KybTransaction {
  const listed = directors.map(directorView);
  const checklist = checklistOf(row, documents.length, listed);
  const status = row.status as KybTransactionStatus;
  const reason = row.reasonCode as KybReason | null;
  const draft = status === "draft";
  return {
    id: row.id,
    status,
    company: {
      id: company.id,
      slug: company.slug,
      name: company.name,
      verificationStatus: company.verificationStatus as VerificationStatus,
    },
    details: {
      legalName: row.legalName,
      registrationNumber: row.registrationNumber,
      country: row.country,
      registeredAddress: row.registeredAddress,
      incorporationDate: row.incorporationDate,
      website: row.website,
    },
    documents: documents.map((doc) => ({
      id: doc.id,
      name: doc.name,
      mime: doc.mime as KybDocumentMime,
      size: doc.bytes,
      createdAt: doc.createdAt.toISOString(),
    })),
    directors: listed,
    checklist: { details: checklist.details, documents: checklist.documents, directors: checklist.directors },
    canEdit: draft,
    canSubmit: draft && checklist.details && checklist.documents && checklist.directors,
    canStartNew: isLatest && kybDecidedStatuses.includes(status) && canStartAfter(row),
    reason: reason && kybReasons[reason] ? { code: reason, ...kybReasons[reason] } : null,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
