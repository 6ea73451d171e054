import { AppError, type SessionActor } from "@vn/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { chatMessages, chatReports } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { fileReport } from "../../shared/moderation-intake";
import { membership } from "./conversations";
import { mayRead } from "./views";

/**
 * A report on one message (issue 15 item 7): the back-office receives a copy of that message
 * only — never the conversation around it. Reporting the same message twice is a conflict.
 */
export async function reportMessage(
  db: Db,
  actor: SessionActor,
  chatId: string,
  messageId: string,
  input: { reason: string; description?: string },
): Promise<void> {
  const profileId = actingProfileId(actor);
  const { me } = await membership(db, chatId, profileId);
  const [message] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)))
    .limit(1);
  if (!message || message.deletedAt || !mayRead(me, message.seq) || message.senderProfileId === profileId) {
    throw new AppError("chat_messageNotFound");
  }
  try {
    // The report and its filing on the review queue's subject commit together (issue 16).
    await db.transaction(async (tx) => {
      const id = crypto.randomUUID();
      await tx.insert(chatReports).values({
        id,
        reporterUserId: actor.userId,
        reporterProfileId: profileId,
        messageId,
        chatId,
        senderProfileId: message.senderProfileId,
        body: message.body,
        attachments: message.attachments,
        reason: input.reason,
        description: input.description ?? null,
      });
      await fileReport(tx, {
        table: "chat_reports",
        reportId: id,
        subjectType: "message",
        targetId: messageId,
        profileId: message.senderProfileId,
        reason: input.reason,
        description: input.description ?? null,
        reporterUserId: actor.userId,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("request_conflict", { details: { reason: "alreadyReported" } });
    throw error;
  }
}
