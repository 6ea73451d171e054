import { purgeOldViews } from "../modules/social/reactions";
import type { JobContext, JobModule } from "./types";

/** Daily: view rows only de-duplicate today's views; older ones would only grow the table. */
export const purgeOldViewsJob: JobModule = {
  queue: "maintenance.purge-old-views",
  cron: "23 3 * * *",
  async handle({ database, log }: JobContext): Promise<void> {
    await purgeOldViews(database.db);
    log.info("purged view rows of past days");
  },
};
