import { LEAD_MAIL_QUEUE, mailLead } from "../modules/forms/leads";
import { createMailProvider } from "../providers/mail/index";
import type { JobContext, JobModule } from "./types";

/**
 * A lead whose mail to sales failed when it was sent (modules/forms/leads.ts): tried again here;
 * a throw hands it back to pg-boss, which retries with a growing delay. The lead itself is stored
 * and listed in the back-office whatever happens to its mail.
 */
export const leadsMailJob: JobModule = {
  queue: LEAD_MAIL_QUEUE,
  async handle({ database, log, config }: JobContext, data: object): Promise<void> {
    if (!config) return;
    const { leadId } = data as { leadId: string };
    const mail = createMailProvider(config, database.db);
    try {
      await mailLead({ db: database.db, config, mail }, leadId);
      log.info({ module: "leads", leadId }, "leads: mail to sales sent on retry");
    } finally {
      await mail.close();
    }
  },
};
