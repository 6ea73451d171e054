import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { profiles } from "./profiles";

/**
 * Identity verification (issue 12). A person's attempts are transactions; each holds the images it
 * was judged on (encrypted, deleted 30 days after the decision) and at most one appeal. The
 * decision and its reason code stay for good. The person's status itself lives on their profile
 * (profiles.verification_status), moved only by the verification module.
 */
export const idvTransactions = pgTable(
  "idv_transactions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The vendor that runs it (IDV_PROVIDER at the time): sandbox | jumio. */
    provider: text("provider").notNull(),
    vendorSessionId: text("vendor_session_id"),
    /** The vendor's hosted capture page while the stage is `capture`. */
    captureUrl: text("capture_url"),
    /** §4 transaction status (contract/verification.ts idvTransactionStatuses). */
    status: text("status").notNull().default("pending"),
    /** capture → processing → decided. */
    stage: text("stage").notNull().default("capture"),
    country: text("country").notNull(),
    documentType: text("document_type"),
    /** Only the document number's last four characters are ever kept. */
    documentNumberEnd: text("document_number_end"),
    reasonCode: text("reason_code"),
    requestedDocuments: text("requested_documents"),
    attempt: integer("attempt").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The staff member who decided a manual review; null for the vendor. */
    decidedBy: text("decided_by"),
    documentsPurgedAt: timestamp("documents_purged_at", { withTimezone: true }),
  },
  (t) => [
    // One open attempt per person: a second start at the same moment loses on this index.
    uniqueIndex("idv_transactions_one_open_idx").on(t.userId).where(sql`${t.stage} <> 'decided'`),
    index("idv_transactions_user_idx").on(t.userId, t.createdAt),
    index("idv_transactions_purge_idx")
      .on(t.decidedAt)
      .where(sql`${t.documentsPurgedAt} IS NULL AND ${t.stage} = 'decided'`),
    index("idv_transactions_review_idx").on(t.status).where(sql`${t.status} = 'pending_admin_action'`),
  ],
);

/** One image of a transaction: a capture side, or an extra document a request asked for. */
export const idvDocuments = pgTable(
  "idv_documents",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => idvTransactions.id, { onDelete: "cascade" }),
    /** front | back | selfie | extra */
    side: text("side").notNull(),
    /** Sealed (AES-256-GCM) bytes in storage; shared/sealed-storage.ts. */
    storageKey: text("storage_key").notNull(),
    mime: text("mime").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** When an extra document went to the vendor; null while the person may still remove it. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("idv_documents_transaction_idx").on(t.transactionId),
    uniqueIndex("idv_documents_capture_side_idx")
      .on(t.transactionId, t.side)
      .where(sql`${t.side} <> 'extra'`),
  ],
);

/** One appeal per final rejection (the unique transaction), decided by staff. */
export const idvAppeals = pgTable("idv_appeals", {
  id: text("id").primaryKey(),
  transactionId: text("transaction_id")
    .notNull()
    .unique()
    .references(() => idvTransactions.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  message: text("message").notNull(),
  /** pending | accepted | rejected */
  status: text("status").notNull().default("pending"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  decidedBy: text("decided_by"),
  note: text("note"),
});

/** Webhook events already taken in, so a replayed one changes nothing. */
export const idvWebhookEvents = pgTable(
  "idv_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The sandbox vendor's own records (providers/identity/sandbox.ts): what a hosted IDV service
 * keeps about its sessions. Nothing of ours reads them; the vendor answers by webhook.
 */
export const idvSandboxSessions = pgTable("idv_sandbox_sessions", {
  id: text("id").primaryKey(),
  /** SHA-256 of the hosted page's token (the token is the page's credential). */
  tokenDigest: text("token_digest").notNull().unique(),
  /** The customer's reference: our transaction id. */
  reference: text("reference").notNull(),
  country: text("country").notNull(),
  callbackUrl: text("callback_url").notNull(),
  returnUrl: text("return_url").notNull(),
  /** open | submitted | awaiting_documents | decided | expired */
  status: text("status").notNull().default("open"),
  documentType: text("document_type"),
  documentNumberEnd: text("document_number_end"),
  /** The outcome the document number picked, applied when processing ends. */
  plannedStatus: text("planned_status"),
  plannedReason: text("planned_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  submittedAt: timestamp("submitted_at", { withTimezone: true }),
});
