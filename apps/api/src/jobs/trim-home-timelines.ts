import { dropIdleHomeTimelines, trimHomeTimelines } from "../modules/social/feed";
import type { JobContext, JobModule } from "./types";

/**
 * Every ten minutes (decision 0030):
 * - a timeline unread for two weeks is dropped, so publications stop fanning out to readers who
 *   left; the reader's next feed read builds it again;
 * - a timeline past twice its cap (800) keeps its newest 800 and its horizon rises, so the table
 *   stays near 800 rows per reader. Older pages are merged on read.
 */
export const trimHomeTimelinesJob: JobModule = {
  queue: "maintenance.trim-home-timelines",
  cron: "*/10 * * * *",
  async handle({ database, log }: JobContext): Promise<void> {
    const dropped = await dropIdleHomeTimelines(database.db);
    if (dropped > 0) log.info(`dropped ${dropped} idle home timelines`);
    const trimmed = await trimHomeTimelines(database.db);
    if (trimmed > 0) log.info(`trimmed ${trimmed} home timelines`);
  },
};
