import type { FastifyBaseLogger } from "fastify";
import type PgBoss from "pg-boss";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { StorageProvider } from "../providers/storage/index";
import type { Jobs } from "../shared/jobs";
import type { Realtime } from "../shared/realtime";

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
  /** How often an idle worker asks for this queue's jobs (pg-boss default 2 s). */
  pollingIntervalSeconds?: number;
  /** Options of each job sent to this queue (e.g. a longer expiry for long work). */
  workOptions?: (context: JobContext) => PgBoss.SendOptions;
  handle(context: JobContext, data: object): Promise<void>;
}
