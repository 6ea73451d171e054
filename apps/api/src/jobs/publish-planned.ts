import { getContentById, publishDue } from "../modules/content/service";
import { emit } from "../shared/events";
import type { JobContext, JobModule } from "./types";

/**
 * Publishes planned items whose date has come. Runs every minute as a sweep, and once more at
 * the exact time of each newly planned item (sent with startAfter when it is created), so a
 * publication goes live on time and none is missed if a node was down.
 */
export const publishPlanned: JobModule = {
  queue: "content.publish-planned",
  cron: "* * * * *",
  async handle({ database, log, realtime, jobs }: JobContext): Promise<void> {
    const db = database.db;
    const changed = await publishDue(db);
    for (const change of changed) {
      // §7 contentItem.status reaches the owner (every session acting as that profile).
      realtime?.emitToProfile(change.ownerId, "contentItem.status", {
        contentId: change.contentId,
        slug: change.slug,
        status: change.status,
      });
      // Published now that others can read it, not when it was written: the subscribers (mentions
      // and a quote's author are notified) hear of it. A failure here must not undo the
      // publication, which has already committed.
      try {
        const item = await getContentById(db, change.contentId, change.ownerId);
        await emit({ db, realtime, log, jobs }, "content.published", { item });
      } catch (error) {
        log.error({ err: error, contentId: change.contentId }, "could not notify of a planned publication");
      }
    }
    if (changed.length) log.info({ count: changed.length }, "published planned items");
  },
};
