import { buildApp } from "./app";
import { loadConfig } from "./config";
import { startJobs } from "./jobs/index";
import { attachRealtime } from "./realtime/index";

/**
 * The process: config → app → realtime → jobs → listen. Demo data is not the server's business:
 * `npm start` (and the browser suite) seed it first with the seed CLI (src/seed/cli.ts). SIGTERM/SIGINT drain in-flight requests,
 * close sockets, let running jobs finish and close the database, in that order.
 */
const config = loadConfig();
const app = await buildApp(config);
app.deps.realtime = await attachRealtime(app);
const jobs = config.JOBS_ENABLED
  ? await startJobs({ database: app.deps.database, log: app.log, realtime: app.deps.realtime })
  : undefined;
if (jobs) {
  app.deps.jobs = jobs;
  app.deps.beforeClose.push(() => jobs.stop());
}

/** Exits once the asynchronous log stream (lib/logger.ts) has written what it holds. */
function exit(code: number): void {
  const log = app.log as unknown as { flush?: (done: () => void) => void };
  if (log.flush) log.flush(() => process.exit(code));
  else process.exit(code);
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down: draining requests");
  const timer = setTimeout(() => {
    app.log.error("shutdown timed out; exiting");
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    // Stop accepting; in-flight requests finish (Fastify waits for them); then sockets close, running
    // jobs finish, and Redis and the database close last (AppDeps.beforeClose).
    await app.close();
    app.log.info("shutdown complete");
    exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ host: config.HOST, port: config.PORT });
