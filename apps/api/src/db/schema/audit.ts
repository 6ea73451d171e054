import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit log: one row per security-relevant change (role, plan, verification decision,
 * moderation, deletion), written in the same transaction as the change. No foreign keys: the
 * record outlives the rows it names.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in person who did it; null for the system (jobs, webhooks). */
    actorUserId: text("actor_user_id"),
    /** The profile they acted as (their own, or a company's). */
    actorProfileId: text("actor_profile_id"),
    staffRole: text("staff_role"),
    /** What was done, as "<domain>.<verb>": account.deleted, company.roleChanged, plan.changed… */
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
  },
  (t) => [
    index("audit_log_resource_idx").on(t.resourceType, t.resourceId, t.at),
    index("audit_log_actor_idx").on(t.actorUserId, t.at),
    index("audit_log_at_idx").on(t.at),
  ],
);
