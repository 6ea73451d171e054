import type { SessionActor } from "@vn/contract";
import {
  AppError,
  COMMENT_LIMIT_PER_POST,
  type Comment,
  type CommentDeletedEvent,
  type CommentEvent,
  type CommentsDialog,
  type CommentTarget,
  type commentBlockReasons,
  messages,
  type PrivacyLevel,
  permissionsForRole,
  type ServerEventName,
} from "@vn/contract";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { comments, contentItems, profiles } from "../../db/schema/index";
import type { StorageProvider } from "../../providers/storage/index";
import { actingProfileId } from "../../shared/acting-profile";
import { writeAudit } from "../../shared/audit";
import { type EventContext, emit } from "../../shared/events";
import { type ContentRow, loadInteractiveItem, type ProfileRow } from "../../shared/items";
import type { MediaRow } from "../../shared/media-view";
import { after, before, decodeKeyset, keysetPage, pageCount, rowsOf } from "../../shared/pages";
import { mayView, ownerVisibleTo, profileFace, type Viewer, viewerOfActor } from "../../shared/profile-view";
import type { ServerEventPayload } from "../../shared/realtime";
import { blockedAround, isBlockedBetween, isFollowing, notAmong } from "../../shared/social-graph";
import {
  claimImage,
  commentImageOf,
  deleteStoredImages,
  dropImageRows,
  guardImageRace,
  imagesById,
} from "./images";

type CommentRow = typeof comments.$inferSelect;
type CannotCommentReason = (typeof commentBlockReasons)[number];

/** What comment writes need besides the database: the room, the image store, the per-post limit. */
export interface CommentDeps extends EventContext {
  /** Where a deleted comment's image bytes are removed from. */
  storage?: StorageProvider;
  /** Comments per publication (config COMMENT_LIMIT_PER_POST); the contract's 1,000 when unset. */
  commentLimit?: number;
}
const limitOf = (deps: { commentLimit?: number }) => deps.commentLimit ?? COMMENT_LIMIT_PER_POST;

/**
 * Comments (spec §3, §4, §6, §7). Every write runs in one transaction with the item's counter
 * (content_items.comment_count, the per-post limit's gauge, checked under the row's lock), then
 * tells the content room over the socket. Socket payloads carry the comment exactly as any
 * visitor may read it (no viewer-specific fields), and skip sockets of profiles in a block with
 * the author or the item's owner.
 */

export function roomOf(
  item: Pick<ContentRow, "kind" | "slug">,
  owner: Pick<ProfileRow, "slug">,
): CommentEvent["room"] {
  return {
    ownerSlug: owner.slug,
    contentSlug: item.slug,
    contentType: item.kind as CommentEvent["room"]["contentType"],
  };
}

function serialize(row: CommentRow, author: ProfileRow, image?: MediaRow | null): Comment {
  return {
    id: row.id,
    contentId: row.contentId,
    parentId: row.parentId,
    body: row.body,
    author: profileFace(author),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: row.editedAt !== null,
    pinned: row.pinnedAt !== null,
    replyCount: row.replyCount,
    image: row.imageMediaId ? commentImageOf(image) : null,
  };
}

/** The comments scope of the caller's company role, or "all" when acting as oneself. */
function commentsScope(actor: SessionActor) {
  return actor.companyRole ? permissionsForRole(actor.companyRole).comments : "all";
}

/** What the viewer may do with one comment of an item. */
function permissionsFor(
  row: CommentRow,
  item: Pick<ContentRow, "ownerId">,
  actor: SessionActor | null,
): NonNullable<Comment["permissions"]> {
  const actorId = actor?.profileId ?? null;
  if (!actor || !actorId || actor.actingProfileLost) return { edit: false, delete: false, pin: false };
  const scope = commentsScope(actor);
  const ownComment =
    row.authorId === actorId &&
    (scope === "all" || (scope === "manage" && row.authorUserId === actor.userId));
  const moderates = item.ownerId === actorId && scope === "all";
  return { edit: ownComment, delete: ownComment || moderates, pin: moderates && row.parentId === null };
}

// Reading ---------------------------------------------------------------------------------------

export async function resolveTarget(db: Db, target: CommentTarget, viewerId: string | null) {
  const kinds =
    target.commentableType === "release" || target.commentableType === "news"
      ? ["release", "news"]
      : [target.commentableType];
  const [found] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .innerJoin(profiles, eq(profiles.id, contentItems.ownerId))
    .where(
      and(
        sql`lower(${profiles.slug}) = lower(${target.ownerSlug})`,
        eq(contentItems.slug, target.commentableSlug),
        inArray(contentItems.kind, kinds),
      ),
    )
    .limit(1);
  if (!found) throw new AppError("content_notFound");
  return loadInteractiveItem(db, found.id, viewerId);
}

async function actorProfile(db: Db, id: string): Promise<ProfileRow> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  if (!row) throw new AppError("accountManager_ownerNotFound");
  return row;
}

/** Why the viewer may not comment on this item, or null. */
async function cannotComment(
  db: Db,
  item: ContentRow,
  actor: SessionActor | null,
  limit: number,
): Promise<CannotCommentReason | null> {
  const actorId = actor?.profileId ?? null;
  if (!actor || !actorId) return "signInRequired";
  if (actor.actingProfileLost || commentsScope(actor) === "none") return "unavailable";
  if (item.commentsMode === "off") return "off";
  if (item.commentCount >= limit) return "limitReached";
  if (item.commentsMode === "limited" && item.ownerId !== actorId) {
    const actor = await actorProfile(db, actorId);
    if (actor.verificationStatus !== "verified" && !(await isFollowing(db, actorId, item.ownerId))) {
      return "limited";
    }
  }
  return null;
}

async function topLevelCount(db: Db, contentId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM comments WHERE content_id = ${contentId} AND parent_id IS NULL AND deleted_at IS NULL`,
  );
  return Number(row?.n ?? 0);
}

/** §3 "Comments dialog": everything the dialog opens with, for one comment target. */
export async function commentsDialog(
  db: Db,
  target: CommentTarget,
  actor: SessionActor | null,
  perPage: number,
  limit = COMMENT_LIMIT_PER_POST,
): Promise<CommentsDialog> {
  const { item, owner } = await resolveTarget(db, target, actor?.profileId ?? null);
  const reason = await cannotComment(db, item, actor, limit);
  return {
    ownerSlug: owner.slug,
    commentableId: item.id,
    commentableType: item.kind,
    commentableSlug: item.slug,
    isOwnerEntity: actor?.profileId === item.ownerId,
    entityStatus: item.status,
    ownerPrivacyId: owner.privacy as PrivacyLevel,
    isReplyActive: false,
    commentsMode: item.commentsMode as CommentsDialog["commentsMode"],
    canComment: reason === null,
    cannotCommentReason: reason,
    totalCount: item.commentCount,
    totalPages: pageCount(await topLevelCount(db, item.id), perPage),
    perPage,
    room: roomOf(item, owner),
  };
}

async function withAuthors(
  db: Db,
  rows: CommentRow[],
  item: ContentRow,
  actor: SessionActor | null,
): Promise<Comment[]> {
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const authors = authorIds.length
    ? await db.select().from(profiles).where(inArray(profiles.id, authorIds))
    : [];
  const byId = new Map(authors.map((a) => [a.id, a]));
  const images = await imagesById(
    db,
    rows.map((r) => r.imageMediaId),
  );
  return rows.flatMap((row) => {
    const author = byId.get(row.authorId);
    if (author?.status !== "active") return [];
    const image = row.imageMediaId ? images.get(row.imageMediaId) : null;
    return [{ ...serialize(row, author, image), permissions: permissionsFor(row, item, actor) }];
  });
}

/**
 * Comments whose author the viewer may see: not in a block with them, and allowed by the author's
 * privacy level (decision 0014). A comment of a hidden author is left out, as a blocked author's is.
 */
function seenAuthors(hidden: Set<string>, viewer: Viewer) {
  return and(notAmong(comments.authorId, hidden), ownerVisibleTo(comments.authorId, viewer));
}

/**
 * Top-level comments, newest first. Page 1 (no cursor) starts with the pinned comment; the rest
 * page by keyset cursor (infinite scroll) or by page number (the counters of §3).
 */
export async function listComments(
  db: Db,
  contentId: string,
  query: { cursor?: string; page: number; perPage: number },
  actor: SessionActor | null,
) {
  const viewerId = actor?.profileId ?? null;
  const { item } = await loadInteractiveItem(db, contentId, viewerId);
  const hidden = await blockedAround(db, viewerId);
  const cursor = decodeKeyset(query.cursor);
  const base = and(
    eq(comments.contentId, contentId),
    isNull(comments.parentId),
    isNull(comments.deletedAt),
    seenAuthors(hidden, viewerOfActor(actor)),
  );
  const pinned =
    !cursor && query.page === 1
      ? await db
          .select()
          .from(comments)
          .where(and(base, sql`${comments.pinnedAt} IS NOT NULL`))
      : [];
  const rows = await db
    .select({ row: comments, at: sql<string>`${comments.createdAt}::text` })
    .from(comments)
    .where(
      and(
        base,
        isNull(comments.pinnedAt),
        cursor ? before(comments.createdAt, comments.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(query.perPage + 1)
    .offset(cursor ? 0 : (query.page - 1) * query.perPage);
  const page = keysetPage(rows, query.perPage, (r) => ({ at: r.at, id: r.row.id }));
  return {
    items: await withAuthors(db, [...pinned, ...page.rows.map((r) => r.row)], item, actor),
    totalCount: item.commentCount,
    totalPages: pageCount(await topLevelCount(db, contentId), query.perPage),
    page: cursor ? 0 : query.page,
    nextCursor: page.nextCursor,
  };
}

async function loadComment(db: Db, id: string): Promise<CommentRow> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
    .limit(1);
  if (!row) throw new AppError("comment_notFound");
  return row;
}

/** The replies of one thread, oldest first (conversation order). */
export async function listReplies(
  db: Db,
  commentId: string,
  query: { cursor?: string; page: number; perPage: number },
  actor: SessionActor | null,
) {
  const viewerId = actor?.profileId ?? null;
  const head = await loadComment(db, commentId);
  const { item } = await loadInteractiveItem(db, head.contentId, viewerId);
  const hidden = await blockedAround(db, viewerId);
  const viewer = viewerOfActor(actor);
  // A thread whose head is left out of the list (blocked or hidden author) is not found either.
  if (hidden.has(head.authorId) || !mayView(await actorProfile(db, head.authorId), viewer)) {
    throw new AppError("comment_notFound");
  }
  const cursor = decodeKeyset(query.cursor);
  const rows = await db
    .select({ row: comments, at: sql<string>`${comments.createdAt}::text` })
    .from(comments)
    .where(
      and(
        eq(comments.parentId, head.id),
        isNull(comments.deletedAt),
        seenAuthors(hidden, viewer),
        cursor ? after(comments.createdAt, comments.id, cursor) : undefined,
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(query.perPage + 1)
    .offset(cursor ? 0 : (query.page - 1) * query.perPage);
  const page = keysetPage(rows, query.perPage, (r) => ({ at: r.at, id: r.row.id }));
  return {
    items: await withAuthors(
      db,
      page.rows.map((r) => r.row),
      item,
      actor,
    ),
    totalCount: item.commentCount,
    totalPages: pageCount(head.replyCount, query.perPage),
    page: cursor ? 0 : query.page,
    nextCursor: page.nextCursor,
  };
}

// Writing ---------------------------------------------------------------------------------------

/**
 * Sends a comments.* event to the item's room, except to sockets of profiles in a block with the
 * author or owner. An author not everyone may see (privacy level, decision 0014) is heard only by
 * the sockets whose acting profile may see them, as the comment list leaves their comments out
 * for the others. The hub sends it in one broadcast, encoded once (realtime/audience.ts).
 */
async function tellRoom<E extends ServerEventName>(
  deps: EventContext,
  item: ContentRow,
  owner: ProfileRow,
  authorId: string,
  event: E,
  payload: CommentEvent | CommentDeletedEvent,
): Promise<void> {
  const realtime = deps.realtime;
  if (!realtime) return;
  try {
    const [aroundAuthor, aroundOwner, author] = await Promise.all([
      blockedAround(deps.db, authorId),
      blockedAround(deps.db, owner.id),
      actorProfile(deps.db, authorId),
    ]);
    realtime.emitToContentRoom(roomOf(item, owner), event, payload as ServerEventPayload<E>, {
      exceptProfiles: new Set([...aroundAuthor, ...aroundOwner]),
      visibleAs: author,
    });
  } catch (err) {
    deps.log?.error({ err, module: "comments" }, "comments: could not tell the room");
  }
}

function assertMayWrite(actor: SessionActor): string {
  const actorId = actingProfileId(actor);
  if (commentsScope(actor) === "none") throw new AppError("accountManager_permissionNotProvided");
  return actorId;
}

export async function createComment(
  deps: CommentDeps,
  actor: SessionActor,
  contentId: string,
  input: { body: string; parentId?: string; imageId?: string },
): Promise<{ comment: Comment; totalCount: number }> {
  const { db } = deps;
  const limit = limitOf(deps);
  const actorId = assertMayWrite(actor);
  const { item, owner } = await loadInteractiveItem(db, contentId, actorId);
  const reason = await cannotComment(db, item, actor, limit);
  if (reason === "off") throw new AppError("comments_disabled");
  if (reason === "limited") throw new AppError("comments_limited");
  // "limitReached" is decided below, under the item's row lock.

  let head: CommentRow | null = null;
  let repliedTo: CommentRow | null = null;
  if (input.parentId) {
    repliedTo = await loadComment(db, input.parentId);
    if (repliedTo.contentId !== contentId) throw new AppError("comment_notFound");
    if (await isBlockedBetween(db, actorId, repliedTo.authorId)) throw new AppError("comment_notFound");
    // One level of threads: answering a reply joins its thread.
    head = repliedTo.parentId ? await loadComment(db, repliedTo.parentId) : repliedTo;
  }

  const now = new Date();
  const { row, image, totalCount } = await guardImageRace(input.imageId, () =>
    db.transaction(async (tx) => {
      const [counted] = await tx
        .update(contentItems)
        .set({ commentCount: sql`${contentItems.commentCount} + 1` })
        .where(and(eq(contentItems.id, contentId), sql`${contentItems.commentCount} < ${limit}`))
        .returning({ n: contentItems.commentCount });
      if (!counted) throw new AppError("comments_limitReached", { details: { limit } });
      const image = input.imageId ? await claimImage(tx, actorId, input.imageId) : null;
      const [inserted] = await tx
        .insert(comments)
        .values({
          id: crypto.randomUUID(),
          contentId,
          authorId: actorId,
          authorUserId: actor.userId,
          parentId: head?.id ?? null,
          body: input.body,
          imageMediaId: image?.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (head) {
        await tx
          .update(comments)
          .set({ replyCount: sql`${comments.replyCount} + 1` })
          .where(eq(comments.id, head.id));
      }
      return { row: inserted!, image, totalCount: counted.n };
    }),
  );

  const author = await actorProfile(db, actorId);
  const comment = serialize(row, author, image);
  await tellRoom(deps, item, owner, actorId, head ? "comments.replied" : "comments.created", {
    room: roomOf(item, owner),
    contentId,
    comment,
    totalCount,
  });

  await emit(deps, "comment.created", {
    actorId,
    contentId,
    ownerId: item.ownerId,
    commentId: row.id,
    body: input.body,
    threadAuthorId: head?.authorId ?? null,
    repliedToAuthorId: repliedTo?.authorId ?? null,
  });
  return { comment: { ...comment, permissions: permissionsFor(row, item, actor) }, totalCount };
}

/** The comment and its item, for a write by the caller; comments of hidden items answer not found. */
async function loadForWrite(db: Db, actor: SessionActor, id: string) {
  const actorId = actingProfileId(actor);
  const row = await loadComment(db, id);
  const { item, owner } = await loadInteractiveItem(db, row.contentId, actorId).catch(() => {
    throw new AppError("comment_notFound");
  });
  return { row, item, owner, permissions: permissionsFor(row, item, actor) };
}

/**
 * Edits a comment's text and, when `imageId` is given, its image (null removes it; the image it
 * replaces or removes is deleted). A comment keeps text or an image.
 */
export async function updateComment(
  deps: CommentDeps,
  actor: SessionActor,
  id: string,
  input: { body: string; imageId?: string | null },
) {
  const { db } = deps;
  const { row, item, owner, permissions } = await loadForWrite(db, actor, id);
  if (!permissions.edit) throw new AppError("accountManager_permissionNotProvided");
  const nextImageId = input.imageId === undefined ? row.imageMediaId : input.imageId;
  if (!input.body && !nextImageId) {
    throw new AppError("request_validationFailed", {
      details: [{ path: "body.body", message: messages.fieldRequired }],
    });
  }
  const dropped = row.imageMediaId && row.imageMediaId !== nextImageId ? [row.imageMediaId] : [];
  const now = new Date();
  const { updated, image } = await guardImageRace(nextImageId, () =>
    db.transaction(async (tx) => {
      const image =
        nextImageId && nextImageId !== row.imageMediaId
          ? await claimImage(tx, row.authorId, nextImageId, row.id)
          : null;
      const [updated] = await tx
        .update(comments)
        .set({ body: input.body, imageMediaId: nextImageId, editedAt: now, updatedAt: now })
        .where(and(eq(comments.id, row.id), isNull(comments.deletedAt)))
        .returning();
      if (!updated) throw new AppError("comment_notFound");
      await dropImageRows(tx, dropped);
      return { updated, image };
    }),
  );
  await deleteStoredImages(deps.storage, dropped, deps.log);
  const kept = image ?? (nextImageId ? (await imagesById(db, [nextImageId])).get(nextImageId) : null);
  const comment = serialize(updated, await actorProfile(db, row.authorId), kept);
  await tellRoom(deps, item, owner, row.authorId, "comments.updated", {
    room: roomOf(item, owner),
    contentId: item.id,
    comment,
    totalCount: item.commentCount,
  });
  return { comment: { ...comment, permissions }, totalCount: item.commentCount };
}

/** Deletes a comment (the author, or the item's owner); a thread's head takes its replies with it. */
export async function deleteComment(deps: CommentDeps, actor: SessionActor, id: string): Promise<void> {
  const { db } = deps;
  const { row, item, owner, permissions } = await loadForWrite(db, actor, id);
  if (!permissions.delete) throw new AppError("accountManager_permissionNotProvided");
  const now = new Date();
  const { deletedIds, imageIds, totalCount } = await db.transaction(async (tx) => {
    const gone = await tx
      .update(comments)
      .set({ deletedAt: now, pinnedAt: null, updatedAt: now })
      .where(
        and(
          isNull(comments.deletedAt),
          row.parentId === null
            ? sql`(${comments.id} = ${row.id} OR ${comments.parentId} = ${row.id})`
            : eq(comments.id, row.id),
        ),
      )
      .returning({ id: comments.id, imageMediaId: comments.imageMediaId });
    // Their images go with them (the FK clears image_media_id); the bytes follow after the commit.
    const imageIds = gone.flatMap((g) => (g.imageMediaId ? [g.imageMediaId] : []));
    await dropImageRows(tx, imageIds);
    // Removing someone else's words from one's own publication is moderation.
    await writeAudit(tx, {
      action: row.authorId === actor.profileId ? "comment.deleted" : "comment.moderated",
      resourceType: "comment",
      resourceId: row.id,
      before: { authorId: row.authorId, contentId: item.id, body: row.body },
      after: { deletedIds: gone.map((g) => g.id) },
    });
    if (row.parentId) {
      await tx
        .update(comments)
        .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
        .where(eq(comments.id, row.parentId));
    }
    const [counted] = await tx
      .update(contentItems)
      .set({ commentCount: sql`greatest(${contentItems.commentCount} - ${gone.length}, 0)` })
      .where(eq(contentItems.id, item.id))
      .returning({ n: contentItems.commentCount });
    return { deletedIds: gone.map((g) => g.id), imageIds, totalCount: counted?.n ?? 0 };
  });
  await deleteStoredImages(deps.storage, imageIds, deps.log);
  await tellRoom(deps, item, owner, row.authorId, "comments.deleted", {
    room: roomOf(item, owner),
    contentId: item.id,
    commentId: row.id,
    parentId: row.parentId,
    deletedIds,
    totalCount,
  });
}

/** Pins a top-level comment (the item's owner); one pinned comment per item, so a pin replaces the last. */
export async function setPinned(deps: CommentDeps, actor: SessionActor, id: string, pinned: boolean) {
  const { db } = deps;
  const { row, item, owner, permissions } = await loadForWrite(db, actor, id);
  if (row.parentId !== null) throw new AppError("comment_notPinnable");
  if (!permissions.pin) throw new AppError("accountManager_permissionNotProvided");
  const now = new Date();
  const { updated, unpinned } = await db.transaction(async (tx) => {
    const unpinned = pinned
      ? await tx
          .update(comments)
          .set({ pinnedAt: null })
          .where(
            and(
              eq(comments.contentId, item.id),
              sql`${comments.pinnedAt} IS NOT NULL`,
              sql`${comments.id} <> ${row.id}`,
            ),
          )
          .returning()
      : [];
    const [updated] = await tx
      .update(comments)
      .set({ pinnedAt: pinned ? (row.pinnedAt ?? now) : null })
      .where(eq(comments.id, row.id))
      .returning();
    return { updated: updated!, unpinned };
  });
  const room = roomOf(item, owner);
  const authorIds = [...new Set([updated.authorId, ...unpinned.map((u) => u.authorId)])];
  const authors = new Map(
    (await db.select().from(profiles).where(inArray(profiles.id, authorIds))).map((a) => [a.id, a]),
  );
  const images = await imagesById(db, [updated.imageMediaId, ...unpinned.map((u) => u.imageMediaId)]);
  const imageOf = (r: CommentRow) => (r.imageMediaId ? images.get(r.imageMediaId) : null);
  for (const other of unpinned) {
    const author = authors.get(other.authorId);
    if (author)
      await tellRoom(deps, item, owner, other.authorId, "comments.unpinned", {
        room,
        contentId: item.id,
        comment: serialize(other, author, imageOf(other)),
        totalCount: item.commentCount,
      });
  }
  const comment = serialize(updated, authors.get(updated.authorId)!, imageOf(updated));
  await tellRoom(deps, item, owner, updated.authorId, pinned ? "comments.pinned" : "comments.unpinned", {
    room,
    contentId: item.id,
    comment,
    totalCount: item.commentCount,
  });
  return { comment: { ...comment, permissions }, totalCount: item.commentCount };
}
