import { CHAT_UNREAD_QUEUE } from "../modules/chats/messages";
import { deliverUnreadNotice } from "../modules/chats/notices";
import type { JobContext, JobModule } from "./types";

/**
 * A minute after a message (sent with startAfter by modules/chats/messages.ts, one waiting job
 * per member and conversation): a member who has still not read it gets one "message"
 * notification, stored and sent live to their devices.
 */
export const chatUnreadNotifyJob: JobModule = {
  queue: CHAT_UNREAD_QUEUE,
  async handle({ database, log, realtime }: JobContext, data: object): Promise<void> {
    const input = data as { chatId: string; profileId: string; seq: number };
    const notice = await deliverUnreadNotice({ db: database.db, realtime, log }, input);
    if (notice) log.info({ module: "chats", ...notice }, "chats: unread message notified");
  },
};
