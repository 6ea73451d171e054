import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { contentItems } from "./content";
import { profiles } from "./profiles";

/**
 * The social graph and interactions (issue 6). Counters that pages show (followers, reactions,
 * views) are kept in the same transaction as the row that changes them, so a page reads one row.
 */

export const follows = pgTable(
  "follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    followeeId: text("followee_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The primary key serves "whom do I follow" (the home feed's fan-out on read).
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    // Keyset lists, newest follow first: a profile's followers, and whom it follows.
    index("follows_followee_created_idx").on(t.followeeId, t.createdAt, t.followerId),
    index("follows_follower_created_idx").on(t.followerId, t.createdAt, t.followeeId),
  ],
);

/** A block stops follows, comments, reactions and messages both ways and hides each side's publications. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);

/** A mute hides a profile from the muter's home feed and notifications; the muted side sees nothing. */
export const mutes = pgTable(
  "mutes",
  {
    muterId: text("muter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    mutedId: text("muted_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.muterId, t.mutedId] })],
);

/** One reaction per profile per item; changing it updates the row. */
export const reactions = pgTable(
  "reactions",
  {
    contentId: text("content_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.profileId] }),
    // "Who reacted", newest first, all kinds or one.
    index("reactions_content_created_idx").on(t.contentId, t.createdAt, t.profileId),
    index("reactions_content_kind_created_idx").on(t.contentId, t.kind, t.createdAt, t.profileId),
  ],
);

/** Reactions per item and kind; content_items.like_count holds their sum. */
export const reactionCounts = pgTable(
  "reaction_counts",
  {
    contentId: text("content_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.kind] })],
);

/**
 * One row per item, viewer and day: a view counts once per viewer per day. The viewer is a
 * profile id, or for visitors a keyed hash of address and browser (never the address itself).
 */
export const contentViews = pgTable(
  "content_views",
  {
    contentId: text("content_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    day: date("day").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.viewerKey, t.day] }),
    // Old days are purged in date order.
    index("content_views_day_idx").on(t.day),
  ],
);
