import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The trust-and-safety review queue (issue 16), after Bluesky's Ozone: one row per thing under
 * review — a profile, a publication, a comment or a message — on which its reports gather, with
 * an append-only log (moderation_events). No foreign keys to what is reviewed: the record
 * outlives the content.
 */
export const moderationSubjects = pgTable(
  "moderation_subjects",
  {
    id: text("id").primaryKey(),
    /** profile | content | comment | message */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** The profile answerable for it: the profile itself, or the author or owner. */
    profileId: text("profile_id"),
    /** open | escalated | closed. A new report on a closed subject opens it again. */
    state: text("state").notNull().default("open"),
    /** Reports received since the subject was last closed. */
    openReports: integer("open_reports").notNull().default(0),
    /** Queue order, highest first: report count, the reporters' past accuracy, the subject's reach. */
    priority: integer("priority").notNull().default(0),
    /** Bumped by every change; a staff action names the version it saw (optimistic concurrency). */
    version: integer("version").notNull().default(1),
    lastReportedAt: timestamp("last_reported_at", { withTimezone: true }),
    /** The first staff action since it was opened (time to first action, the dashboard). */
    firstActionAt: timestamp("first_action_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("moderation_subjects_subject_idx").on(t.subjectType, t.subjectId),
    index("moderation_subjects_queue_idx").on(t.state, t.priority, t.lastReportedAt),
    index("moderation_subjects_profile_idx").on(t.profileId),
  ],
);

/**
 * What happened to a subject, append-only (never updated or deleted): a report arrived, staff
 * dismissed, escalated, removed, warned, limited, suspended, asked for or gave a second approval,
 * the person appealed, the appeal was granted or denied, the content was restored, a staff note.
 */
export const moderationEvents = pgTable(
  "moderation_events",
  {
    id: text("id").primaryKey(),
    subjectId: text("subject_id")
      .notNull()
      .references(() => moderationSubjects.id),
    type: text("type").notNull(),
    /** The person who did it; null for the system. */
    actorUserId: text("actor_user_id"),
    staffRole: text("staff_role"),
    /** A `reported` event: the report (reports or chat_reports). */
    reportId: text("report_id"),
    /** An event about a decision against a person: the action (moderation_actions). */
    actionId: text("action_id"),
    /** A reason code (report reasons, moderation reasons). */
    reason: text("reason"),
    /** Free text: the report's description, a staff note. */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("moderation_events_subject_idx").on(t.subjectId, t.createdAt)],
);

/**
 * A decision against a person (a strike, Mastodon's word): remove the content, warn, limit or
 * suspend, with the reason they are shown. It may be appealed once; suspending a verified
 * account waits for a second staff member's approval (status pending_approval).
 */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: text("id").primaryKey(),
    subjectId: text("subject_id")
      .notNull()
      .references(() => moderationSubjects.id),
    /** remove | warn | limit | suspend */
    kind: text("kind").notNull(),
    targetProfileId: text("target_profile_id"),
    targetUserId: text("target_user_id"),
    /** A moderation reason code. */
    reason: text("reason").notNull(),
    /** What the person reads: why. */
    message: text("message").notNull(),
    /** pending_approval | active | reversed (appeal granted) | cancelled (approval refused) */
    status: text("status").notNull().default("active"),
    createdBy: text("created_by").notNull(),
    approvedBy: text("approved_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** A limit's (or a temporary suspension's) end; null lasts until lifted. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** What the account's status was before a suspension, to put back when it is reversed. */
    previousStatus: text("previous_status"),
    appealText: text("appeal_text"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    /** granted | denied */
    appealDecision: text("appeal_decision"),
    appealDecidedBy: text("appeal_decided_by"),
    appealDecidedAt: timestamp("appeal_decided_at", { withTimezone: true }),
    appealNote: text("appeal_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("moderation_actions_target_idx").on(t.targetUserId, t.createdAt),
    index("moderation_actions_subject_idx").on(t.subjectId, t.createdAt),
    index("moderation_actions_waiting_idx")
      .on(t.createdAt)
      .where(
        sql`${t.status} = 'pending_approval' OR (${t.appealedAt} IS NOT NULL AND ${t.appealDecision} IS NULL)`,
      ),
  ],
);
