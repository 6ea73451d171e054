import { createHmac } from "node:crypto";
import type { SessionActor } from "@vn/contract";
import { AppError, type ReactionKind, type ReactionSummary, reactionKinds } from "@vn/contract";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentItems, contentViews, reactionCounts, reactions } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { type EventContext, emit } from "../../shared/events";
import { loadInteractiveItem, type Tx } from "../../shared/items";
import { before, decodeKeyset, keysetPage, timestampTextOf } from "../../shared/pages";
import { loadProfileCards } from "../../shared/profile-view";
import { blockedAround, notAmong } from "../../shared/social-graph";
import { recordVisit } from "../../shared/visits";

function emptyCounts(): Record<ReactionKind, number> {
  return Object.fromEntries(reactionKinds.map((k) => [k, 0])) as Record<ReactionKind, number>;
}

/** The viewer's own reaction per item (absent = none). */
export async function viewerReactionsFor(
  db: Db,
  viewerId: string | null,
  ids: string[],
): Promise<Record<string, ReactionKind>> {
  if (!viewerId || ids.length === 0) return {};
  const rows = await db
    .select({ contentId: reactions.contentId, kind: reactions.kind })
    .from(reactions)
    .where(and(eq(reactions.profileId, viewerId), inArray(reactions.contentId, ids)));
  return Object.fromEntries(rows.map((r) => [r.contentId, r.kind as ReactionKind]));
}

export async function reactionSummary(
  db: Db,
  contentId: string,
  viewerId: string | null,
): Promise<ReactionSummary> {
  const [rows, mine] = await Promise.all([
    db.select().from(reactionCounts).where(eq(reactionCounts.contentId, contentId)),
    viewerReactionsFor(db, viewerId, [contentId]),
  ]);
  const counts = emptyCounts();
  for (const row of rows) if (row.kind in counts) counts[row.kind as ReactionKind] = row.n;
  return {
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    mine: mine[contentId] ?? null,
  };
}

async function bump(tx: Tx, contentId: string, kind: string, delta: 1 | -1) {
  await tx
    .insert(reactionCounts)
    .values({ contentId, kind, n: Math.max(delta, 0) })
    .onConflictDoUpdate({
      target: [reactionCounts.contentId, reactionCounts.kind],
      set: { n: sql`greatest(${reactionCounts.n} + ${delta}, 0)` },
    });
}

/** One reaction per profile per item: a new one adds, another kind replaces, the same kind is a no-op. */
export async function react(
  context: EventContext,
  actor: SessionActor,
  contentId: string,
  kind: ReactionKind,
) {
  const { db } = context;
  const actorId = actingProfileId(actor);
  const { item } = await loadInteractiveItem(db, contentId, actorId);
  if (!item.reactionsEnabled) throw new AppError("reactions_disabled");
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ kind: reactions.kind })
      .from(reactions)
      .where(and(eq(reactions.contentId, contentId), eq(reactions.profileId, actorId)))
      .for("update");
    if (existing?.kind === kind) return false;
    if (existing) {
      await tx
        .update(reactions)
        .set({ kind })
        .where(and(eq(reactions.contentId, contentId), eq(reactions.profileId, actorId)));
      await bump(tx, contentId, existing.kind, -1);
      await bump(tx, contentId, kind, 1);
      return false;
    }
    const inserted = await tx
      .insert(reactions)
      .values({ contentId, profileId: actorId, kind })
      .onConflictDoNothing()
      .returning({ kind: reactions.kind });
    // A concurrent request of the same profile won the insert; its reaction stands.
    if (inserted.length === 0) return false;
    await bump(tx, contentId, kind, 1);
    await tx
      .update(contentItems)
      .set({ likeCount: sql`${contentItems.likeCount} + 1` })
      .where(eq(contentItems.id, contentId));
    return true;
  });
  if (created) {
    await emit(context, "content.reacted", { actorId, contentId, ownerId: item.ownerId, reaction: kind });
  }
  return reactionSummary(db, contentId, actorId);
}

export async function unreact(db: Db, actor: SessionActor, contentId: string) {
  const actorId = actingProfileId(actor);
  await loadInteractiveItem(db, contentId, actorId);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(reactions)
      .where(and(eq(reactions.contentId, contentId), eq(reactions.profileId, actorId)))
      .returning({ kind: reactions.kind });
    const gone = removed[0];
    if (!gone) return;
    await bump(tx, contentId, gone.kind, -1);
    await tx
      .update(contentItems)
      .set({ likeCount: sql`greatest(${contentItems.likeCount} - 1, 0)` })
      .where(eq(contentItems.id, contentId));
  });
  return reactionSummary(db, contentId, actorId);
}

/** Who reacted, newest first (optionally one kind); profiles in a block with the viewer are left out. */
export async function listReactions(
  db: Db,
  contentId: string,
  query: { cursor?: string; perPage: number; kind?: ReactionKind },
  viewerId: string | null,
) {
  await loadInteractiveItem(db, contentId, viewerId);
  const cursor = decodeKeyset(query.cursor);
  const hidden = await blockedAround(db, viewerId);
  const conditions = [eq(reactions.contentId, contentId), notAmong(reactions.profileId, hidden)];
  if (query.kind) conditions.push(eq(reactions.kind, query.kind));
  if (cursor) conditions.push(before(reactions.createdAt, reactions.profileId, cursor));
  const rows = await db
    .select({
      profileId: reactions.profileId,
      kind: reactions.kind,
      createdAt: reactions.createdAt,
      at: timestampTextOf(reactions.createdAt),
    })
    .from(reactions)
    .where(and(...conditions))
    .orderBy(desc(reactions.createdAt), desc(reactions.profileId))
    .limit(query.perPage + 1);
  const page = keysetPage(rows, query.perPage, (r) => ({ at: r.at, id: r.profileId }));
  const cards = await loadProfileCards(
    db,
    page.rows.map((r) => r.profileId),
    viewerId,
  );
  const cardById = new Map(cards.map((c) => [c.id, c]));
  return {
    items: page.rows.flatMap((r) => {
      const profile = cardById.get(r.profileId);
      return profile ? [{ profile, kind: r.kind as ReactionKind, createdAt: r.createdAt.toISOString() }] : [];
    }),
    nextCursor: page.nextCursor,
    summary: await reactionSummary(db, contentId, viewerId),
  };
}

// Views -----------------------------------------------------------------------------------------

/**
 * Who a view belongs to: the signed-in profile, or for a visitor a keyed hash of address and
 * browser, so the same visitor counts once a day and no address is stored.
 */
export function viewerKey(
  viewerId: string | null,
  visitor: { ip: string; userAgent: string | undefined },
  secret: string,
): string {
  if (viewerId) return `p:${viewerId}`;
  return `v:${createHmac("sha256", secret)
    .update(`${visitor.ip}|${visitor.userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 32)}`;
}

/** How a counted view is also written as a visit of the owner (the spy add-on's list). */
export interface ViewVisitOptions {
  /** The viewer's `addons.stealth` now (the actor's entitlement); read from storage when absent. */
  stealth?: boolean;
  /** A visit that could not be written never fails the count: it is logged. */
  log?: { warn: (object: unknown, message: string) => void };
}

/**
 * Counts a view once per viewer per (UTC) day where viewsEnabled; owners' own views do not count.
 * A view by a signed-in profile is also a visit of the owner (shared/visits.ts), best effort.
 */
export async function recordView(
  db: Db,
  contentId: string,
  viewerId: string | null,
  key: string,
  now = new Date(),
  visit: ViewVisitOptions = {},
): Promise<{ counted: boolean; view: number }> {
  const { item } = await loadInteractiveItem(db, contentId, viewerId);
  if (!item.viewsEnabled || item.ownerId === viewerId) return { counted: false, view: item.viewCount };
  const day = now.toISOString().slice(0, 10);
  const result = await countView(db, contentId, key, day, item.viewCount);
  if (result.counted && viewerId) {
    try {
      await recordVisit(db, {
        ownerId: item.ownerId,
        viewerId,
        subject: contentId,
        stealth: visit.stealth,
        now,
      });
    } catch (error) {
      visit.log?.warn({ err: error, contentId }, "could not record a publication visit");
    }
  }
  return result;
}

/** One view row per viewer key and day; the item's counter moves only for a new one. */
async function countView(
  db: Db,
  contentId: string,
  key: string,
  day: string,
  viewCount: number,
): Promise<{ counted: boolean; view: number }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(contentViews)
      .values({ contentId, viewerKey: key, day })
      .onConflictDoNothing()
      .returning({ day: contentViews.day });
    if (inserted.length === 0) return { counted: false, view: viewCount };
    const [updated] = await tx
      .update(contentItems)
      .set({ viewCount: sql`${contentItems.viewCount} + 1` })
      .where(eq(contentItems.id, contentId))
      .returning({ view: contentItems.viewCount });
    return { counted: true, view: updated?.view ?? viewCount + 1 };
  });
}

/** Drops view rows of days before yesterday: only today's rows are needed to count once a day. */
export async function purgeOldViews(db: Db, now = new Date()): Promise<void> {
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await db.delete(contentViews).where(sql`${contentViews.day} < ${yesterday}`);
}
