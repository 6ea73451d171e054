import type { SessionActor } from "@vn/contract";
import { AppError, messages, type ProfileCard, permissionsForRole } from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blocks, follows, mutes, profiles } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import type { EventContext } from "../../shared/events";
import { before, decodeKeyset, keysetPage, rowsOf } from "../../shared/pages";
import {
  isVisibleProfile,
  loadProfileCards,
  mayView,
  ownerVisibleTo,
  viewerOfProfile,
} from "../../shared/profile-view";
import {
  adjustFollowCounts,
  block,
  blockedAround,
  follow,
  isBlockedBetween,
  notAmong,
} from "../../shared/social-graph";

type ProfileRow = typeof profiles.$inferSelect;

/**
 * The acting profile, when its role may manage follows (a company's employees may not; its
 * owner and managers may). Blocks and mutes fall under the same scope.
 */
export function followingActor(actor: SessionActor): string {
  const id = actingProfileId(actor);
  if (actor.companyRole && permissionsForRole(actor.companyRole).follows === "none") {
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

/** Follows a profile as the acting profile (shared/social-graph.ts follow: blocks, counters, the event). */
export async function followProfile(context: EventContext, actor: SessionActor, slug: string) {
  const actorId = followingActor(actor);
  const target = await findProfile(context.db, slug, messages.followFailed);
  if (target.id === actorId) throw new AppError("social_selfNotAllowed", { message: messages.followFailed });
  const { followersCount } = await follow(context, actorId, target.id);
  return { followed: true, followersCount };
}

export async function unfollowProfile(db: Db, actor: SessionActor, slug: string) {
  const actorId = followingActor(actor);
  const target = await findProfile(db, slug, messages.followUpdateFailed);
  const followersCount = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, actorId), eq(follows.followeeId, target.id)))
      .returning({ followeeId: follows.followeeId });
    if (removed.length === 0) return target.followersCount;
    return adjustFollowCounts(tx, actorId, target.id, -1);
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
  // Privacy levels (decision 0014): a hidden profile's lists are hidden with it, and a list shows
  // only the profiles this viewer may see.
  const viewer = await viewerOfProfile(db, viewerId);
  if (!mayView(target, viewer)) throw new AppError("request_notFound");
  const cursor = decodeKeyset(query.cursor);
  const hidden = await blockedAround(db, viewerId);
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
          AND ${notAmong(theirs, hidden)} AND ${ownerVisibleTo(theirs, viewer)}
        ORDER BY f.created_at DESC, ${theirs} DESC
        LIMIT ${query.perPage + 1}`,
  );
  const page = keysetPage(rows, query.perPage, (r) => r);
  return {
    items: await loadProfileCards(
      db,
      page.rows.map((r) => r.id),
      viewerId,
    ),
    nextCursor: page.nextCursor,
    total: direction === "followers" ? target.followersCount : target.followingCount,
  };
}

// Blocks and mutes ------------------------------------------------------------------------------

export async function blockProfile(db: Db, actor: SessionActor, slug: string): Promise<void> {
  const actorId = followingActor(actor);
  const target = await findProfile(db, slug);
  await block(db, actorId, target.id);
}

export async function unblockProfile(db: Db, actor: SessionActor, slug: string): Promise<void> {
  const actorId = followingActor(actor);
  const target = await findProfile(db, slug);
  await db.delete(blocks).where(and(eq(blocks.blockerId, actorId), eq(blocks.blockedId, target.id)));
}

export async function muteProfile(db: Db, actor: SessionActor, slug: string): Promise<void> {
  const actorId = followingActor(actor);
  const target = await findProfile(db, slug);
  if (target.id === actorId) throw new AppError("social_selfNotAllowed");
  await db.insert(mutes).values({ muterId: actorId, mutedId: target.id }).onConflictDoNothing();
}

export async function unmuteProfile(db: Db, actor: SessionActor, slug: string): Promise<void> {
  const actorId = followingActor(actor);
  const target = await findProfile(db, slug);
  await db.delete(mutes).where(and(eq(mutes.muterId, actorId), eq(mutes.mutedId, target.id)));
}

/** The acting profile's blocks or mutes, newest first. */
export async function listOwnRelations(
  db: Db,
  actor: SessionActor,
  which: "blocks" | "mutes",
  query: { cursor?: string; perPage: number },
) {
  const actorId = actingProfileId(actor);
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
  const page = keysetPage(rows, query.perPage, (r) => r);
  return {
    items: await loadProfileCards(
      db,
      page.rows.map((r) => r.id),
      actorId,
    ),
    nextCursor: page.nextCursor,
    total: Number(count?.n ?? 0),
  };
}

export async function relationship(db: Db, actor: SessionActor | null, slug: string) {
  const target = await findProfile(db, slug);
  const viewerId = actor?.profileId ?? null;
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
