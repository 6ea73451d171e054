import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Database } from "../db/client";
import type { Realtime } from "../realtime/index";
import { publishPlanned } from "./publish-planned";
import { purgeExpiredSessions } from "./purge-expired-sessions";

/**
 * The job runner: pg-boss on the product's own database (PostgreSQL or PGlite), so durable jobs
 * need no other server. Each job module exports its queue name, schedule and handler.
 */
export interface Jobs {
  boss: PgBoss;
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Stops taking jobs and waits for running ones to finish. */
  stop(): Promise<void>;
}

/** What a job handler may use: the database, the log, and the socket hub when this node has one. */
export interface JobContext {
  database: Database;
  log: FastifyBaseLogger;
  realtime?: Realtime;
}

export interface JobModule {
  queue: string;
  cron?: string;
  handle(context: JobContext, data: object): Promise<void>;
}

const jobModules: JobModule[] = [purgeExpiredSessions, publishPlanned];

export async function startJobs(context: JobContext): Promise<Jobs> {
  const { database, log } = context;
  const boss = new PgBoss(
    database.connectionString
      ? { connectionString: database.connectionString, max: 3, schema: "pgboss" }
      : { db: database.raw as PgBoss.Db, schema: "pgboss" },
  );
  boss.on("error", (error) => log.error({ err: error }, "job runner error"));
  await boss.start();
  for (const job of jobModules) {
    await boss.createQueue(job.queue);
    if (job.cron) await boss.schedule(job.queue, job.cron);
    await boss.work(job.queue, async (batch) => {
      for (const item of batch) await job.handle(context, item.data as object);
    });
  }
  return {
    boss,
    send: (queue, data, options) => (options ? boss.send(queue, data, options) : boss.send(queue, data)),
    // graceful: running handlers finish; close: pg-boss's own pool is ended (PGlite is closed by the app).
    stop: () => boss.stop({ graceful: true, close: Boolean(database.connectionString), timeout: 10_000 }),
  };
}
