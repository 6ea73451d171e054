import { trimHomeTimelines } from "../modules/social/feed";
import type { JobContext, JobModule } from "./types";

/**
 * Every ten minutes: a precomputed home timeline grows with every publication of the profiles
 * its owner follows; one past twice its cap (800) keeps its newest 800 and its horizon rises, so
 * the table stays near 800 rows per reader (decision 0030). Older pages are merged on read.
 */
export const trimHomeTimelinesJob: JobModule = {
  queue: "maintenance.trim-home-timelines",
  cron: "*/10 * * * *",
  async handle({ database, log }: JobContext): Promise<void> {
    const trimmed = await trimHomeTimelines(database.db);
    if (trimmed > 0) log.info(`trimmed ${trimmed} home timelines`);
  },
};
