import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import { type Config, loadConfig } from "../config";
import type { Database } from "../db/client";
import { stopRunningTools } from "../modules/media/tools";
import type { StorageProvider } from "../providers/storage/index";
import type { Realtime } from "../realtime/index";
import { mediaProcess } from "./media-process";
import { mediaSweep } from "./media-sweep";
import { publishPlanned } from "./publish-planned";
import { purgeExpiredSessions } from "./purge-expired-sessions";
import { purgeOldViewsJob } from "./purge-old-views";

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
  /** The environment's config (startJobs reads the environment when the starter gives none). */
  config?: Config;
  /** Media storage; from config when absent. */
  storage?: StorageProvider;
  /** This runner, for jobs that enqueue others. */
  jobs?: Jobs;
}

export interface JobModule {
  queue: string;
  cron?: string;
  /** Queue policy, retries (pg-boss createQueue options). */
  queueOptions?: Omit<PgBoss.Queue, "name">;
  /** Options of each job sent to this queue (e.g. a longer expiry for long work). */
  workOptions?: (context: JobContext) => PgBoss.SendOptions;
  handle(context: JobContext, data: object): Promise<void>;
}

const jobModules: JobModule[] = [
  purgeExpiredSessions,
  publishPlanned,
  mediaProcess,
  mediaSweep,
  purgeOldViewsJob,
];

export async function startJobs(given: JobContext): Promise<Jobs> {
  const context: JobContext = { ...given, config: given.config ?? loadConfig() };
  const { database, log } = context;
  const boss = new PgBoss(
    database.connectionString
      ? { connectionString: database.connectionString, max: 3, schema: "pgboss" }
      : { db: database.raw as PgBoss.Db, schema: "pgboss" },
  );
  boss.on("error", (error) => log.error({ err: error }, "job runner error"));
  await boss.start();
  for (const job of jobModules) {
    await boss.createQueue(job.queue, { name: job.queue, ...job.queueOptions });
    if (job.cron) await boss.schedule(job.queue, job.cron);
    await boss.work(job.queue, async (batch) => {
      for (const item of batch) await job.handle(context, item.data as object);
    });
  }
  const sendOptions = new Map(jobModules.map((job) => [job.queue, job.workOptions?.(context)]));
  const jobs: Jobs = {
    boss,
    send: (queue, data, options) => {
      const merged = { ...sendOptions.get(queue), ...options };
      return Object.keys(merged).length ? boss.send(queue, data, merged) : boss.send(queue, data);
    },
    // Media tools (ffmpeg, LibreOffice) are stopped first: their files go back to the queue.
    // graceful: running handlers finish; close: pg-boss's own pool is ended (PGlite is closed by the app).
    stop: async () => {
      const stopped = boss.stop({
        graceful: true,
        close: Boolean(database.connectionString),
        timeout: 10_000,
      });
      stopRunningTools();
      await stopped;
    },
  };
  context.jobs = jobs;
  return jobs;
}
