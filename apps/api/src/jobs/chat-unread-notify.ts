import { CHAT_UNREAD_QUEUE } from "../modules/chats/messages";
import { claimUnreadNotice } from "../modules/chats/notices";
import type { JobContext, JobModule } from "./types";

/**
 * A minute after a message (sent with startAfter by modules/chats/messages.ts, one waiting job
 * per member and conversation): a member who has still not read it gets one notice.
 */
export const chatUnreadNotifyJob: JobModule = {
  queue: CHAT_UNREAD_QUEUE,
  async handle({ database, log }: JobContext, data: object): Promise<void> {
    const input = data as { chatId: string; profileId: string; seq: number };
    const notice = await claimUnreadNotice(database.db, input);
    if (!notice) return;
    // The notification itself needs a "message" kind in the notifications module (requested).
    log.info({ module: "chats", ...notice }, "chats: unread message notice");
  },
};
