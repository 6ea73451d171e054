import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * Every kind of publication in one table (post, article, release, event, recording, repost…):
 * lists, feeds and search treat them alike, and kind-specific fields are few and nullable.
 */
export const contentItems = pgTable(
  "content_items",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The person who wrote it (for a company, the member; scopes with `manage` reach only these). */
    authorUserId: text("author_user_id"),
    kind: text("kind").notNull(),
    slug: text("slug").notNull(),
    title: text("title"),
    description: text("description"),
    /** Sanitized HTML for articles, plain text for posts. */
    content: text("content"),
    shortContent: text("short_content"),
    status: text("status").notNull().default("active"),
    publicationDate: timestamp("publication_date", { withTimezone: true }).notNull().defaultNow(),
    commentsMode: text("comments_mode").notNull().default("open"),
    reactionsEnabled: boolean("reactions_enabled").notNull().default(true),
    repostsEnabled: boolean("reposts_enabled").notNull().default(false),
    viewsEnabled: boolean("views_enabled").notNull().default(true),
    repostOfId: text("repost_of_id"),
    quote: text("quote"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** An event's own IANA time zone (e.g. Europe/Lisbon): its times are shown in it and in the viewer's. */
    timeZone: text("time_zone"),
    /** A document's folder on its owner's profile (the Folders section); null is "Unfiled". */
    folder: text("folder"),
    place: text("place"),
    onlineUrl: text("online_url"),
    sponsoredUrl: text("sponsored_url"),
    likeCount: integer("like_count").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_owner_slug_idx").on(t.ownerId, t.slug),
    // Detail routes without an owner (/releases/{slug}) find an item by slug alone.
    index("content_slug_idx").on(t.slug),
    // Newest-first lists walk these backwards. (A "DESC NULLS LAST" index does not serve
    // "ORDER BY … DESC", which PostgreSQL sorts NULLS FIRST; plain ascending ones serve both ways.)
    // kind rides along so counts and kind filters are answered from the index alone.
    index("content_owner_timeline_idx").on(t.ownerId, t.status, t.publicationDate, t.id, t.kind),
    index("content_kind_timeline_idx").on(t.kind, t.status, t.publicationDate, t.id),
    index("content_owner_folder_idx")
      .on(t.ownerId, t.folder)
      .where(sql`${t.kind} = 'document' AND ${t.folder} IS NOT NULL`),
    index("content_planned_idx").on(t.publicationDate).where(sql`${t.status} = 'planned'`),
  ],
);

/**
 * How many items each profile has per kind and status, kept by a trigger on content_items
 * (migration 0005), so list totals and profile counts cost a few rows at any size.
 */
export const contentCounts = pgTable(
  "content_counts",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.kind, t.status] })],
);

/**
 * A counter per profile that a trigger on content_items raises on every change that can move an
 * item in that profile's lists (insert, delete, status, kind or publication date; migration
 * 0010). Numbered pages cache keyset anchors under it (modules/content/page-anchors.ts), so page
 * 1,000 seeks like page 1 and a changed list is never read through stale anchors.
 */
export const contentListVersions = pgTable("content_list_versions", {
  ownerId: text("owner_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
