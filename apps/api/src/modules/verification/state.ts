import {
  IDV_MAX_RETRIES,
  type IdvReason,
  type IdvTransaction,
  idvReasons,
  readOnlyVerificationStatuses,
  type VerificationScreen,
  type VerificationState,
  type VerificationStatus,
  verificationSummaryOf,
} from "@vn/contract";
import type { idvAppeals, idvDocuments, idvTransactions } from "../../db/schema/index";

/**
 * Where a person stands, worked out from their rows: the one place that says which screen shows
 * it, whether they may start, how many retries are left and whether they may appeal. The service
 * moves statuses; this only reads them.
 */
export type TransactionRow = typeof idvTransactions.$inferSelect;
export type AppealRow = typeof idvAppeals.$inferSelect;
export type DocumentRow = typeof idvDocuments.$inferSelect;

export function reasonOf(code: string | null) {
  if (!code || !(code in idvReasons)) return null;
  const reason = idvReasons[code as IdvReason];
  return { code, text: reason.text, fixable: reason.fixable };
}

/** Rejections that allowed a retry, which is what the retry limit counts. */
export function fixableRejections(transactions: readonly TransactionRow[]): number {
  return transactions.filter((t) => t.status === "rejected" && reasonOf(t.reasonCode)?.fixable).length;
}

/**
 * Retries still possible: the first fixable rejection opens retry 1 of IDV_MAX_RETRIES, and the
 * rejection after the last retry is final (attempts: 1 + IDV_MAX_RETRIES).
 */
export function retriesLeft(transactions: readonly TransactionRow[]): number {
  const rejections = fixableRejections(transactions);
  if (rejections === 0) return IDV_MAX_RETRIES;
  return Math.max(0, IDV_MAX_RETRIES + 1 - rejections);
}

export function presentTransaction(row: TransactionRow, extras: readonly DocumentRow[]): IdvTransaction {
  return {
    id: row.id,
    status: row.status as IdvTransaction["status"],
    stage: row.stage as IdvTransaction["stage"],
    provider: row.provider,
    country: row.country,
    documentType: row.documentType as IdvTransaction["documentType"],
    documentNumberEnd: row.documentNumberEnd,
    reason: reasonOf(row.reasonCode),
    attempt: row.attempt,
    captureUrl: row.stage === "capture" ? row.captureUrl : null,
    requestedDocuments: row.status === "pending_user_action" ? row.requestedDocuments : null,
    extraDocuments: extras
      .filter((d) => d.side === "extra" && !d.sentAt)
      .map((d) => ({ id: d.id, createdAt: d.createdAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** A read-only person's rejection is final, whatever its reason would allow on its own. */
function finalised(transaction: IdvTransaction, status: VerificationStatus): IdvTransaction {
  if (!transaction.reason || !readOnlyVerificationStatuses.includes(status)) return transaction;
  return { ...transaction, reason: { ...transaction.reason, fixable: false } };
}

function screenOf(status: VerificationStatus, latest: TransactionRow | undefined): VerificationScreen {
  switch (status) {
    case "verified":
      return "success";
    case "appealed":
      return "appeal";
    case "rejection":
      return "reject";
    case "pending":
      return latest?.status === "pending_user_action" ? "rfi" : "processing";
    case "failed":
      if (latest?.stage === "capture") return "flow";
      return latest?.status === "rejected" ? "reject" : "failure";
    default:
      return "flow";
  }
}

export function stateOf(input: {
  status: VerificationStatus;
  verifiedAt: Date | null;
  /** Newest first. */
  transactions: readonly TransactionRow[];
  latestDocuments: readonly DocumentRow[];
  appeal: AppealRow | null;
}): VerificationState {
  const { status, transactions, appeal } = input;
  const latest = transactions[0];
  const open = latest && latest.stage !== "decided";
  const left = retriesLeft(transactions);
  const lastRejectedFixable =
    latest?.status === "rejected" && Boolean(reasonOf(latest.reasonCode)?.fixable) && status === "failed";
  const canStart =
    !open && (status === "not_verified" || (status === "failed" && (!lastRejectedFixable || left > 0)));
  return {
    status,
    summary: verificationSummaryOf(status),
    verifiedAt: input.verifiedAt?.toISOString() ?? null,
    screen: screenOf(status, latest),
    canStart,
    retriesLeft: left,
    canAppeal: status === "rejection" && !appeal && latest?.status === "rejected",
    transaction: latest ? finalised(presentTransaction(latest, input.latestDocuments), status) : null,
    appeal: appeal
      ? {
          id: appeal.id,
          status: appeal.status as "pending" | "accepted" | "rejected",
          message: appeal.message,
          createdAt: appeal.createdAt.toISOString(),
          decidedAt: appeal.decidedAt?.toISOString() ?? null,
        }
      : null,
  };
}
