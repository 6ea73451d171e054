import { sendDigests } from "../modules/chats/notices";
import { createMailProvider } from "../providers/mail/index";
import type { JobContext, JobModule } from "./types";

/** Daily at 07:30 UTC: the mail of unread messages for people who opted in (messaging settings). */
export const chatDigestJob: JobModule = {
  queue: "chats.daily-digest",
  cron: "30 7 * * *",
  async handle({ database, log, config }: JobContext): Promise<void> {
    if (!config) return;
    const mail = createMailProvider(config, database.db);
    try {
      const sent = await sendDigests(database.db, mail, config.WEB_ORIGIN);
      log.info({ module: "chats", sent }, "chats: daily digests mailed");
    } finally {
      await mail.close();
    }
  },
};
