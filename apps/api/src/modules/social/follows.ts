import { AppError, messages, type ProfileCard, permissionsForRole } from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blocks, follows, mutes, profiles } from "../../db/schema/index";
import type { Principal } from "../accounts/session-lookup";
import { actingProfileId } from "../content/rules";
import { type NotifyDeps, notify } from "../notifications/service";
import { isVisibleProfile, loadCards } from "./cards";
import type { Tx } from "./items";
import { before, decodeKeyset, encodeKeyset, rowsOf } from "./keyset";
import { blockedAround, isBlockedBetween } from "./relations";

type ProfileRow = typeof profiles.$inferSelect;

/**
 * The acting profile, when its role may manage follows (a company's employees may not; its
 * owner and managers may). Blocks and mutes fall under the same scope.
 */
export function followingActor(principal: Principal): string {
  const id = actingProfileId(principal);
  if (principal.companyRole && permissionsForRole(principal.companyRole).follows === "none") {
    throw new AppError("accountManager_permissionNotProvided");
  }
  return id;
}

export async function findProfile(db: Db, slug: string, message?: string): Promise<ProfileRow> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(sql`lower(${profiles.slug}) = lower(${slug})`)
    .limit(1);
  if (!row || !isVisibleProfile(row)) throw new AppError("request_notFound", message ? { message } : {});
  return row;
}

/** The target of a list or action, refused as missing when it is in a block with the viewer. */
async function findVisibleTo(db: Db, slug: string, viewerId: string | null, message?: string) {
  const row = await findProfile(db, slug, message);
  if (await isBlockedBetween(db, viewerId, row.id))
    throw new AppError("request_notFound", message ? { message } : {});
  return row;
}

async function adjustCounts(db: Db | Tx, followerId: string, followeeId: string, delta: 1 | -1) {
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

export async function followProfile(deps: NotifyDeps, principal: Principal, slug: string) {
  const { db } = deps;
  const actorId = followingActor(principal);
  const target = await findProfile(db, slug, messages.followFailed);
  if (target.id === actorId) throw new AppError("social_selfNotAllowed", { message: messages.followFailed });
  if (await isBlockedBetween(db, actorId, target.id)) throw new AppError("social_followNotAllowed");
  const result = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(follows)
      .values({ followerId: actorId, followeeId: target.id })
      .onConflictDoNothing()
      .returning({ followeeId: follows.followeeId });
    if (inserted.length === 0) return { created: false, followersCount: target.followersCount };
    return { created: true, followersCount: await adjustCounts(tx, actorId, target.id, 1) };
  });
  if (result.created) await notify(deps, [{ recipientId: target.id, actorId, kind: "follow" }]);
  return { followed: true, followersCount: result.followersCount };
}

export async function unfollowProfile(db: Db, principal: Principal, slug: string) {
  const actorId = followingActor(principal);
  const target = await findProfile(db, slug, messages.followUpdateFailed);
  const followersCount = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, actorId), eq(follows.followeeId, target.id)))
      .returning({ followeeId: follows.followeeId });
    if (removed.length === 0) return target.followersCount;
    return adjustCounts(tx, actorId, target.id, -1);
  });
  return { followed: false, followersCount };
}

/** One profile's followers (direction "followers") or whom it follows ("following"), newest first. */
export async function listFollows(
  db: Db,
  slug: string,
  direction: "followers" | "following",
  query: { cursor?: string; perPage: number },
  viewerId: string | null,
): Promise<{ items: ProfileCard[]; nextCursor: string | null; total: number }> {
  const target = await findVisibleTo(db, slug, viewerId);
  const cursor = decodeKeyset(query.cursor);
  const hidden = [...(await blockedAround(db, viewerId))];
  const [mine, theirs] =
    direction === "followers"
      ? [sql`f.followee_id`, sql`f.follower_id`]
      : [sql`f.follower_id`, sql`f.followee_id`];
  const rows = await rowsOf<{ id: string; at: string }>(
    db,
    sql`SELECT ${theirs} AS id, f.created_at::text AS at
        FROM follows f JOIN profiles p ON p.id = ${theirs} AND p.status = 'active'
        WHERE ${mine} = ${target.id}
          ${cursor ? sql`AND ${before(sql`f.created_at`, theirs, cursor)}` : sql``}
          ${
            hidden.length
              ? sql`AND ${theirs} NOT IN (${sql.join(
                  hidden.map((h) => sql`${h}`),
                  sql`, `,
                )})`
              : sql``
          }
        ORDER BY f.created_at DESC, ${theirs} DESC
        LIMIT ${query.perPage + 1}`,
  );
  const page = rows.slice(0, query.perPage);
  const last = page.at(-1);
  return {
    items: await loadCards(
      db,
      page.map((r) => r.id),
      viewerId,
    ),
    nextCursor: rows.length > query.perPage && last ? encodeKeyset(last.at, last.id) : null,
    total: direction === "followers" ? target.followersCount : target.followingCount,
  };
}

// Blocks and mutes ------------------------------------------------------------------------------

export async function blockProfile(db: Db, principal: Principal, slug: string): Promise<void> {
  const actorId = followingActor(principal);
  const target = await findProfile(db, slug);
  if (target.id === actorId) throw new AppError("social_selfNotAllowed");
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(blocks)
      .values({ blockerId: actorId, blockedId: target.id })
      .onConflictDoNothing()
      .returning({ blockedId: blocks.blockedId });
    if (inserted.length === 0) return;
    // A block ends following both ways, with the counts in the same transaction.
    for (const [follower, followee] of [
      [actorId, target.id],
      [target.id, actorId],
    ] as const) {
      const removed = await tx
        .delete(follows)
        .where(and(eq(follows.followerId, follower), eq(follows.followeeId, followee)))
        .returning({ followeeId: follows.followeeId });
      if (removed.length > 0) await adjustCounts(tx, follower, followee, -1);
    }
  });
}

export async function unblockProfile(db: Db, principal: Principal, slug: string): Promise<void> {
  const actorId = followingActor(principal);
  const target = await findProfile(db, slug);
  await db.delete(blocks).where(and(eq(blocks.blockerId, actorId), eq(blocks.blockedId, target.id)));
}

export async function muteProfile(db: Db, principal: Principal, slug: string): Promise<void> {
  const actorId = followingActor(principal);
  const target = await findProfile(db, slug);
  if (target.id === actorId) throw new AppError("social_selfNotAllowed");
  await db.insert(mutes).values({ muterId: actorId, mutedId: target.id }).onConflictDoNothing();
}

export async function unmuteProfile(db: Db, principal: Principal, slug: string): Promise<void> {
  const actorId = followingActor(principal);
  const target = await findProfile(db, slug);
  await db.delete(mutes).where(and(eq(mutes.muterId, actorId), eq(mutes.mutedId, target.id)));
}

/** The acting profile's blocks or mutes, newest first. */
export async function listOwnRelations(
  db: Db,
  principal: Principal,
  which: "blocks" | "mutes",
  query: { cursor?: string; perPage: number },
) {
  const actorId = actingProfileId(principal);
  const cursor = decodeKeyset(query.cursor);
  const [table, mine, theirs] =
    which === "blocks"
      ? [sql`blocks`, sql`blocker_id`, sql`blocked_id`]
      : [sql`mutes`, sql`muter_id`, sql`muted_id`];
  const rows = await rowsOf<{ id: string; at: string }>(
    db,
    sql`SELECT ${theirs} AS id, created_at::text AS at FROM ${table}
        WHERE ${mine} = ${actorId} ${cursor ? sql`AND ${before(sql`created_at`, theirs, cursor)}` : sql``}
        ORDER BY created_at DESC, ${theirs} DESC LIMIT ${query.perPage + 1}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${table} WHERE ${mine} = ${actorId}`,
  );
  const page = rows.slice(0, query.perPage);
  const last = page.at(-1);
  return {
    items: await loadCards(
      db,
      page.map((r) => r.id),
      actorId,
    ),
    nextCursor: rows.length > query.perPage && last ? encodeKeyset(last.at, last.id) : null,
    total: Number(count?.n ?? 0),
  };
}

export async function relationship(db: Db, principal: Principal | null, slug: string) {
  const target = await findProfile(db, slug);
  const viewerId = principal?.profileId ?? null;
  if (!viewerId || viewerId === target.id) {
    return {
      followed: false,
      followsYou: false,
      blocked: false,
      muted: false,
      isSelf: viewerId === target.id,
    };
  }
  const [row] = await rowsOf<{ followed: boolean; follows_you: boolean; blocked: boolean; muted: boolean }>(
    db,
    sql`SELECT
          EXISTS (SELECT 1 FROM follows WHERE follower_id = ${viewerId} AND followee_id = ${target.id}) AS followed,
          EXISTS (SELECT 1 FROM follows WHERE follower_id = ${target.id} AND followee_id = ${viewerId}) AS follows_you,
          EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${viewerId} AND blocked_id = ${target.id}) AS blocked,
          EXISTS (SELECT 1 FROM mutes WHERE muter_id = ${viewerId} AND muted_id = ${target.id}) AS muted`,
  );
  return {
    followed: Boolean(row?.followed),
    followsYou: Boolean(row?.follows_you),
    blocked: Boolean(row?.blocked),
    muted: Boolean(row?.muted),
    isSelf: false,
  };
}
