import { lt } from "drizzle-orm";
import { sessions, verifications } from "../db/schema/index";
import type { JobContext, JobModule } from "./types";

/** Expired codes and reset tokens stay a day, so a late attempt still hears "expired", not "invalid". */
const VERIFICATION_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Hourly: expired sessions are useless and only grow the table the socket handshake reads;
 * expired one-time codes and reset tokens likewise, after a day's grace.
 */
export const purgeExpiredSessions: JobModule = {
  queue: "maintenance.purge-expired-sessions",
  cron: "17 * * * *",
  async handle({ database, log }: JobContext): Promise<void> {
    const now = Date.now();
    const deleted = await database.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date(now)))
      .returning({ id: sessions.id });
    const codes = await database.db
      .delete(verifications)
      .where(lt(verifications.expiresAt, new Date(now - VERIFICATION_GRACE_MS)))
      .returning({ id: verifications.id });
    log.info({ sessions: deleted.length, codes: codes.length }, "purged expired sessions and codes");
  },
};
