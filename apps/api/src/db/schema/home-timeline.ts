import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { contentItems } from "./content";
import { profiles } from "./profiles";

/**
 * The precomputed home timelines (issue 17, decision 0030): fan-out on write, kept by triggers of
 * migration 0025 on content_items, follows and mutes, for the profiles that have read their feed.
 *
 * A row here says the profile's timeline is built: every publication that reaches its feed with
 * (publication_date, id) at or after the horizon is in home_timeline_entries. A null horizon means
 * the whole feed is there; older pages come from the fan-out-on-read merge (modules/social/feed.ts).
 */
export const homeTimelines = pgTable("home_timelines", {
  followerId: text("follower_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  horizonAt: timestamp("horizon_at", { withTimezone: true }),
  horizonId: text("horizon_id"),
  builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * When its reader last read it, to the hour (feed.ts refreshes it at most hourly). A timeline
   * unread for IDLE_TIMELINE_DAYS is dropped by the trim job, so fan-out stops paying for readers
   * who left; their next read builds it again.
   */
  readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One publication in one follower's timeline (the follower's own publications included). */
export const homeTimelineEntries = pgTable(
  "home_timeline_entries",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => homeTimelines.followerId, { onDelete: "cascade" }),
    publicationDate: timestamp("publication_date", { withTimezone: true }).notNull(),
    contentId: text("content_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").notNull(),
  },
  (t) => [
    // A page is one range of this key, newest first.
    primaryKey({ columns: [t.followerId, t.publicationDate, t.contentId] }),
    // A publication leaving every timeline (deleted, removed, unpublished) and the cascade.
    index("home_timeline_entries_content_idx").on(t.contentId),
  ],
);
