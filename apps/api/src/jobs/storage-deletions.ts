import { asc, eq, lte } from "drizzle-orm";
import { loadConfig } from "../config";
import { storageDeletions } from "../db/schema/index";
import { createStorage } from "../providers/storage/index";
import type { JobContext, JobModule } from "./types";

export const STORAGE_DELETE_QUEUE = "storage.delete";
/** Rows worked off per run; the next minute takes the rest. */
const BATCH = 200;
/** After a failure: 1, 2, 4 … minutes, at most a day. */
const backoffMs = (attempts: number) => Math.min(2 ** attempts * 60_000, 24 * 60 * 60 * 1000);

/**
 * Every minute: deletes the stored objects queued by shared/storage-deletions.ts (a complete
 * account removal queues its media: originals with their EXIF, outputs, unfinished uploads).
 * A failure is kept and tried again later, with a growing wait; deleting what is already gone
 * succeeds, so a retried run does no harm.
 */
export const storageDeletionsJob: JobModule = {
  queue: STORAGE_DELETE_QUEUE,
  cron: "* * * * *",
  async handle(context: JobContext): Promise<void> {
    const { database, log } = context;
    const db = database.db;
    const storage = context.storage ?? createStorage(context.config ?? loadConfig());
    const now = new Date();
    const due = await db
      .select()
      .from(storageDeletions)
      .where(lte(storageDeletions.notBefore, now))
      .orderBy(asc(storageDeletions.notBefore))
      .limit(BATCH);
    let deleted = 0;
    let failed = 0;
    for (const row of due) {
      try {
        if (row.kind === "multipart" && row.uploadId) {
          await storage.abortMultipart(row.key, row.uploadId).catch(() => {});
          await storage.delete(row.key);
        } else if (row.kind === "prefix") {
          await storage.deletePrefix(row.key);
        } else {
          await storage.delete(row.key);
        }
        await db.delete(storageDeletions).where(eq(storageDeletions.id, row.id));
        deleted++;
      } catch (error) {
        failed++;
        const attempts = row.attempts + 1;
        await db
          .update(storageDeletions)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
            notBefore: new Date(now.getTime() + backoffMs(attempts)),
          })
          .where(eq(storageDeletions.id, row.id));
        log[attempts >= 5 ? "error" : "warn"](
          { err: error, key: row.key, attempts },
          "stored object not deleted",
        );
      }
    }
    if (deleted || failed) log.info({ deleted, failed }, "storage deletions");
  },
};
