import { CHAT_MISSED_PAGE, type Chat, type ChatMessage, type SessionActor } from "@vn/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMessages, chats } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { rowsOf } from "../../shared/pages";
import { catchUpLimit } from "./high-water";
import { viewsOf } from "./inbox";
import { loadContext, type MessageRow, messageView } from "./views";

/**
 * Catching up (§4: the socket never reconnects by itself): everything that changed for the member
 * since `after` — new, edited and deleted messages it may read, by changeSeq, and the conversations
 * whose title, members, requests or read receipts moved. The answer's cursor is the next `after`;
 * it never passes a change still being written (high-water.ts), so a late commit is not skipped.
 */
export async function missedSince(
  db: Db,
  actor: SessionActor,
  after: number,
): Promise<{ messages: ChatMessage[]; chats: Chat[]; cursor: number; hasMore: boolean }> {
  const profileId = actingProfileId(actor);
  // Before any row is read: no cursor passes a seq whose transaction has not ended yet.
  const limit = await catchUpLimit(db);
  const changed = await rowsOf<{ chat_id: string; change_seq: string }>(
    db,
    sql`SELECT chat_id, change_seq FROM chat_members
         WHERE profile_id = ${profileId} AND change_seq > ${after} AND request <> 'declined'
         ORDER BY change_seq LIMIT ${CHAT_MISSED_PAGE + 1}`,
  );
  const moreChats = changed.length > CHAT_MISSED_PAGE;
  const chatIds = changed.slice(0, CHAT_MISSED_PAGE).map((r) => r.chat_id);
  const rows = chatIds.length
    ? await rowsOf<{ seq: string }>(
        db,
        sql`SELECT x.seq FROM chat_messages x
              JOIN chat_members m ON m.chat_id = x.chat_id AND m.profile_id = ${profileId}
             WHERE x.chat_id IN (${sql.join(
               chatIds.map((id) => sql`${id}`),
               sql`, `,
             )})
               AND x.change_seq > ${after}
               AND x.seq > m.from_seq AND (m.until_seq IS NULL OR x.seq <= m.until_seq)
             ORDER BY x.change_seq LIMIT ${CHAT_MISSED_PAGE + 1}`,
      )
    : [];
  const moreMessages = rows.length > CHAT_MISSED_PAGE;
  const seqs = rows.slice(0, CHAT_MISSED_PAGE).map((r) => Number(r.seq));
  const messageRows: MessageRow[] = seqs.length
    ? (
        await db
          .select()
          .from(chatMessages)
          .where(
            sql`${chatMessages.seq} IN (${sql.join(
              seqs.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          )
      ).sort((a, b) => a.changeSeq - b.changeSeq)
    : [];
  const chatRows = messageRows.length
    ? await db
        .select()
        .from(chats)
        .where(
          sql`${chats.id} IN (${sql.join(
            [...new Set(messageRows.map((m) => m.chatId))].map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
    : [];
  const context = await loadContext(db, chatRows, messageRows);
  // Cut at the last message when its page is full, else at the last conversation change.
  const lastMessage = messageRows.at(-1)?.changeSeq ?? after;
  const lastChat = Number(changed.slice(0, CHAT_MISSED_PAGE).at(-1)?.change_seq ?? after);
  const reached = moreMessages
    ? lastMessage
    : Math.max(lastMessage, moreChats ? lastChat : Math.max(lastChat, after));
  // Changes above the limit are answered now and again next time (the client keeps the newest).
  const cursor = Math.max(after, Math.min(reached, limit));
  return {
    messages: messageRows.map((row) => messageView(context, row, profileId)),
    chats: await viewsOf(db, chatIds, profileId),
    cursor,
    // Never "ask again" with the same cursor (a write held open would make that a loop).
    hasMore: (moreMessages || moreChats) && cursor > after,
  };
}
