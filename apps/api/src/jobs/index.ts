import PgBoss from "pg-boss";
import { loadConfig } from "../config";
import { subscribeModules } from "../modules/index";
import { stopRunningTools } from "../modules/media/tools";
import type { Jobs } from "../shared/jobs";
import { chatDigestJob } from "./chat-digest";
import { chatUnreadNotifyJob } from "./chat-unread-notify";
import { identitySandboxJob } from "./identity-sandbox";
import { kybSandboxJob } from "./kyb-sandbox";
import { leadsMailJob } from "./leads-mail";
import { mediaProcess, mediaProcessQueues } from "./media-process";
import { mediaSweep } from "./media-sweep";
import { paymentsSandboxDeliverJob, paymentsSandboxTickJob } from "./payments-sandbox";
import { publishPlanned } from "./publish-planned";
import { purgeExpiredSessions } from "./purge-expired-sessions";
import { purgeOldViewsJob } from "./purge-old-views";
import { storageDeletionsJob } from "./storage-deletions";
import { trimHomeTimelinesJob } from "./trim-home-timelines";
import type { JobContext, JobModule } from "./types";
import { verificationUpkeepJob } from "./verification-upkeep";

export type { Jobs } from "../shared/jobs";
export type { JobContext, JobModule } from "./types";

const jobModules: JobModule[] = [
  purgeExpiredSessions,
  publishPlanned,
  mediaProcess,
  ...mediaProcessQueues,
  mediaSweep,
  purgeOldViewsJob,
  trimHomeTimelinesJob,
  storageDeletionsJob,
  identitySandboxJob,
  kybSandboxJob,
  verificationUpkeepJob,
  paymentsSandboxDeliverJob,
  paymentsSandboxTickJob,
  chatUnreadNotifyJob,
  chatDigestJob,
  leadsMailJob,
];

/**
 * The job runner: pg-boss on the product's own database (PostgreSQL or PGlite), so durable jobs
 * need no other server. Each job module exports its queue name, schedule and handler.
 */
export async function startJobs(given: JobContext): Promise<Jobs> {
  const context: JobContext = { ...given, config: given.config ?? loadConfig() };
  // Jobs emit domain events (a planned item published); the modules' subscribers must hear them.
  subscribeModules();
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
    const workOptions = job.pollingIntervalSeconds
      ? { pollingIntervalSeconds: job.pollingIntervalSeconds }
      : {};
    await boss.work(job.queue, workOptions, async (batch) => {
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
