import { AppError, type Chat, type ChatRequestAnswer, type SessionActor } from "@vn/contract";
import { and, eq, ne } from "drizzle-orm";
import { chatMembers } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { block } from "../../shared/social-graph";
import { membership, nextSeq, tellUpdated, viewOf } from "./conversations";
import type { ChatDeps } from "./deps";

/**
 * Message requests (decision 0021): a conversation opened by someone the member does not follow
 * waits under Requests until answered. Accept moves it to the inbox; decline makes it gone for
 * the member (the sender's next message answers chat_unavailable); block also blocks the one who
 * opened it (the social block: it ends the conversation both ways and every follow between them).
 */
export async function answerRequest(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  answer: ChatRequestAnswer,
): Promise<Chat | null> {
  const { db } = deps;
  const actorId = actingProfileId(actor);
  const { chat, me } = await membership(db, chatId, actorId);
  if (me.request !== "pending") throw new AppError("chat_noRequest");
  if (answer === "block") {
    // The one who opened it: in a direct conversation the other side, in a group its creator.
    const [opener] = await db
      .select({ id: chatMembers.profileId })
      .from(chatMembers)
      .where(
        and(
          eq(chatMembers.chatId, chatId),
          ne(chatMembers.profileId, actorId),
          chat.kind === "direct" ? undefined : eq(chatMembers.profileId, chat.createdBy),
        ),
      )
      .limit(1);
    if (opener) await block(db, actorId, opener.id);
  }
  await db.transaction(async (tx) => {
    const seq = await nextSeq(tx);
    await tx
      .update(chatMembers)
      .set({ request: answer === "accept" ? "accepted" : "declined", changeSeq: seq })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.profileId, actorId)));
    // The others hear of it too: their conversation can no longer be written to (decline, block).
    await tx
      .update(chatMembers)
      .set({ changeSeq: seq })
      .where(and(eq(chatMembers.chatId, chatId), ne(chatMembers.profileId, actorId)));
  });
  await tellUpdated(deps, chatId, {
    profileIds: (
      await db.select({ id: chatMembers.profileId }).from(chatMembers).where(eq(chatMembers.chatId, chatId))
    ).map((m) => m.id),
  });
  return answer === "accept" ? viewOf(db, chat, actorId) : null;
}
