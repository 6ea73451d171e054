import { AppError } from "@vn/contract";
import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  chatMembers,
  chatMessages,
  chatReports,
  comments,
  companyMembers,
  contentItems,
  profiles,
  sessions,
  users,
} from "../../db/schema/index";
import type { Tx } from "../../shared/items";
import { takeSeq } from "../chats/high-water";
import type { ActionRow, SubjectRow } from "./present";

/**
 * What a strike does, and how a granted appeal undoes it, inside the decision's transaction:
 * - remove: a publication becomes `blocked` (its viewers hear content_isBlocked; its owner still
 *   sees it, with why), a comment is hidden (deleted_at; its counters follow), a message is
 *   deleted for everyone (a tombstone; the copy kept with the report stays for staff). A profile is
 *   not removed: suspend it.
 * - warn: nothing but the strike.
 * - limit: users.limited_until; the Actor's `limited` refuses writes (policy `writes`).
 * - suspend: a person's account becomes `blocked` (sign-in answers account_unavailable; every
 *   session ends, so their sockets close); a company's profile becomes `blocked`.
 * `previous_status` keeps what a suspension or a removal changed, to put back on appeal.
 */

/** The person answerable for a subject: its author, sender or owner (a company's owner). */
export async function responsibleUser(tx: Tx, subject: SubjectRow): Promise<string | null> {
  let userId: string | null = null;
  let profileId = subject.profileId;
  if (subject.subjectType === "content") {
    const [row] = await tx
      .select({ userId: contentItems.authorUserId, ownerId: contentItems.ownerId })
      .from(contentItems)
      .where(eq(contentItems.id, subject.subjectId))
      .limit(1);
    userId = row?.userId ?? null;
    profileId = row?.ownerId ?? profileId;
  } else if (subject.subjectType === "comment") {
    const [row] = await tx
      .select({ userId: comments.authorUserId, authorId: comments.authorId })
      .from(comments)
      .where(eq(comments.id, subject.subjectId))
      .limit(1);
    userId = row?.userId ?? null;
    profileId = row?.authorId ?? profileId;
  } else if (subject.subjectType === "message") {
    const [row] = await tx
      .select({ userId: chatMessages.senderUserId, senderId: chatMessages.senderProfileId })
      .from(chatMessages)
      .where(eq(chatMessages.id, subject.subjectId))
      .limit(1);
    userId = row?.userId ?? null;
    profileId = row?.senderId ?? profileId;
  }
  if (userId || !profileId) return userId;
  const [profile] = await tx
    .select({ type: profiles.type, userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (profile?.type === "user") return profile.userId;
  const [owner] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, profileId), eq(companyMembers.role, "owner")))
    .limit(1);
  return owner?.userId ?? null;
}

/** What applying a strike changed that the caller acts on after the commit. */
export interface Applied {
  previousStatus: string | null;
  /** Sessions ended by a suspension (their sockets close). */
  endedSessions: string[];
  /** A message deleted for everyone: its conversation hears of it. */
  message: { chatId: string; seq: number } | null;
  /** A company profile blocked: sockets acting for it move. */
  blockedProfileId: string | null;
}

const nothing = (): Applied => ({
  previousStatus: null,
  endedSessions: [],
  message: null,
  blockedProfileId: null,
});

export async function applyStrike(
  tx: Tx,
  subject: SubjectRow,
  action: Pick<ActionRow, "kind" | "targetProfileId" | "targetUserId" | "endsAt">,
): Promise<Applied> {
  const now = new Date();
  switch (action.kind) {
    case "remove":
      return remove(tx, subject, now);
    case "limit": {
      if (!action.targetUserId) throw new AppError("moderation_actionNotAllowed");
      await tx
        .update(users)
        .set({
          limitedUntil: sql`greatest(coalesce(${users.limitedUntil}, ${action.endsAt}), ${action.endsAt})`,
          updatedAt: now,
        })
        .where(eq(users.id, action.targetUserId));
      return nothing();
    }
    case "suspend":
      return suspend(tx, action, now);
    default:
      return nothing();
  }
}

async function remove(tx: Tx, subject: SubjectRow, now: Date): Promise<Applied> {
  const notAllowed = () => new AppError("moderation_actionNotAllowed");
  if (subject.subjectType === "content") {
    const [row] = await tx
      .select({ status: contentItems.status })
      .from(contentItems)
      .where(eq(contentItems.id, subject.subjectId))
      .limit(1);
    if (!row || row.status === "removed" || row.status === "blocked") throw notAllowed();
    await tx
      .update(contentItems)
      .set({ status: "blocked", updatedAt: now })
      .where(eq(contentItems.id, subject.subjectId));
    return { ...nothing(), previousStatus: row.status };
  }
  if (subject.subjectType === "comment") {
    const [row] = await tx
      .update(comments)
      .set({ deletedAt: now, pinnedAt: null, updatedAt: now })
      .where(and(eq(comments.id, subject.subjectId), isNull(comments.deletedAt)))
      .returning({ contentId: comments.contentId, parentId: comments.parentId });
    if (!row) throw notAllowed();
    await commentCounters(tx, row, -1);
    return nothing();
  }
  if (subject.subjectType === "message") {
    const [row] = await tx
      .select({ seq: chatMessages.seq, chatId: chatMessages.chatId, deletedAt: chatMessages.deletedAt })
      .from(chatMessages)
      .where(eq(chatMessages.id, subject.subjectId))
      .limit(1);
    if (!row || row.deletedAt) throw notAllowed();
    const seq = await takeSeq(tx);
    // Its files stay stored with the report's copy for staff (evidence); the message shows none.
    await tx
      .update(chatMessages)
      .set({ body: "", attachments: [], deletedAt: now, changeSeq: seq })
      .where(eq(chatMessages.seq, row.seq));
    await touchChat(tx, row.chatId, seq);
    return { ...nothing(), message: { chatId: row.chatId, seq: row.seq } };
  }
  throw notAllowed();
}

async function commentCounters(tx: Tx, row: { contentId: string; parentId: string | null }, delta: 1 | -1) {
  if (row.parentId) {
    await tx
      .update(comments)
      .set({ replyCount: sql`greatest(${comments.replyCount} + ${delta}, 0)` })
      .where(eq(comments.id, row.parentId));
  }
  await tx
    .update(contentItems)
    .set({ commentCount: sql`greatest(${contentItems.commentCount} + ${delta}, 0)` })
    .where(eq(contentItems.id, row.contentId));
}

async function touchChat(tx: Tx, chatId: string, seq: number) {
  await tx
    .update(chatMembers)
    .set({ changeSeq: seq })
    .where(and(eq(chatMembers.chatId, chatId), ne(chatMembers.request, "declined")));
}

async function suspend(
  tx: Tx,
  action: Pick<ActionRow, "targetProfileId" | "targetUserId">,
  now: Date,
): Promise<Applied> {
  const [profile] = action.targetProfileId
    ? await tx
        .select({ id: profiles.id, type: profiles.type, status: profiles.status })
        .from(profiles)
        .where(eq(profiles.id, action.targetProfileId))
        .limit(1)
    : [];
  if (profile?.type === "company") {
    if (profile.status === "blocked") throw new AppError("moderation_actionNotAllowed");
    await tx.update(profiles).set({ status: "blocked", updatedAt: now }).where(eq(profiles.id, profile.id));
    return { ...nothing(), previousStatus: profile.status, blockedProfileId: profile.id };
  }
  if (!action.targetUserId) throw new AppError("moderation_actionNotAllowed");
  const [user] = await tx
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, action.targetUserId))
    .limit(1);
  if (!user || user.status === "blocked" || user.status === "deleted")
    throw new AppError("moderation_actionNotAllowed");
  await tx.update(users).set({ status: "blocked", updatedAt: now }).where(eq(users.id, action.targetUserId));
  // A blocked account's public profile is blocked with it (as the seed's blocked account is).
  await tx
    .update(profiles)
    .set({ status: "blocked", updatedAt: now })
    .where(
      and(eq(profiles.userId, action.targetUserId), eq(profiles.type, "user"), eq(profiles.status, "active")),
    );
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, action.targetUserId))
    .returning({ id: sessions.id });
  return { ...nothing(), previousStatus: user.status, endedSessions: ended.map((s) => s.id) };
}

/** A granted appeal: the strike's effect undone. Answers the conversation of a restored message. */
export async function reverseStrike(
  tx: Tx,
  subject: SubjectRow,
  action: ActionRow,
): Promise<{ message: { chatId: string; seq: number } | null; profileId: string | null }> {
  const now = new Date();
  if (action.kind === "remove") {
    if (subject.subjectType === "content") {
      await tx
        .update(contentItems)
        .set({ status: action.previousStatus ?? "active", updatedAt: now })
        .where(and(eq(contentItems.id, subject.subjectId), eq(contentItems.status, "blocked")));
    } else if (subject.subjectType === "comment") {
      const [row] = await tx
        .update(comments)
        .set({ deletedAt: null, updatedAt: now })
        .where(and(eq(comments.id, subject.subjectId), isNotNull(comments.deletedAt)))
        .returning({ contentId: comments.contentId, parentId: comments.parentId });
      if (row) await commentCounters(tx, row, 1);
    } else if (subject.subjectType === "message") {
      // Back from the copy kept with its first report.
      const [copy] = await tx
        .select({ body: chatReports.body, attachments: chatReports.attachments })
        .from(chatReports)
        .where(eq(chatReports.messageId, subject.subjectId))
        .orderBy(chatReports.createdAt)
        .limit(1);
      const [row] = await tx
        .select({ seq: chatMessages.seq, chatId: chatMessages.chatId })
        .from(chatMessages)
        .where(eq(chatMessages.id, subject.subjectId))
        .limit(1);
      if (copy && row) {
        const seq = await takeSeq(tx);
        await tx
          .update(chatMessages)
          .set({ body: copy.body, attachments: copy.attachments, deletedAt: null, changeSeq: seq })
          .where(eq(chatMessages.seq, row.seq));
        await touchChat(tx, row.chatId, seq);
        return { message: { chatId: row.chatId, seq: row.seq }, profileId: null };
      }
    }
  } else if (action.kind === "limit" && action.targetUserId) {
    await tx
      .update(users)
      .set({ limitedUntil: null, updatedAt: now })
      .where(eq(users.id, action.targetUserId));
  } else if (action.kind === "suspend") {
    const [profile] = action.targetProfileId
      ? await tx
          .select({ type: profiles.type })
          .from(profiles)
          .where(eq(profiles.id, action.targetProfileId))
          .limit(1)
      : [];
    if (profile?.type === "company" && action.targetProfileId) {
      await tx
        .update(profiles)
        .set({ status: action.previousStatus ?? "active", updatedAt: now })
        .where(and(eq(profiles.id, action.targetProfileId), eq(profiles.status, "blocked")));
      return { message: null, profileId: action.targetProfileId };
    }
    if (action.targetUserId) {
      await tx
        .update(users)
        .set({ status: action.previousStatus ?? "active", updatedAt: now })
        .where(and(eq(users.id, action.targetUserId), eq(users.status, "blocked")));
      await tx
        .update(profiles)
        .set({ status: "active", updatedAt: now })
        .where(
          and(
            eq(profiles.userId, action.targetUserId),
            eq(profiles.type, "user"),
            eq(profiles.status, "blocked"),
          ),
        );
    }
  }
  return { message: null, profileId: null };
}
