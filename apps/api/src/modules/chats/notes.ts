import {
  AppError,
  type Chat,
  type ChatNote,
  type CompanyMemberRole,
  messages,
  permissionsForRole,
  type SessionActor,
} from "@vn/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMembers, chatNotes, companyMembers, users } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { membership, nextSeq, tellUpdated, viewOf } from "./conversations";
import type { ChatDeps } from "./deps";

/**
 * Company inboxes (decision 0021): a company is one member of a conversation, and its members
 * with the `chats` scope share it. A conversation can be assigned to one of them and carry
 * internal notes; both live on the company's side only and never reach the other side.
 */
async function companyMembership(db: Db, actor: SessionActor, chatId: string) {
  const companyId = actingProfileId(actor);
  if (actor.profileType !== "company") throw new AppError("chat_notCompanyInbox");
  return { companyId, ...(await membership(db, chatId, companyId)) };
}

export async function listNotes(db: Db, actor: SessionActor, chatId: string): Promise<ChatNote[]> {
  const { companyId } = await companyMembership(db, actor, chatId);
  const rows = await db
    .select({ note: chatNotes, authorName: users.name })
    .from(chatNotes)
    .leftJoin(users, eq(users.id, chatNotes.authorUserId))
    .where(and(eq(chatNotes.chatId, chatId), eq(chatNotes.companyProfileId, companyId)))
    .orderBy(asc(chatNotes.createdAt), asc(chatNotes.id));
  return rows.map(({ note, authorName }) => ({
    id: note.id,
    chatId: note.chatId,
    author: { id: note.authorUserId ?? "", name: authorName ?? "" },
    body: note.body,
    createdAt: note.createdAt.toISOString(),
  }));
}

export async function addNote(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  body: string,
): Promise<ChatNote> {
  const { db } = deps;
  const { companyId } = await companyMembership(db, actor, chatId);
  const [note] = await db
    .insert(chatNotes)
    .values({
      id: crypto.randomUUID(),
      chatId,
      companyProfileId: companyId,
      authorUserId: actor.userId,
      body,
    })
    .returning();
  const [author] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  const view: ChatNote = {
    id: note!.id,
    chatId,
    author: { id: actor.userId, name: author?.name ?? "" },
    body: note!.body,
    createdAt: note!.createdAt.toISOString(),
  };
  // The company's other members with `chats` see it live; the other side never hears of it.
  await tellUpdated(deps, chatId, {
    profileIds: [companyId],
    note: { ...view, companyProfileId: companyId },
  });
  return view;
}

/** Assigns the conversation to a member of the company who holds `chats` (null: to nobody). */
export async function assign(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  userId: string | null,
): Promise<Chat> {
  const { db } = deps;
  const { companyId, chat } = await companyMembership(db, actor, chatId);
  if (userId) {
    const [member] = await db
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
      .limit(1);
    if (!member || permissionsForRole(member.role as CompanyMemberRole).chats === "none") {
      throw new AppError("request_validationFailed", {
        details: [{ path: "body.userId", message: messages.invalidRequest }],
      });
    }
  }
  await db.transaction(async (tx) => {
    const seq = await nextSeq(tx);
    await tx
      .update(chatMembers)
      .set({ assignedUserId: userId, changeSeq: seq })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.profileId, companyId)));
  });
  // Only the company hears of it: the assignment is its own business.
  await tellUpdated(deps, chatId, { profileIds: [companyId] });
  return viewOf(db, chat, companyId);
}
