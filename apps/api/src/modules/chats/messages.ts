import {
  AppError,
  CHAT_EDIT_WINDOW_MINUTES,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_UNREAD_NOTIFY_AFTER_SECONDS,
  type ChatMessage,
  type SessionActor,
  messages as texts,
} from "@vn/contract";
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { chatMembers, chatMessages, chats, mediaFiles, users } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { storagePrefixesOf } from "../../shared/media-keys";
import type { MediaRow } from "../../shared/media-view";
import { assertMessenger } from "./access";
import { claimAttachments } from "./attachments";
import { membership, nextSeq, tellUpdated } from "./conversations";
import type { ChatDeps } from "./deps";
import { tellProfiles } from "./tell";
import {
  type ChatContext,
  type ChatRow,
  cannotWrite,
  loadContext,
  type MemberRow,
  type MessageRow,
  messageView,
  visibleLast,
} from "./views";

/** The queue of the one-minute unread notice (jobs/chat-unread-notify.ts). */
export const CHAT_UNREAD_QUEUE = "chats.unread-notify";

/**
 * Refuses a write where the member may not write now (left, blocked, declined, unverified);
 * answers the conversation's context it checked (members, faces, blocks) for the views after.
 */
async function assertMayWrite(db: Db, chat: ChatRow, me: MemberRow): Promise<ChatContext> {
  if (me.state !== "active") throw new AppError("chat_notMember");
  const context = await loadContext(db, [chat], [], { forWrite: true });
  const refusal = cannotWrite(context, chat, me);
  if (refusal) throw new AppError(refusal);
  if (chat.kind === "direct") {
    const other = (context.members.get(chat.id) ?? []).find((m) => m.profileId !== me.profileId);
    // Unverified profiles are not messaged (a verification that lapsed closes the conversation too).
    if (other && context.profiles.get(other.profileId)?.verificationStatus !== "verified") {
      throw new AppError("chat_unavailable");
    }
  }
  return context;
}

async function viewOne(db: Db, chat: ChatRow, row: MessageRow, viewerId: string): Promise<ChatMessage> {
  return messageView(await loadContext(db, [chat], [row]), row, viewerId);
}

/**
 * The conversation and the sender's membership (as membership()), and whether this clientId was
 * stored already by the sender (a retried send): one query for the common case, a first send.
 */
async function membershipForSend(
  db: Db,
  chatId: string,
  profileId: string,
  clientId: string,
): Promise<{ chat: ChatRow; me: MemberRow; retry: boolean }> {
  const [row] = await db
    .select({
      chat: chats,
      me: chatMembers,
      retry: sql<boolean>`EXISTS (SELECT 1 FROM chat_messages x
                                  WHERE x.sender_profile_id = ${profileId} AND x.client_id = ${clientId})`,
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.profileId, profileId)))
    .limit(1);
  if (!row || row.me.request === "declined") throw new AppError("chat_notFound");
  return row;
}

async function storedByClientId(db: Db, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderProfileId, senderId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

/**
 * Sends a message: text (cleaned, ≤ CHAT_MESSAGE_MAX) and/or the sender's own files. A retried
 * send with the same clientId answers the stored message (`created` false) and stores nothing.
 * The message, the conversation's last seq and every member's unread count and activity commit
 * together; then each member's devices hear chats.messages.created.
 */
export async function sendMessage(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  input: { clientId: string; body: string; attachmentIds: string[] },
): Promise<{ message: ChatMessage; created: boolean }> {
  const { db } = deps;
  const actorId = assertMessenger(actor);
  const { chat, me, retry } = await membershipForSend(db, chatId, actorId, input.clientId);
  const again = async () => {
    const stored = await storedByClientId(db, actorId, input.clientId);
    if (!stored) return null;
    if (stored.chatId !== chatId)
      throw new AppError("request_conflict", { details: { reason: "clientIdInUse" } });
    return { message: await viewOne(db, chat, stored, actorId), created: false };
  };
  if (retry) {
    const retried = await again();
    if (retried) return retried;
  }
  const checked = await assertMayWrite(db, chat, me);
  if (deps.counters) {
    const hit = await deps.counters.hit(`chats:send:${chatId}:${actor.userId}`, 60_000);
    if (hit.current > CHAT_MESSAGES_PER_MINUTE) {
      throw new AppError("chat_tooManyMessages", {
        details: { retryAfterSeconds: Math.ceil(hit.ttl / 1000) },
      });
    }
  }

  const now = new Date();
  let row: MessageRow;
  let files: MediaRow[] = [];
  try {
    row = await db.transaction(async (tx) => {
      // One writer per conversation at a time: seqs of a conversation commit in their order.
      await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for("update");
      files = await claimAttachments(tx, actorId, input.attachmentIds);
      const seq = await nextSeq(tx);
      const inserted: MessageRow = {
        seq,
        id: crypto.randomUUID(),
        chatId,
        senderProfileId: actorId,
        senderUserId: actor.userId,
        clientId: input.clientId,
        body: input.body,
        attachments: input.attachmentIds,
        changeSeq: seq,
        createdAt: now,
        editedAt: null,
        deletedAt: null,
      };
      const at = now.toISOString();
      // The message, the conversation's last seq and every member's unread count and activity,
      // in one statement (one round trip on the hot path).
      await tx.execute(sql`
        WITH last AS (
          UPDATE chats SET last_message_seq = ${seq}, last_message_at = ${at}::timestamptz WHERE id = ${chatId}
        ), counted AS (
          UPDATE chat_members SET
            activity_at = ${at}::timestamptz,
            change_seq = ${seq},
            unread_count = CASE WHEN profile_id = ${actorId} THEN 0 ELSE unread_count + 1 END,
            last_read_seq = CASE WHEN profile_id = ${actorId} THEN ${seq}::bigint ELSE last_read_seq END,
            -- Answering a request accepts it.
            request = CASE WHEN profile_id = ${actorId} AND request = 'pending' THEN 'accepted' ELSE request END
          WHERE chat_id = ${chatId} AND state = 'active' AND request <> 'declined'
        )
        INSERT INTO chat_messages
          (seq, id, chat_id, sender_profile_id, sender_user_id, client_id, body, attachments, change_seq, created_at)
        VALUES (${seq}, ${inserted.id}, ${chatId}, ${actorId}, ${actor.userId}, ${input.clientId}, ${input.body},
                ${JSON.stringify(input.attachmentIds)}::jsonb, ${seq}, ${at}::timestamptz)`);
      return inserted;
    });
  } catch (error) {
    // The same send, retried while the first was still being stored: the first one wins.
    if (isUniqueViolation(error)) {
      const raced = await again();
      if (raced) return raced;
    }
    throw error;
  }

  // The views need what the check loaded (members, faces), the new row and its files: the hot
  // path of the messenger reads nothing twice.
  const context = await withSent(db, checked, row, files, actor.userId);
  const recipients = (context.members.get(chatId) ?? []).filter(
    (m) => m.state === "active" && m.request !== "declined",
  );
  await tellProfiles(
    deps,
    "chats.messages.created",
    new Map(
      recipients.map((m) => [m.profileId, { chatId, message: messageView(context, row, m.profileId) }]),
    ),
    context.profiles,
  );
  if (me.request === "pending") await tellUpdated(deps, chatId, { profileIds: [actorId] });
  await scheduleUnreadNotice(
    deps,
    chatId,
    recipients.filter((m) => m.profileId !== actorId && m.request !== "pending"),
    row.seq,
  );
  return { message: messageView(context, row, actorId), created: true };
}

/** The checked context with the sent message, its files and (for a company) the writer's name. */
async function withSent(
  db: Db,
  checked: ChatContext,
  row: MessageRow,
  files: MediaRow[],
  userId: string,
): Promise<ChatContext> {
  const people = new Map(checked.people);
  if (checked.profiles.get(row.senderProfileId)?.type === "company" && !people.has(userId)) {
    const [person] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    if (person) people.set(person.id, person);
  }
  return {
    ...checked,
    messages: new Map([...checked.messages, [row.seq, row]]),
    media: new Map([...checked.media, ...files.map((f) => [f.id, f] as const)]),
    people,
  };
}

/** In a minute, members who have not read this message get a notification (once per conversation). */
async function scheduleUnreadNotice(deps: ChatDeps, chatId: string, members: MemberRow[], seq: number) {
  if (!deps.jobs) return;
  for (const member of members) {
    try {
      await deps.jobs.send(
        CHAT_UNREAD_QUEUE,
        { chatId, profileId: member.profileId, seq },
        // One waiting notice per member and conversation: a burst of messages is one notification.
        { startAfter: CHAT_UNREAD_NOTIFY_AFTER_SECONDS, singletonKey: `${chatId}:${member.profileId}` },
      );
    } catch (err) {
      deps.log?.warn({ err, chatId }, "chats: could not schedule the unread notice");
    }
  }
}

async function ownMessage(db: Db, chatId: string, messageId: string, actorId: string): Promise<MessageRow> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)))
    .limit(1);
  if (!row || row.deletedAt) throw new AppError("chat_messageNotFound");
  if (row.senderProfileId !== actorId) throw new AppError("chat_notSender");
  return row;
}

/** Marks a change of one message: every active member hears of it (changeSeq for catch-up). */
async function touchMembers(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  chatId: string,
  seq: number,
) {
  await tx
    .update(chatMembers)
    .set({ changeSeq: seq })
    .where(and(eq(chatMembers.chatId, chatId), ne(chatMembers.request, "declined")));
}

/** Edits one's own message's text within CHAT_EDIT_WINDOW_MINUTES of sending it. */
export async function editMessage(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  messageId: string,
  body: string,
): Promise<ChatMessage> {
  const { db } = deps;
  const actorId = assertMessenger(actor);
  const { chat, me } = await membership(db, chatId, actorId);
  const row = await ownMessage(db, chatId, messageId, actorId);
  if (Date.now() - row.createdAt.getTime() > CHAT_EDIT_WINDOW_MINUTES * 60_000) {
    throw new AppError("chat_editWindowClosed", { details: { minutes: CHAT_EDIT_WINDOW_MINUTES } });
  }
  await assertMayWrite(db, chat, me);
  if (!body && row.attachments.length === 0) {
    throw new AppError("request_validationFailed", {
      details: [{ path: "body.body", message: texts.fieldRequired }],
    });
  }
  const updated = await db.transaction(async (tx) => {
    const seq = await nextSeq(tx);
    const [updated] = await tx
      .update(chatMessages)
      .set({ body, editedAt: new Date(), changeSeq: seq })
      .where(and(eq(chatMessages.seq, row.seq), sql`${chatMessages.deletedAt} IS NULL`))
      .returning();
    if (!updated) throw new AppError("chat_messageNotFound");
    await touchMembers(tx, chatId, seq);
    return updated;
  });
  await tellUpdated(deps, chatId, { message: updated });
  return viewOne(db, chat, updated, actorId);
}

/** Deletes one's own message for everyone, at any time: text and files go, a tombstone stays. */
export async function deleteMessage(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  messageId: string,
): Promise<ChatMessage> {
  const { db } = deps;
  const actorId = actingProfileId(actor);
  const { chat } = await membership(db, chatId, actorId);
  const row = await ownMessage(db, chatId, messageId, actorId);
  const deleted = await db.transaction(async (tx) => {
    const seq = await nextSeq(tx);
    const [deleted] = await tx
      .update(chatMessages)
      .set({ body: "", attachments: [], deletedAt: new Date(), changeSeq: seq })
      .where(and(eq(chatMessages.seq, row.seq), sql`${chatMessages.deletedAt} IS NULL`))
      .returning();
    if (!deleted) throw new AppError("chat_messageNotFound");
    if (row.attachments.length) await tx.delete(mediaFiles).where(inArray(mediaFiles.id, row.attachments));
    await touchMembers(tx, chatId, seq);
    return deleted;
  });
  // The bytes follow after the commit; a failure leaves only unreachable objects behind.
  for (const id of row.attachments) {
    for (const prefix of storagePrefixesOf(id)) {
      await deps.storage
        ?.deletePrefix(prefix)
        .catch((err: unknown) => deps.log?.warn({ err, prefix }, "chats: could not delete a file's objects"));
    }
  }
  await tellUpdated(deps, chatId, { message: deleted });
  return viewOne(db, chat, deleted, actorId);
}

/**
 * History by seq, oldest first within the page: the newest page, the page before `before`
 * (scrolling up), or after `after`. Only what was sent while the caller was a member.
 */
export async function listMessages(
  db: Db,
  actor: SessionActor,
  chatId: string,
  query: { before?: number; after?: number; perPage: number },
): Promise<{ items: ChatMessage[]; hasOlder: boolean; hasNewer: boolean }> {
  const actorId = actingProfileId(actor);
  const { chat, me } = await membership(db, chatId, actorId);
  const last = visibleLast(me, chat);
  if (last === null) return { items: [], hasOlder: false, hasNewer: false };
  const window = and(
    eq(chatMessages.chatId, chatId),
    gt(chatMessages.seq, me.fromSeq),
    sql`${chatMessages.seq} <= ${last}`,
  );
  const forward = query.after !== undefined && query.before === undefined;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        window,
        query.before !== undefined ? lt(chatMessages.seq, query.before) : undefined,
        query.after !== undefined ? gt(chatMessages.seq, query.after) : undefined,
      ),
    )
    .orderBy(forward ? asc(chatMessages.seq) : desc(chatMessages.seq))
    .limit(query.perPage + 1);
  const more = rows.length > query.perPage;
  const page = rows.slice(0, query.perPage).sort((a, b) => a.seq - b.seq);
  const context = await loadContext(db, [chat], page);
  const first = page[0];
  const end = page.at(-1);
  return {
    items: page.map((row) => messageView(context, row, actorId)),
    hasOlder: forward
      ? Boolean(first && first.seq > me.fromSeq + 1 && (await exists(db, chatId, me.fromSeq, first.seq)))
      : more,
    hasNewer: forward ? more : Boolean(end && end.seq < last),
  };
}

async function exists(db: Db, chatId: string, above: number, below: number): Promise<boolean> {
  const [row] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.seq, above), lt(chatMessages.seq, below)))
    .limit(1);
  return Boolean(row);
}

/**
 * Marks the conversation read up to `seq` (at most its last message the member may read): the
 * unread count is what others sent after it, and every member hears chats.read (read receipts).
 */
export async function markRead(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  seq: number,
): Promise<{ chatId: string; lastReadSeq: number; unreadCount: number }> {
  const { db } = deps;
  const actorId = actingProfileId(actor);
  const { chat, me } = await membership(db, chatId, actorId);
  const last = visibleLast(me, chat) ?? 0;
  const target = Math.min(seq, last);
  if (target <= me.lastReadSeq) return { chatId, lastReadSeq: me.lastReadSeq, unreadCount: me.unreadCount };
  const unreadCount = await db.transaction(async (tx) => {
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.chatId, chatId),
          gt(chatMessages.seq, target),
          sql`${chatMessages.seq} <= ${last}`,
          ne(chatMessages.senderProfileId, actorId),
        ),
      );
    const change = await nextSeq(tx);
    const unread = Number(counted?.n ?? 0);
    const mine = sql`${chatMembers.profileId} = ${actorId}`;
    // Only the reader's row moves; every member's changeSeq does, so catch-up carries the receipt.
    await tx
      .update(chatMembers)
      .set({
        lastReadSeq: sql`CASE WHEN ${mine} THEN greatest(${chatMembers.lastReadSeq}, ${target}) ELSE ${chatMembers.lastReadSeq} END`,
        unreadCount: sql`CASE WHEN ${mine} THEN ${unread} ELSE ${chatMembers.unreadCount} END`,
        changeSeq: change,
      })
      .where(and(eq(chatMembers.chatId, chatId), ne(chatMembers.request, "declined")));
    return Number(counted?.n ?? 0);
  });
  const members = await db
    .select({ profileId: chatMembers.profileId })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.chatId, chatId),
        eq(chatMembers.state, "active"),
        ne(chatMembers.request, "declined"),
      ),
    );
  const payload = { chatId, profileId: actorId, seq: target };
  await tellProfiles(deps, "chats.read", new Map(members.map((m) => [m.profileId, payload])));
  return { chatId, lastReadSeq: target, unreadCount };
}

/** Relays "typing" to the other active members; nothing is stored. */
export async function typing(deps: ChatDeps, actor: SessionActor, chatId: string): Promise<void> {
  const actorId = actingProfileId(actor);
  const { me } = await membership(deps.db, chatId, actorId);
  if (me.state !== "active") throw new AppError("chat_notMember");
  const others = await deps.db
    .select({ profileId: chatMembers.profileId })
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.chatId, chatId),
        eq(chatMembers.state, "active"),
        ne(chatMembers.request, "declined"),
        ne(chatMembers.profileId, actorId),
      ),
    );
  const payload = { chatId, profileId: actorId };
  await tellProfiles(deps, "chats.typing", new Map(others.map((m) => [m.profileId, payload])));
}
