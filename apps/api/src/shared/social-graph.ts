import { AppError } from "@vn/contract";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedOnce } from "../db/prepared";
import { blocks, follows, mutes, profiles } from "../db/schema/index";
import { type EventContext, emit } from "./events";

/**
 * The social graph (follows, blocks, mutes) as every module asks about it and the one way a
 * follow is written.
 *
 * A block works both ways: neither side sees the other's publications, comments or reactions,
 * and neither may follow, comment on, react to or message the other. A mute is one-sided and
 * quiet: the muter's home feed and notifications leave the muted profile out; the muted profile
 * notices nothing.
 */

// Blocks ----------------------------------------------------------------------------------------

/** Profiles in a block with the viewer, either way round. Empty for visitors. */
export async function blockedAround(db: Db, viewerId: string | null): Promise<Set<string>> {
  if (!viewerId) return new Set();
  const rows = await blocksAround(db).execute({ viewer: viewerId });
  return new Set(rows.map((r) => r.id));
}

/** The ids of the profiles in a block with `viewer`, either way round, as SQL (column `id`). */
export function blockedAroundIds(viewer: SQL): SQL {
  return sql`SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${viewer}
    UNION SELECT blocker_id FROM blocks WHERE blocked_id = ${viewer}`;
}

// Lists ask it for their viewer: prepared once (db/prepared.ts).
const blocksAround = preparedOnce("blocks_around", (db) =>
  db
    .select({ id: sql<string>`b.id` })
    .from(sql`(${blockedAroundIds(sql`${sql.placeholder("viewer")}::text`)}) AS b`),
);

/** True when either profile blocks the other. */
export async function isBlockedBetween(db: Db, a: string | null, b: string | null): Promise<boolean> {
  if (!a || !b || a === b) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Has `blockerId` blocked `blockedId` (one direction only)? */
export async function hasBlocked(
  db: Db,
  blockerId: string | null,
  blockedId: string | null,
): Promise<boolean> {
  if (!blockerId || !blockedId || blockerId === blockedId) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}

/** `column NOT IN (ids)`, or `true` for no ids: leaves hidden profiles out of a list. */
export function notAmong(column: SQL | unknown, ids: Iterable<string>): SQL {
  const list = [...ids];
  return list.length
    ? sql`${column} NOT IN (${sql.join(
        list.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`true`;
}

// Mutes -----------------------------------------------------------------------------------------

/** The recipient has muted the actor (their notifications leave the actor out). */
export async function hasMuted(db: Db, muterId: string, mutedId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(mutes)
    .where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)))
    .limit(1);
  return rows.length > 0;
}

/** Of these muters and muted profiles, the pairs that hold, as `muterId|mutedId`. */
export async function mutedPairs(db: Db, muterIds: string[], mutedIds: string[]): Promise<Set<string>> {
  if (muterIds.length === 0 || mutedIds.length === 0) return new Set();
  const rows = await db
    .select({ muterId: mutes.muterId, mutedId: mutes.mutedId })
    .from(mutes)
    .where(and(inArray(mutes.muterId, muterIds), inArray(mutes.mutedId, mutedIds)));
  return new Set(rows.map((m) => `${m.muterId}|${m.mutedId}`));
}

// Follows ---------------------------------------------------------------------------------------

/** The follower follows the followee. */
export async function isFollowing(db: Db, followerId: string | null, followeeId: string): Promise<boolean> {
  if (!followerId) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return rows.length > 0;
}

/** One prepared text for any number of ids (an array value), planned once: primary-key probes. */
export function followedAmongQuery(db: Db) {
  return db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(
      and(
        eq(follows.followerId, sql.placeholder("viewer")),
        sql`${follows.followeeId} = ANY(${sql.placeholder("ids")}::text[])`,
      ),
    );
}
const followedAmongStatement = preparedOnce("followed_among", followedAmongQuery, { generic: true });

/** Of these profiles, the ones the viewer follows. */
export async function followedAmong(db: Db, viewerId: string | null, ids: string[]): Promise<Set<string>> {
  if (!viewerId || ids.length === 0) return new Set();
  const rows = await followedAmongStatement(db).execute({ viewer: viewerId, ids });
  return new Set(rows.map((r) => r.id));
}

/** Moves both counters of one follow edge (in the caller's transaction); the followee's new count. */
export async function adjustFollowCounts(
  db: Db,
  followerId: string,
  followeeId: string,
  delta: 1 | -1,
): Promise<number> {
  const [followee] = await db
    .update(profiles)
    .set({ followersCount: sql`greatest(${profiles.followersCount} + ${delta}, 0)` })
    .where(eq(profiles.id, followeeId))
    .returning({ followersCount: profiles.followersCount });
  await db
    .update(profiles)
    .set({ followingCount: sql`greatest(${profiles.followingCount} + ${delta}, 0)` })
    .where(eq(profiles.id, followerId));
  return followee?.followersCount ?? 0;
}

/**
 * The one way a follow is written (the follow route, an accepted invitation, the seed): refused
 * with social_selfNotAllowed for oneself and social_followNotAllowed across a block; the edge and
 * both counters commit together; a new follow emits `profile.followed` (the followee's
 * notification). Following again changes nothing and tells nobody.
 */
export async function follow(
  context: EventContext,
  followerId: string,
  followeeId: string,
): Promise<{ created: boolean; followersCount: number }> {
  const { db } = context;
  if (followerId === followeeId) throw new AppError("social_selfNotAllowed");
  if (await isBlockedBetween(db, followerId, followeeId)) throw new AppError("social_followNotAllowed");
  const result = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(follows)
      .values({ followerId, followeeId })
      .onConflictDoNothing()
      .returning({ followeeId: follows.followeeId });
    if (inserted.length > 0) {
      return { created: true, followersCount: await adjustFollowCounts(tx, followerId, followeeId, 1) };
    }
    const [followee] = await tx
      .select({ followersCount: profiles.followersCount })
      .from(profiles)
      .where(eq(profiles.id, followeeId));
    return { created: false, followersCount: followee?.followersCount ?? 0 };
  });
  if (result.created) await emit(context, "profile.followed", { followerId, followeeId });
  return result;
}

/**
 * The one way a block is written (the block route, "block" on a message request): the block and
 * the end of every follow between the two, both ways, with the counts, commit together. Blocking
 * again changes nothing.
 */
export async function block(db: Db, blockerId: string, blockedId: string): Promise<void> {
  if (blockerId === blockedId) throw new AppError("social_selfNotAllowed");
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(blocks)
      .values({ blockerId, blockedId })
      .onConflictDoNothing()
      .returning({ blockedId: blocks.blockedId });
    if (inserted.length === 0) return;
    for (const [follower, followee] of [
      [blockerId, blockedId],
      [blockedId, blockerId],
    ] as const) {
      const removed = await tx
        .delete(follows)
        .where(and(eq(follows.followerId, follower), eq(follows.followeeId, followee)))
        .returning({ followeeId: follows.followeeId });
      if (removed.length > 0) await adjustFollowCounts(tx, follower, followee, -1);
    }
  });
}
