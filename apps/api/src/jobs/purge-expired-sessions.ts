import { lt } from "drizzle-orm";
import { sessions } from "../db/schema/index";
import type { JobContext, JobModule } from "./index";

/** Hourly: expired sessions are useless and only grow the table the socket handshake reads. */
export const purgeExpiredSessions: JobModule = {
  queue: "maintenance.purge-expired-sessions",
  cron: "17 * * * *",
  async handle({ database, log }: JobContext): Promise<void> {
    const deleted = await database.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ id: sessions.id });
    log.info({ count: deleted.length }, "purged expired sessions");
  },
};
