import { lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { sessions } from "../db/schema/index";

/** Hourly: expired sessions are useless and only grow the table the socket handshake reads. */
export const purgeExpiredSessions = {
  queue: "maintenance.purge-expired-sessions",
  cron: "17 * * * *",
  async handle(database: Database, _data: object, log: FastifyBaseLogger): Promise<void> {
    const deleted = await database.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ id: sessions.id });
    log.info({ count: deleted.length }, "purged expired sessions");
  },
};
