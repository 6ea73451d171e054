import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { profiles } from "./profiles";

/**
 * Business verification, KYB (issue 14). A transaction per attempt; the company's status stays on
 * its profile (profiles.verification_status), moved only by modules/verification/kyb. Directors
 * are company_invites of kind `officer` pointing at their transaction.
 */
export const kybTransactions = pgTable(
  "kyb_transactions",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The registry that checks it (KYB_PROVIDER when submitted): sandbox | middesk. */
    provider: text("provider"),
    /** The registry's check id, once submitted. */
    checkId: text("check_id"),
    /** contract/kyb.ts kybTransactionStatuses. */
    status: text("status").notNull().default("draft"),
    legalName: text("legal_name"),
    registrationNumber: text("registration_number"),
    country: text("country"),
    registeredAddress: text("registered_address"),
    /** YYYY-MM-DD as typed (a calendar day, no time zone). */
    incorporationDate: text("incorporation_date"),
    website: text("website"),
    reasonCode: text("reason_code"),
    /** The staff member's note on a manual decision. */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The staff member who decided a manual review; null for the registry. */
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("kyb_transactions_company_idx").on(t.companyId, t.createdAt),
    // One open transaction per company, even when two requests race to create it.
    uniqueIndex("kyb_transactions_open_idx")
      .on(t.companyId)
      .where(sql`${t.status} IN ('draft', 'pending', 'pending_admin_action')`),
    uniqueIndex("kyb_transactions_check_idx").on(t.provider, t.checkId),
  ],
);

/** Supported documents: sealed bytes in storage (shared/sealed-storage.ts). */
export const kybDocuments = pgTable(
  "kyb_documents",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => kybTransactions.id, { onDelete: "cascade" }),
    /** The file's name as uploaded (cleaned), shown in the list. */
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    bytes: integer("bytes").notNull(),
    /** A new attempt copies its predecessor's rows, sharing the stored object. */
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("kyb_documents_transaction_idx").on(t.transactionId),
    index("kyb_documents_key_idx").on(t.storageKey),
  ],
);

/** Registry events taken, by id: a replay is refused (409 webhook_replayed). */
export const kybWebhookEvents = pgTable(
  "kyb_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The sandbox registry's own records (providers/kyb/sandbox.ts): what a registry keeps about its
 * checks. Nothing of ours reads them; the registry answers by webhook.
 */
export const kybSandboxChecks = pgTable("kyb_sandbox_checks", {
  id: text("id").primaryKey(),
  reference: text("reference").notNull(),
  callbackUrl: text("callback_url").notNull(),
  registrationNumber: text("registration_number").notNull(),
  country: text("country").notNull(),
  /** pending | decided */
  status: text("status").notNull().default("pending"),
  plannedStatus: text("planned_status").notNull(),
  plannedReason: text("planned_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
