import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { profiles } from "./profiles";

/**
 * The messenger (issue 15; docs/decisions/0021-messenger.md). Participants are profiles (people
 * or companies); a company's members with the `chats` scope share its membership.
 *
 * One sequence orders everything: chat_messages.seq (bigserial) numbers messages, and every
 * change (an edit, a delete, a rename, a read) takes the next value of the same sequence as its
 * `change_seq`, so GET /chats/missed?after= answers everything since one number.
 * chat_messages.search (tsvector) is generated in the migration and left out of this schema, as
 * the search columns of profiles and publications are: only the search query reads it.
 */

export const chats = pgTable(
  "chats",
  {
    id: text("id").primaryKey(),
    /** direct | group */
    kind: text("kind").notNull(),
    /** Groups only. */
    title: text("title"),
    createdBy: text("created_by")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Direct conversations: the two profile ids, sorted, joined by ":" (one per pair). */
    directKey: text("direct_key"),
    lastMessageSeq: bigint("last_message_seq", { mode: "number" }).notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("chats_direct_key_idx").on(t.directKey).where(sql`${t.directKey} IS NOT NULL`)],
);

export const chatMembers = pgTable(
  "chat_members",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** creator | member */
    role: text("role").notNull().default("member"),
    /** active | left | removed */
    state: text("state").notNull().default("active"),
    /** none | pending | accepted | declined: a conversation opened by someone this member does not follow. */
    request: text("request").notNull().default("none"),
    /** The member reads messages with seq > from_seq (joining a group shows nothing from before)… */
    fromSeq: bigint("from_seq", { mode: "number" }).notNull().default(0),
    /** …and, once left or removed, seq ≤ until_seq (what was sent while a member). */
    untilSeq: bigint("until_seq", { mode: "number" }),
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull().default(0),
    /** Kept by the writes, so the inbox never counts message rows. */
    unreadCount: integer("unread_count").notNull().default(0),
    /** The last seq this member was notified about (the one-minute unread notice, once per burst). */
    notifiedSeq: bigint("notified_seq", { mode: "number" }).notNull().default(0),
    /** Company inboxes: the company's member this conversation is assigned to. */
    assignedUserId: text("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Last activity of the conversation as this member sees it: the inbox's order and keyset. */
    activityAt: timestamp("activity_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last change this member has to hear about (catch-up by GET /chats/missed). */
    changeSeq: bigint("change_seq", { mode: "number" }).notNull().default(0),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.profileId] }),
    // The inbox: one profile's conversations, newest activity first, keyset by (activity, chat).
    index("chat_members_inbox_idx").on(t.profileId, t.activityAt, t.chatId),
    // Catch-up: one profile's conversations that changed since a seq.
    index("chat_members_changes_idx").on(t.profileId, t.changeSeq),
    // The header's count: conversations with unread messages.
    index("chat_members_unread_idx").on(t.profileId).where(sql`${t.unreadCount} > 0`),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: text("id").notNull(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderProfileId: text("sender_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The person who wrote it (for a company: which member); shown only to the company's members. */
    senderUserId: text("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The sender's own id of the message: a retried send is stored once. */
    clientId: text("client_id"),
    body: text("body").notNull().default(""),
    /** Media ids of the sender's uploads, in order. */
    attachments: jsonb("attachments").$type<string[]>().notNull().default([]),
    changeSeq: bigint("change_seq", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_messages_id_idx").on(t.id),
    index("chat_messages_chat_seq_idx").on(t.chatId, t.seq),
    index("chat_messages_chat_change_idx").on(t.chatId, t.changeSeq),
    // "Is this file on a message already?" and "may this member fetch it?" (attachments ? id).
    index("chat_messages_attachments_idx").using("gin", t.attachments),
    uniqueIndex("chat_messages_client_idx")
      .on(t.senderProfileId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
  ],
);

/** A company inbox's internal notes on a conversation; never sent to the other side. */
export const chatNotes = pgTable(
  "chat_notes",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    companyProfileId: text("company_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_notes_chat_idx").on(t.chatId, t.companyProfileId, t.createdAt)],
);

/**
 * A report on one message, for the back-office: it holds a copy of that message only (text and
 * file ids as reported), so a later delete does not erase what was reported and staff read nothing
 * else of the conversation.
 */
export const chatReports = pgTable(
  "chat_reports",
  {
    id: text("id").primaryKey(),
    reporterUserId: text("reporter_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reporterProfileId: text("reporter_profile_id").references(() => profiles.id, { onDelete: "set null" }),
    messageId: text("message_id").notNull(),
    chatId: text("chat_id").notNull(),
    senderProfileId: text("sender_profile_id"),
    body: text("body").notNull(),
    attachments: jsonb("attachments").$type<string[]>().notNull().default([]),
    reason: text("reason").notNull(),
    description: text("description"),
    status: text("status").notNull().default("open"),
    /** The review-queue subject it was filed on (moderation_subjects). */
    subjectId: text("subject_id"),
    /** How staff decided it: actioned | dismissed. Null while open. */
    outcome: text("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_reports_subject_idx").on(t.subjectId),
    uniqueIndex("chat_reports_once_idx").on(t.reporterUserId, t.messageId),
    index("chat_reports_status_idx").on(t.status, t.createdAt),
  ],
);

/** Per profile: who may message it, and the daily digest of unread messages (opt-in). */
export const messagingSettings = pgTable("messaging_settings", {
  profileId: text("profile_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  /** everyone_verified | following | nobody */
  messagePolicy: text("message_policy").notNull().default("everyone_verified"),
  chatDigest: boolean("chat_digest").notNull().default(false),
  /** The last digest mailed (one a day at most). */
  digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
});
