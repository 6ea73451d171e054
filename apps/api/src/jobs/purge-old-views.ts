import { purgeOldViews } from "../modules/social/reactions";
import { purgeOldVisits, VISIT_RETENTION_DAYS } from "../shared/visits";
import type { JobContext, JobModule } from "./types";

/**
 * Daily: view rows only de-duplicate today's views, so older ones would only grow the table; the
 * profile visits the spy add-on lists are kept VISIT_RETENTION_DAYS (90 days) and no longer.
 */
export const purgeOldViewsJob: JobModule = {
  queue: "maintenance.purge-old-views",
  cron: "23 3 * * *",
  async handle({ database, log }: JobContext): Promise<void> {
    await purgeOldViews(database.db);
    await purgeOldVisits(database.db);
    log.info(`purged view rows of past days and profile visits older than ${VISIT_RETENTION_DAYS} days`);
  },
};
