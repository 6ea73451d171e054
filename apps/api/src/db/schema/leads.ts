import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Sales leads (issue 16): enterprise enquiries and ad consultation requests, as sent, mailed to the
 * sales address and worked by staff in the back-office through their status.
 */
export const leads = pgTable(
  "leads",
  {
    id: text("id").primaryKey(),
    /** enterprise | ad_consultation */
    kind: text("kind").notNull(),
    /** The form's fields as validated (contract schemas/forms.ts). */
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    /** Who to answer: the form's email, or the signed-in sender's. */
    email: text("email"),
    /** The signed-in sender, if any (visitors may send the ad consultation form). */
    userId: text("user_id"),
    profileId: text("profile_id"),
    /** new | contacted | qualified | won | lost */
    status: text("status").notNull().default("new"),
    /** Staff's note on the lead. */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("leads_status_idx").on(t.status, t.createdAt), index("leads_created_idx").on(t.createdAt)],
);
