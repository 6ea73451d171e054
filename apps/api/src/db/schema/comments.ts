import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { contentItems } from "./content";
import { mediaFiles } from "./media";
import { profiles } from "./profiles";

/**
 * Comments on publications, one level of threads: a top-level comment (parent_id null) and its
 * replies. content_items.comment_count counts the visible ones (replies included) and is the
 * counter the per-post limit is checked against, under that row's lock.
 */
export const comments = pgTable(
  "comments",
  {
    id: text("id").primaryKey(),
    contentId: text("content_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    /** The acting profile that wrote it (a person, or a company through a member). */
    authorId: text("author_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The member who wrote it for a company (a `manage` comments scope reaches only these). */
    authorUserId: text("author_user_id"),
    parentId: text("parent_id"),
    body: text("body").notNull(),
    /**
     * The comment's one image (upload type comment_content_image). Removing the file clears it;
     * the unique index below keeps one file from serving two comments, even under a race.
     */
    imageMediaId: text("image_media_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    replyCount: integer("reply_count").notNull().default(0),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Top-level comments of an item, newest first (keyset), and replies of a thread, oldest first.
    index("comments_content_top_idx")
      .on(t.contentId, t.createdAt, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.deletedAt} IS NULL`),
    index("comments_parent_idx").on(t.parentId, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    uniqueIndex("comments_image_media_idx").on(t.imageMediaId).where(sql`${t.imageMediaId} IS NOT NULL`),
  ],
);
