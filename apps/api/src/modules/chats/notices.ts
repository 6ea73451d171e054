import { escapeHtml, format, messages, PRODUCT_NAME } from "@vn/contract";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMembers, messagingSettings } from "../../db/schema/index";
import type { MailProvider } from "../../providers/mail/index";
import type { EventContext } from "../../shared/events";
import { rowsOf } from "../../shared/pages";
import { notify } from "../notifications/service";

/**
 * What the messenger tells people away from the page (issue 15 item 6): a message still unread a
 * minute after it came is one notice per conversation, and those who opted in get a daily mail of
 * their unread conversations.
 */

export interface UnreadNotice {
  chatId: string;
  recipientId: string;
  /** The sender of the newest unread message. */
  actorId: string;
  seq: number;
}

/**
 * The member has still not read up to `seq`: claims the notice (notified_seq, so a burst of
 * messages is one notice and a second worker finds nothing) and answers it; null when they read
 * it, left, or the conversation is a request (requests are not notified beyond the request).
 */
export async function claimUnreadNotice(
  db: Db,
  input: { chatId: string; profileId: string; seq: number },
): Promise<UnreadNotice | null> {
  const [claimed] = await db
    .update(chatMembers)
    .set({ notifiedSeq: sql`(SELECT last_message_seq FROM chats WHERE id = ${input.chatId})` })
    .where(
      and(
        eq(chatMembers.chatId, input.chatId),
        eq(chatMembers.profileId, input.profileId),
        eq(chatMembers.state, "active"),
        sql`${chatMembers.request} NOT IN ('pending', 'declined')`,
        lt(chatMembers.lastReadSeq, input.seq),
        lt(chatMembers.notifiedSeq, input.seq),
      ),
    )
    .returning({ notifiedSeq: chatMembers.notifiedSeq });
  if (!claimed) return null;
  const [last] = await rowsOf<{ sender: string }>(
    db,
    sql`SELECT sender_profile_id AS sender FROM chat_messages
         WHERE chat_id = ${input.chatId} AND seq <= ${claimed.notifiedSeq} AND sender_profile_id <> ${input.profileId}
         ORDER BY seq DESC LIMIT 1`,
  );
  if (!last) return null;
  return {
    chatId: input.chatId,
    recipientId: input.profileId,
    actorId: last.sender,
    seq: claimed.notifiedSeq,
  };
}

/**
 * The one-minute job's work: claims the notice and, when there is one, stores the "message"
 * notification and sends it live (`notification`) to the recipient's devices. Answers the notice.
 */
export async function deliverUnreadNotice(
  deps: EventContext,
  input: { chatId: string; profileId: string; seq: number },
): Promise<UnreadNotice | null> {
  const notice = await claimUnreadNotice(deps.db, input);
  if (!notice) return null;
  await notify(deps, [
    { recipientId: notice.recipientId, actorId: notice.actorId, kind: "message", chatId: notice.chatId },
  ]);
  return notice;
}

interface DigestRow {
  profile_id: string;
  email: string;
  conversations: number;
  messages: number;
}

/**
 * The daily digest: every person who opted in, has unread messages and was not mailed in the
 * last 20 hours gets one mail listing how many; the send time is stored first, so a crash never
 * mails twice. Answers how many were mailed.
 */
export async function sendDigests(db: Db, mail: MailProvider, webOrigin: string): Promise<number> {
  const rows = await rowsOf<DigestRow>(
    db,
    sql`SELECT s.profile_id, u.email, count(*)::int AS conversations, sum(m.unread_count)::int AS messages
          FROM messaging_settings s
          JOIN profiles p ON p.id = s.profile_id AND p.status = 'active' AND p.type = 'user'
          JOIN users u ON u.id = p.user_id
          JOIN chat_members m ON m.profile_id = s.profile_id AND m.unread_count > 0
                             AND m.request NOT IN ('pending', 'declined')
         WHERE s.chat_digest AND (s.digest_sent_at IS NULL OR s.digest_sent_at < now() - interval '20 hours')
         GROUP BY s.profile_id, u.email`,
  );
  let sent = 0;
  for (const row of rows) {
    const [claimed] = await db
      .update(messagingSettings)
      .set({ digestSentAt: new Date() })
      .where(
        and(
          eq(messagingSettings.profileId, row.profile_id),
          sql`(${messagingSettings.digestSentAt} IS NULL OR ${messagingSettings.digestSentAt} < now() - interval '20 hours')`,
        ),
      )
      .returning({ profileId: messagingSettings.profileId });
    if (!claimed) continue;
    await mail.send(
      digestMail(row.email, row.messages, row.conversations, `${webOrigin.replace(/\/$/, "")}/chats`),
    );
    sent++;
  }
  return sent;
}

function digestMail(to: string, count: number, conversations: number, url: string) {
  const intro = format(messages.mailChatDigestIntro, { count, conversations });
  const subject = messages.mailChatDigestSubject;
  return {
    to,
    subject,
    text: [intro, "", `${messages.mailChatDigestOpen}: ${url}`, "", `— ${messages.mailSignature}`].join("\n"),
    html: [
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
      `<p><strong>${escapeHtml(PRODUCT_NAME)}</strong></p><p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(messages.mailChatDigestOpen)}</a></p>`,
      `<p>${escapeHtml(messages.mailSignature)}</p></body></html>`,
    ].join(""),
  };
}
