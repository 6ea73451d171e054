import type { Chat, ChatAttachment, ChatMessage, ChatProfile, ErrorCode, MediaStatus } from "@vn/contract";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMembers, chatMessages, type chats, mediaFiles, profiles, users } from "../../db/schema/index";
import { type MediaRow, mediaUrls } from "../../shared/media-view";
import { profileFace } from "../../shared/profile-view";

/**
 * Conversations and messages as one profile sees them (decision 0021). Everything a page of
 * conversations needs is read in a fixed number of queries (members, faces, last messages, files,
 * people, blocks), never one per conversation.
 */

export type ChatRow = typeof chats.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

/** The newest seq a member may read: what was sent while a member (null: nothing yet). */
export function visibleLast(
  member: Pick<MemberRow, "untilSeq" | "fromSeq">,
  chat: Pick<ChatRow, "lastMessageSeq">,
) {
  const last = member.untilSeq ?? chat.lastMessageSeq;
  return last > member.fromSeq ? last : null;
}

/** May this member read message `seq`? */
export function mayRead(member: Pick<MemberRow, "untilSeq" | "fromSeq">, seq: number): boolean {
  return seq > member.fromSeq && (member.untilSeq === null || seq <= member.untilSeq);
}

/** Everything views of some conversations and messages need, loaded once. */
export interface ChatContext {
  members: Map<string, MemberRow[]>;
  profiles: Map<string, ProfileRow>;
  messages: Map<number, MessageRow>;
  media: Map<string, MediaRow>;
  people: Map<string, { id: string; name: string }>;
  /** "a|b" for every pair of members of one direct conversation in a block (either way). */
  blocked: Set<string>;
}

/**
 * Per member row: the profiles it blocks among the other members of its conversation (blocks
 * matter to who may write only in a direct conversation: cannotWrite).
 */
const blockedByMember = sql<string[] | null>`(
  SELECT array_agg(b.blocked_id) FROM blocks b
    JOIN chat_members o ON o.chat_id = ${chatMembers.chatId} AND o.profile_id = b.blocked_id
   WHERE b.blocker_id = ${chatMembers.profileId})`;

/**
 * Loads the context of these conversations, and of these extra messages (events, pages): the
 * members with their profiles and blocks in one query, then the last messages, their files and
 * the names the views show. `forWrite` (a send or an edit checking who may write) loads only the
 * members, their profiles and blocks: its views are of the message written, not of the list.
 */
export async function loadContext(
  db: Db,
  chatRows: ChatRow[],
  extra: MessageRow[] = [],
  options: { forWrite?: boolean } = {},
): Promise<ChatContext> {
  const chatIds = chatRows.map((c) => c.id);
  const joined = chatIds.length
    ? await db
        .select({
          member: chatMembers,
          profile: profiles,
          // Only a batch with a direct conversation asks (groups never check blocks).
          blocks: chatRows.some((c) => c.kind === "direct") ? blockedByMember : sql<null>`NULL`,
        })
        .from(chatMembers)
        .leftJoin(profiles, eq(profiles.id, chatMembers.profileId))
        .where(inArray(chatMembers.chatId, chatIds))
    : [];
  const memberRows = joined.map((r) => r.member);
  const members = new Map<string, MemberRow[]>();
  for (const row of memberRows) members.set(row.chatId, [...(members.get(row.chatId) ?? []), row]);
  const profileById = new Map<string, ProfileRow>();
  const blocked = new Set<string>();
  for (const { member, profile, blocks } of joined) {
    if (profile) profileById.set(profile.id, profile);
    for (const other of blocks ?? []) {
      blocked.add(`${member.profileId}|${other}`);
      blocked.add(`${other}|${member.profileId}`);
    }
  }

  // The last message each member may read (a left member's is where they left).
  const byId = new Map(chatRows.map((c) => [c.id, c]));
  const seqs = new Set<number>();
  if (!options.forWrite) {
    for (const row of memberRows) {
      const chat = byId.get(row.chatId);
      const last = chat ? visibleLast(row, chat) : null;
      if (last) seqs.add(last);
    }
  }
  const known = new Set(extra.map((m) => m.seq));
  const wanted = [...seqs].filter((s) => !known.has(s));
  const lastRows = wanted.length
    ? await db.select().from(chatMessages).where(inArray(chatMessages.seq, wanted))
    : [];
  const messages = new Map<number, MessageRow>([...extra, ...lastRows].map((m) => [m.seq, m]));

  // Senders are members; one whose member row is gone still has a face.
  const missing = [
    ...new Set([...messages.values()].map((m) => m.senderProfileId).filter((id) => !profileById.has(id))),
  ];
  if (missing.length) {
    for (const row of await db.select().from(profiles).where(inArray(profiles.id, missing)))
      profileById.set(row.id, row);
  }
  const mediaIds = new Set([...messages.values()].flatMap((m) => (m.deletedAt ? [] : m.attachments)));
  const mediaRows = mediaIds.size
    ? await db
        .select()
        .from(mediaFiles)
        .where(inArray(mediaFiles.id, [...mediaIds]))
    : [];
  const userIds = new Set([
    ...(options.forWrite ? [] : memberRows.flatMap((m) => (m.assignedUserId ? [m.assignedUserId] : []))),
    ...[...messages.values()].flatMap((m) => (m.senderUserId ? [m.senderUserId] : [])),
  ]);
  const userRows = userIds.size
    ? await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [...userIds]))
    : [];

  return {
    members,
    profiles: profileById,
    messages,
    media: new Map(mediaRows.map((m) => [m.id, m])),
    people: new Map(userRows.map((u) => [u.id, u])),
    blocked,
  };
}

function face(context: ChatContext, id: string): ChatProfile {
  const row = context.profiles.get(id);
  if (!row) return { id, slug: "", name: "", type: "user", verificationStatus: "not_verified", image: null };
  return profileFace(row);
}

export function attachmentView(row: MediaRow): ChatAttachment {
  return {
    id: row.id,
    kind: row.kind as ChatAttachment["kind"],
    name: row.fileName,
    mime: row.mime,
    size: row.size,
    status: row.status as MediaStatus,
    width: row.width,
    height: row.height,
    // The conversation's files are never public: short-lived signed URLs for its members only.
    urls: mediaUrls(row, "signed"),
  };
}

/** One message as `viewerId` (a member profile) sees it. */
export function messageView(context: ChatContext, row: MessageRow, viewerId: string): ChatMessage {
  const own = row.senderProfileId === viewerId;
  const sender = context.profiles.get(row.senderProfileId);
  // "Anna for Northwind": only the company's own members learn which of them wrote.
  const person =
    own && sender?.type === "company" && row.senderUserId ? context.people.get(row.senderUserId) : null;
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    seq: row.seq,
    changeSeq: row.changeSeq,
    chatId: row.chatId,
    sender: face(context, row.senderProfileId),
    senderUser: person ? { id: person.id, name: person.name } : null,
    clientId: own ? row.clientId : null,
    body: deleted ? "" : row.body,
    attachments: deleted
      ? []
      : row.attachments.flatMap((id) => {
          const media = context.media.get(id);
          return media ? [attachmentView(media)] : [];
        }),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** Why `me` may not write in this conversation now (null: they may), apart from their own plan. */
export function cannotWrite(context: ChatContext, chat: ChatRow, me: MemberRow): ErrorCode | null {
  if (me.state !== "active") return "chat_notMember";
  if (chat.kind !== "direct") return null;
  const other = (context.members.get(chat.id) ?? []).find((m) => m.profileId !== me.profileId);
  if (!other || other.request === "declined" || other.state !== "active") return "chat_unavailable";
  if (context.blocked.has(`${me.profileId}|${other.profileId}`)) return "chat_unavailable";
  const profile = context.profiles.get(other.profileId);
  if (profile?.status !== "active") return "chat_unavailable";
  return null;
}

/** One conversation as member `viewerId` sees it; null when they may not (never a member, declined). */
export function chatView(context: ChatContext, chat: ChatRow, viewerId: string): Chat | null {
  const members = context.members.get(chat.id) ?? [];
  const me = members.find((m) => m.profileId === viewerId);
  if (!me || me.request === "declined") return null;
  const last = visibleLast(me, chat);
  const lastRow = last ? context.messages.get(last) : undefined;
  const assigned = me.assignedUserId ? context.people.get(me.assignedUserId) : undefined;
  return {
    id: chat.id,
    kind: chat.kind as Chat["kind"],
    title: chat.title,
    createdBy: chat.createdBy,
    members: members
      .filter((m) => m.state === "active" || m.profileId === viewerId)
      .map((m) => ({
        profile: face(context, m.profileId),
        role: m.role as Chat["members"][number]["role"],
        state: m.state as Chat["members"][number]["state"],
        lastReadSeq: m.lastReadSeq,
      })),
    lastMessage: lastRow ? messageView(context, lastRow, viewerId) : null,
    lastMessageSeq: last ?? 0,
    lastMessageAt: lastRow ? lastRow.createdAt.toISOString() : null,
    changeSeq: me.changeSeq,
    createdAt: chat.createdAt.toISOString(),
    me: {
      profileId: viewerId,
      state: me.state as Chat["me"]["state"],
      request: me.request as Chat["me"]["request"],
      lastReadSeq: me.lastReadSeq,
      unreadCount: me.unreadCount,
      assignedTo: assigned ? { userId: assigned.id, name: assigned.name } : null,
    },
    cannotWrite: cannotWrite(context, chat, me),
  };
}
