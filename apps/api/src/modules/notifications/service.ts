import {
  AppError,
  type ContentItem,
  NOTIFICATIONS_UNREAD_CAP,
  type Notification,
  type NotificationKind,
  type ReactionKind,
} from "@vn/contract";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chats, comments, contentItems, notifications, profiles } from "../../db/schema/index";
import { contentPath } from "../../shared/content-view";
import type { DomainEvents, EventContext } from "../../shared/events";
import { before, decodeKeyset, keysetPage, rowsOf, timestampTextOf } from "../../shared/pages";
import { profileFace } from "../../shared/profile-view";
import { blockedAround, mutedPairs } from "../../shared/social-graph";
import { mentionedProfileIds } from "./mentions";

/** What telling someone needs: the database, and the socket hub when this node has one. */
export type NotifyDeps = EventContext;

export interface NotificationInput {
  recipientId: string;
  actorId: string;
  kind: NotificationKind;
  contentId?: string | null;
  commentId?: string | null;
  reaction?: ReactionKind | null;
  /** Kind "message": the conversation with unread messages. */
  chatId?: string | null;
  /** A notice about the recipient's own account (a staff decision): told although actor = recipient. */
  aboutSelf?: boolean;
}

/** A follow notification is not repeated for the same follower within this window (follow/unfollow games). */
const FOLLOW_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;
const EXCERPT_MAX = 140;

type NotificationRow = typeof notifications.$inferSelect;

/**
 * Stores notifications and sends each to its recipient's profile room as `notification` (§7).
 * Nobody is told about their own action, nor by a profile they muted or that is in a block with
 * them. A failure here is logged and never fails the action that caused it.
 */
export async function notify(deps: NotifyDeps, inputs: NotificationInput[]): Promise<void> {
  try {
    const stored = await store(deps.db, inputs);
    if (stored.length === 0 || !deps.realtime) return;
    const payloads = await serialize(deps.db, stored);
    const recipients = [...new Set(stored.map((r) => r.recipientId))];
    const unread = new Map(
      await Promise.all(recipients.map(async (id) => [id, await unreadCount(deps.db, id)] as const)),
    );
    for (const [index, row] of stored.entries()) {
      const notification = payloads[index];
      if (!notification) continue;
      deps.realtime.emitToProfile(row.recipientId, "notification", {
        notification,
        unreadCount: unread.get(row.recipientId) ?? 0,
      });
    }
  } catch (err) {
    deps.log?.error({ err, module: "notifications" }, "notifications: could not notify");
  }
}

async function store(db: Db, inputs: NotificationInput[]): Promise<NotificationRow[]> {
  const wanted: NotificationInput[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    if (input.recipientId === input.actorId && !input.aboutSelf) continue;
    const key = `${input.recipientId}|${input.kind}|${input.contentId ?? ""}|${input.commentId ?? ""}|${input.chatId ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    wanted.push(input);
  }
  if (wanted.length === 0) return [];
  const actorIds = [...new Set(wanted.map((w) => w.actorId))];
  const recipientIds = [...new Set(wanted.map((w) => w.recipientId))];
  const muted = await mutedPairs(db, recipientIds, actorIds);
  const blockedByActor = new Map<string, Set<string>>();
  for (const actorId of actorIds) blockedByActor.set(actorId, await blockedAround(db, actorId));

  const rows: (typeof notifications.$inferInsert)[] = [];
  const now = new Date();
  for (const input of wanted) {
    if (muted.has(`${input.recipientId}|${input.actorId}`)) continue;
    if (blockedByActor.get(input.actorId)?.has(input.recipientId)) continue;
    if (input.kind === "follow") {
      const [recent] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.recipientId, input.recipientId),
            eq(notifications.actorId, input.actorId),
            eq(notifications.kind, "follow"),
            sql`${notifications.createdAt} > ${new Date(now.getTime() - FOLLOW_REPEAT_WINDOW_MS)}`,
          ),
        )
        .limit(1);
      if (recent) continue;
    }
    rows.push({
      id: crypto.randomUUID(),
      recipientId: input.recipientId,
      actorId: input.actorId,
      kind: input.kind,
      contentId: input.contentId ?? null,
      commentId: input.commentId ?? null,
      reaction: input.reaction ?? null,
      chatId: input.chatId ?? null,
      createdAt: now,
    });
  }
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
}

/** Rows → the wire shape, in order; a row whose actor is gone is left out (undefined). */
async function serialize(db: Db, rows: NotificationRow[]): Promise<(Notification | undefined)[]> {
  const actorIds = [...new Set(rows.map((r) => r.actorId))];
  const contentIds = [...new Set(rows.map((r) => r.contentId).filter((v): v is string => Boolean(v)))];
  const commentIds = [...new Set(rows.map((r) => r.commentId).filter((v): v is string => Boolean(v)))];
  const chatIds = [...new Set(rows.map((r) => r.chatId).filter((v): v is string => Boolean(v)))];
  const [actors, items, commentRows, chatRows] = await Promise.all([
    db.select().from(profiles).where(inArray(profiles.id, actorIds)),
    contentIds.length
      ? db
          .select({
            id: contentItems.id,
            kind: contentItems.kind,
            slug: contentItems.slug,
            title: contentItems.title,
            shortContent: contentItems.shortContent,
            quote: contentItems.quote,
            status: contentItems.status,
            ownerSlug: profiles.slug,
          })
          .from(contentItems)
          .innerJoin(profiles, eq(profiles.id, contentItems.ownerId))
          .where(inArray(contentItems.id, contentIds))
      : [],
    commentIds.length
      ? db
          .select({ id: comments.id, body: comments.body, deletedAt: comments.deletedAt })
          .from(comments)
          .where(inArray(comments.id, commentIds))
      : [],
    chatIds.length
      ? db.select({ id: chats.id, title: chats.title }).from(chats).where(inArray(chats.id, chatIds))
      : [],
  ]);
  const chatById = new Map(chatRows.map((c) => [c.id, c]));
  const actorById = new Map(actors.map((a) => [a.id, a]));
  const itemById = new Map(items.map((i) => [i.id, i]));
  const commentById = new Map(commentRows.map((c) => [c.id, c]));
  return rows.map((row) => {
    const actor = actorById.get(row.actorId);
    if (!actor) return undefined;
    const item = row.contentId ? itemById.get(row.contentId) : undefined;
    const comment = row.commentId ? commentById.get(row.commentId) : undefined;
    return {
      id: row.id,
      kind: row.kind as NotificationKind,
      actor: profileFace(actor),
      content:
        item && item.status === "active"
          ? {
              id: item.id,
              kind: item.kind,
              title:
                item.title ??
                (item.shortContent || item.quote ? excerpt(item.shortContent ?? item.quote ?? "") : null),
              path: contentPath(item.ownerSlug, item.kind, item.slug),
            }
          : null,
      comment: comment && !comment.deletedAt ? { id: comment.id, excerpt: excerpt(comment.body) } : null,
      reaction: (row.reaction as ReactionKind | null) ?? null,
      chat: row.chatId ? (chatById.get(row.chatId) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    };
  });
}

export async function unreadCount(db: Db, recipientId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (
          SELECT 1 FROM notifications WHERE recipient_id = ${recipientId} AND read_at IS NULL
          LIMIT ${NOTIFICATIONS_UNREAD_CAP}) s`,
  );
  return Number(row?.n ?? 0);
}

export async function listNotifications(
  db: Db,
  recipientId: string,
  query: { cursor?: string; perPage: number; unreadOnly?: boolean },
) {
  const cursor = decodeKeyset(query.cursor);
  const hidden = await blockedAround(db, recipientId);
  const conditions = [eq(notifications.recipientId, recipientId)];
  if (query.unreadOnly) conditions.push(isNull(notifications.readAt));
  if (cursor) conditions.push(before(notifications.createdAt, notifications.id, cursor));
  // Rows from profiles now in a block are skipped; read a little more so pages stay full.
  const rows = await db
    .select({ row: notifications, at: timestampTextOf(notifications.createdAt) })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.perPage + 1);
  const page = keysetPage(rows, query.perPage, (r) => ({ at: r.at, id: r.row.id }));
  const visible = page.rows.filter((r) => !hidden.has(r.row.actorId));
  const serialized = await serialize(
    db,
    visible.map((r) => r.row),
  );
  return {
    items: serialized.filter((n): n is Notification => Boolean(n)),
    nextCursor: page.nextCursor,
    unreadCount: await unreadCount(db, recipientId),
  };
}

export async function markRead(db: Db, recipientId: string, id: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new AppError("request_notFound");
  return unreadCount(db, recipientId);
}

export async function markAllRead(db: Db, recipientId: string): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
  return 0;
}

/**
 * What a new publication tells others: the @handles it mentions, and for a repost or quote the
 * author of the original. Called after the publication is stored and only once it is published.
 */
export async function notifyPublished(deps: NotifyDeps, item: ContentItem): Promise<void> {
  if (item.status !== "active") return;
  const inputs: NotificationInput[] = [];
  const actorId = item.owner.id;
  if (item.type.id === "repost" && item.repostOf) {
    inputs.push({
      recipientId: item.repostOf.owner.id,
      actorId,
      kind: item.quote ? "quote" : "repost",
      contentId: item.id,
    });
  }
  const text = [item.title, item.content, item.quote].filter(Boolean).join("\n");
  for (const id of await mentionedProfileIds(deps.db, text)) {
    inputs.push({ recipientId: id, actorId, kind: "mention", contentId: item.id });
  }
  if (inputs.length) await notify(deps, inputs);
}

/**
 * What a new comment tells others: the item's owner (a comment) or the thread's people (a reply:
 * the head's author, and the author of the reply answered), and the @handles it mentions, each
 * told once.
 */
export async function notifyCommented(
  deps: NotifyDeps,
  event: DomainEvents["comment.created"],
): Promise<void> {
  const inputs: NotificationInput[] = [];
  const base = { actorId: event.actorId, contentId: event.contentId, commentId: event.commentId };
  if (event.threadAuthorId) {
    inputs.push({ ...base, recipientId: event.threadAuthorId, kind: "reply" });
    if (event.repliedToAuthorId && event.repliedToAuthorId !== event.threadAuthorId)
      inputs.push({ ...base, recipientId: event.repliedToAuthorId, kind: "reply" });
  } else {
    inputs.push({ ...base, recipientId: event.ownerId, kind: "comment" });
  }
  const told = new Set(inputs.map((n) => n.recipientId));
  for (const id of await mentionedProfileIds(deps.db, event.body)) {
    if (!told.has(id)) inputs.push({ ...base, recipientId: id, kind: "mention" });
  }
  await notify(deps, inputs);
}
