import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { chats } from "./chats";
import { comments } from "./comments";
import { contentItems } from "./content";
import { profiles } from "./profiles";

/** What happened to a profile: a follower, a comment, a reply, a reaction, a repost, a quote, a mention, unread messages. */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    actorId: text("actor_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    contentId: text("content_id").references(() => contentItems.id, { onDelete: "cascade" }),
    commentId: text("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    reaction: text("reaction"),
    /** Kind "message": the conversation with messages still unread (gone with the conversation). */
    chatId: text("chat_id").references(() => chats.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_recipient_idx").on(t.recipientId, t.createdAt, t.id),
    // The unread badge counts these only.
    index("notifications_unread_idx").on(t.recipientId, t.createdAt).where(sql`${t.readAt} IS NULL`),
  ],
);
