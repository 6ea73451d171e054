import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { kybTransactions } from "./kyb";
import { profiles } from "./profiles";

/**
 * Company teams (issue 14): invitations by email and what a member shows on the people tab.
 * An invitation is addressed to an email, not an account: the invitee may sign up later, and
 * accepts as whoever signs in with that email.
 */
export const companyInvites = pgTable(
  "company_invites",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** team: a seat on the team; officer: a director confirming the company's KYB transaction. */
    kind: text("kind").notNull().default("team"),
    /** The KYB transaction an officer invitation belongs to. */
    kybTransactionId: text("kyb_transaction_id").references(() => kybTransactions.id, {
      onDelete: "cascade",
    }),
    /** Lower-cased. */
    email: text("email").notNull(),
    /** The account that held the email when invited, if any (the invitee may sign up later). */
    invitedUserId: text("invited_user_id").references(() => users.id, { onDelete: "set null" }),
    displayName: text("display_name"),
    position: text("position"),
    caption: text("caption"),
    teamTitle: text("team_title"),
    teamSlug: text("team_slug"),
    imageUrl: text("image_url"),
    /** Always company_employee: the owner promotes after acceptance. */
    role: text("role").notNull().default("company_employee"),
    /** pending | accepted | rejected | cancelled | expired */
    status: text("status").notNull().default("pending"),
    rejectReason: text("reject_reason"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    // One open invitation per email, company and kind: a second is "Already added", even in a race.
    uniqueIndex("company_invites_pending_email_idx")
      .on(t.companyId, t.kind, t.email)
      .where(sql`${t.status} = 'pending'`),
    index("company_invites_kyb_idx").on(t.kybTransactionId),
    index("company_invites_email_idx").on(t.email),
  ],
);

/**
 * What a member shows on the people tab, from their invitation and then their own edits
 * (company_members holds position). A member without a row shows their personal profile's face.
 */
export const companyMemberDetails = pgTable(
  "company_member_details",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name"),
    caption: text("caption"),
    teamTitle: text("team_title"),
    teamSlug: text("team_slug"),
    imageUrl: text("image_url"),
    /** The member lets the people tab link to their personal profile. */
    displayPersonalProfile: boolean("display_personal_profile").notNull().default(true),
    /** The member asked that their company publications not name them (honoured only while allowed). */
    hideByline: boolean("hide_byline").notNull().default(false),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

/** A company's own rules for its team; a company without a row has the defaults. */
export const companyTeamSettings = pgTable("company_team_settings", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  /** Members may hide "by {name}, {position}" on what they publish for the company (issue 14). */
  membersMayHideByline: boolean("members_may_hide_byline").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
