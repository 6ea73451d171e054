import { type ContentRoomRef, contentRoomName } from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentItems, profiles } from "../db/schema/index";

/** Every content room name starts with this (see contentRoomName). */
export const CONTENT_ROOM_PREFIX = "content:";

/**
 * The room of one content item. Handles are case-insensitive ("Anna" and "anna" are one profile),
 * so the owner slug is lower-cased here: joining as /Anna/... and emitting as /anna/... meet in the
 * same room. Content slugs and kinds are matched exactly.
 */
export function contentRoomFor(ref: ContentRoomRef): string {
  return contentRoomName({ ...ref, ownerSlug: ref.ownerSlug.toLowerCase() });
}

export function sessionRoomName(sessionId: string): string {
  return `session:${sessionId}`;
}

/** True when the owner exists (slug compared with lower()) and owns an active item of that kind and slug. */
export async function contentItemExists(db: Db, ref: ContentRoomRef): Promise<boolean> {
  const rows = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .innerJoin(profiles, eq(profiles.id, contentItems.ownerId))
    .where(
      and(
        sql`lower(${profiles.slug}) = lower(${ref.ownerSlug})`,
        eq(contentItems.slug, ref.contentSlug),
        eq(contentItems.kind, ref.contentType),
        eq(contentItems.status, "active"),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
