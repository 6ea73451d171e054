import { type ContentRoomRef, contentRoomName, profileRoomName } from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentItems, profiles } from "../db/schema/index";
import { rowsOf } from "../shared/pages";
import { mayViewerIdView } from "../shared/profile-view";
import { isBlockedBetween } from "../shared/social-graph";

/** Every content room name starts with this (see contentRoomName). */
export const CONTENT_ROOM_PREFIX = "content:";
/** Every profile room name starts with this (see profileRoomName). */
export const PROFILE_ROOM_PREFIX = profileRoomName("");
/**
 * Every socket that acts as no profile (a visitor) sits in this room, and no other does: an event
 * members may see goes to a content room except this one (realtime/audience.ts).
 */
export const VISITORS_ROOM = "visitors";

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

/** The profile id a socket acts as: the one of the profile room it sits in (null for a visitor). */
export function actingProfileOf(rooms: Iterable<string>): string | null {
  for (const room of rooms)
    if (room.startsWith(PROFILE_ROOM_PREFIX)) return room.slice(PROFILE_ROOM_PREFIX.length);
  return null;
}

/**
 * True when the owner exists (slug compared with lower()), owns an active item of that kind and
 * slug, and the viewer (the acting profile id; null for a visitor) may see it: the owner's privacy
 * level allows it (decision 0014) and no block stands between them. Otherwise the room is as
 * missing as the publication's page is.
 */
export async function contentItemVisible(
  db: Db,
  ref: ContentRoomRef,
  viewerId: string | null,
): Promise<boolean> {
  const [owner] = await db
    .select({ id: profiles.id, privacy: profiles.privacy, verificationStatus: profiles.verificationStatus })
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
  if (!owner || !(await mayViewerIdView(db, owner, viewerId))) return false;
  return !(await isBlockedBetween(db, viewerId, owner.id));
}

/**
 * Of these sessions, each with the company whose room its socket sits in, the pairs that still
 * hold (as `actingKey(sessionId, profileId)`): the session live and acting as that company, its
 * person (not deleted or blocked) still on the team, the company active — what policy/actor.ts
 * resolves as an acting company that is not lost. One statement for all the sockets of a node.
 */
export async function sessionsStillActing(
  db: Db,
  pairs: Array<{ sessionId: string; profileId: string }>,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const list = sql.join(
    pairs.map((pair) => sql`(${pair.sessionId}, ${pair.profileId})`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: string; profile_id: string }>(
    db,
    sql`SELECT s.id, s.active_profile_id AS profile_id FROM sessions s
        JOIN users u ON u.id = s.user_id AND u.status NOT IN ('deleted', 'blocked')
        JOIN company_members m ON m.user_id = s.user_id AND m.company_id = s.active_profile_id
        JOIN profiles p ON p.id = s.active_profile_id AND p.type = 'company' AND p.status = 'active'
        WHERE (s.id, s.active_profile_id) IN (${list}) AND s.expires_at > now()`,
  );
  return new Set(rows.map((row) => actingKey(row.id, row.profile_id)));
}

/** One (session, acting profile) pair as a key. */
export function actingKey(sessionId: string, profileId: string): string {
  return `${sessionId} ${profileId}`;
}
