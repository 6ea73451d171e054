import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { profiles } from "./profiles";

/** Reports of publications, comments and profiles, kept for moderation (the admin issue reviews them). */
export const reports = pgTable(
  "reports",
  {
    id: text("id").primaryKey(),
    reporterUserId: text("reporter_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The profile the reporter acted as. */
    reporterProfileId: text("reporter_profile_id").references(() => profiles.id, { onDelete: "set null" }),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** The profile responsible for the target (its owner or author), for moderation queues. */
    targetProfileId: text("target_profile_id"),
    reason: text("reason").notNull(),
    description: text("description"),
    status: text("status").notNull().default("open"),
    /** The review-queue subject it was filed on (moderation_subjects). */
    subjectId: text("subject_id"),
    /** How staff decided it: actioned | dismissed (the reporter's track record). Null while open. */
    outcome: text("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reports_target_idx").on(t.targetType, t.targetId),
    index("reports_status_idx").on(t.status, t.createdAt),
    index("reports_reporter_idx").on(t.reporterUserId, t.outcome),
    index("reports_subject_idx").on(t.subjectId),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    message: text("message").notNull(),
    page: text("page"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("feedback_created_idx").on(t.createdAt)],
);
