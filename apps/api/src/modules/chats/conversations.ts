import { AppError, CHAT_NEW_PER_DAY, type Chat, type ChatNote, type SessionActor } from "@vn/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { chatMembers, chats } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { chatAccess, followersAmong, profilesBySlugs } from "./access";
import type { ChatDeps } from "./deps";
import { takeSeq } from "./high-water";
import { tellProfiles } from "./tell";
import {
  type ChatRow,
  chatView,
  loadContext,
  type MemberRow,
  type MessageRow,
  mayRead,
  messageView,
} from "./views";

/** A transaction's handle (the writes of one change commit together). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The next value of the one sequence that orders messages and changes, held as in flight. */
export function nextSeq(db: Db | Tx): Promise<number> {
  return takeSeq(db);
}

/**
 * The conversation and the acting profile's membership; a conversation it was never in, or
 * declined, is not found (its existence is not the caller's business).
 */
export async function membership(
  db: Db | Tx,
  chatId: string,
  profileId: string,
): Promise<{ chat: ChatRow; me: MemberRow }> {
  const [row] = await db
    .select({ chat: chats, me: chatMembers })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.profileId, profileId)))
    .limit(1);
  if (!row || row.me.request === "declined") throw new AppError("chat_notFound");
  return row;
}

/** One conversation as the acting profile sees it. */
export async function getChat(db: Db, actor: SessionActor, chatId: string): Promise<Chat> {
  const profileId = actingProfileId(actor);
  const { chat } = await membership(db, chatId, profileId);
  return viewOf(db, chat, profileId);
}

export async function viewOf(db: Db, chat: ChatRow, profileId: string): Promise<Chat> {
  const view = chatView(await loadContext(db, [chat]), chat, profileId);
  if (!view) throw new AppError("chat_notFound");
  return view;
}

/** Counts a new conversation against the account's daily allowance (CHAT_NEW_PER_DAY). */
export async function countNewConversation(deps: ChatDeps, actor: SessionActor): Promise<void> {
  if (!deps.counters) return;
  const hit = await deps.counters.hit(`chats:new:${actor.userId}`, 24 * 60 * 60 * 1000);
  if (hit.current > CHAT_NEW_PER_DAY) {
    throw new AppError("chat_tooManyNew", {
      details: { limit: CHAT_NEW_PER_DAY, retryAfterSeconds: Math.ceil(hit.ttl / 1000) },
    });
  }
}

/**
 * Sends chats.updated to members, each with the conversation as they see it (null for those who
 * may no longer see it). `profileIds` defaults to every active member.
 */
export async function tellUpdated(
  deps: ChatDeps,
  chatId: string,
  options: {
    profileIds?: string[];
    message?: MessageRow;
    note?: ChatNote & { companyProfileId: string };
  } = {},
): Promise<void> {
  if (!deps.realtime) return;
  const [chat] = await deps.db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
  if (!chat) return;
  const message = options.message;
  const context = await loadContext(deps.db, [chat], message ? [message] : []);
  const members = context.members.get(chat.id) ?? [];
  const targets = options.profileIds ?? members.filter((m) => m.state === "active").map((m) => m.profileId);
  const payloads = new Map(
    targets.map((id) => {
      const view = chatView(context, chat, id);
      const me = members.find((m) => m.profileId === id);
      // A changed message goes only to those who may read it (sent while they were members).
      const withMessage = message && view && me && mayRead(me, message.seq);
      // An internal note goes to its company's room only (the other side never sees it).
      const note = options.note && view && options.note.companyProfileId === id ? options.note : null;
      return [
        id,
        {
          chatId,
          chat: view,
          ...(withMessage ? { message: messageView(context, message, id) } : {}),
          ...(note
            ? {
                note: {
                  id: note.id,
                  chatId,
                  author: note.author,
                  body: note.body,
                  createdAt: note.createdAt,
                },
              }
            : {}),
        },
      ] as const;
    }),
  );
  await tellProfiles(deps, "chats.updated", payloads);
}

/**
 * Opens the direct conversation between the acting profile and `slug`, or answers the one that
 * exists (`created` false). The other side gets a message request when they do not follow the
 * actor. One conversation per pair, even when both open it at once (the unique direct key).
 */
export async function startDirect(
  deps: ChatDeps,
  actor: SessionActor,
  slug: string,
): Promise<{ chat: Chat; created: boolean }> {
  const { db } = deps;
  const actorId = actingProfileId(actor);
  const [other] = await profilesBySlugs(db, [slug]);
  if (!other) throw new AppError("chat_unavailable");
  if (other.id === actorId) throw new AppError("social_selfNotAllowed");
  const directKey = [actorId, other.id].sort().join(":");
  const [existing] = await db.select().from(chats).where(eq(chats.directKey, directKey)).limit(1);
  if (existing) {
    // Someone who declined opens it again themselves: it comes back, as theirs to write in.
    await db
      .update(chatMembers)
      .set({ request: "accepted" })
      .where(
        and(
          eq(chatMembers.chatId, existing.id),
          eq(chatMembers.profileId, actorId),
          eq(chatMembers.request, "declined"),
        ),
      );
    return { chat: await viewOf(db, existing, actorId), created: false };
  }
  await chatAccess(db, actor, [other]);
  await countNewConversation(deps, actor);
  const followsActor = (await followersAmong(db, actorId, [other.id])).has(other.id);
  const id = crypto.randomUUID();
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(chats).values({ id, kind: "direct", createdBy: actorId, directKey, createdAt: now });
      await tx.insert(chatMembers).values([
        { chatId: id, profileId: actorId, role: "creator", activityAt: now, joinedAt: now },
        {
          chatId: id,
          profileId: other.id,
          role: "member",
          request: followsActor ? "none" : "pending",
          activityAt: now,
          joinedAt: now,
        },
      ]);
    });
  } catch (error) {
    // The other side opened it at the same moment: theirs is the one.
    if (!isUniqueViolation(error)) throw error;
    const [raced] = await db.select().from(chats).where(eq(chats.directKey, directKey)).limit(1);
    if (!raced) throw error;
    return { chat: await viewOf(db, raced, actorId), created: false };
  }
  const [chat] = await db.select().from(chats).where(eq(chats.id, id)).limit(1);
  return { chat: await viewOf(db, chat!, actorId), created: true };
}
