import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Stored objects waiting to be deleted (issue 11): written in the transaction that drops their
 * rows (a complete account removal), so a deletion is never forgotten, and worked off by the
 * `storage.delete` job (jobs/storage-deletions.ts), which retries with a growing wait.
 */
export const storageDeletions = pgTable(
  "storage_deletions",
  {
    id: text("id").primaryKey(),
    /** prefix: every object under `key` (a media file's originals/, public/, private/); multipart: an unfinished upload. */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    /** The storage's multipart upload id (kind multipart). */
    uploadId: text("upload_id"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Not tried again before this (after a failure). */
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("storage_deletions_due_idx").on(t.notBefore)],
);
