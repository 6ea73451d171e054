import { loadConfig } from "../config";
import { SANDBOX_QUEUE, SandboxIdentityVendor, type SandboxStep } from "../providers/identity/sandbox";
import type { JobContext, JobModule } from "./types";

/**
 * The sandbox identity vendor's processing (providers/identity/sandbox.ts): each job is one step
 * of one session, run after IDV_SANDBOX_DELAY_MS. A webhook our side did not take (a node down,
 * a 5xx) fails the job, and pg-boss tries again with a growing wait, as a vendor would.
 */
export const identitySandboxJob: JobModule = {
  queue: SANDBOX_QUEUE,
  queueOptions: { retryLimit: 8, retryDelay: 2, retryBackoff: true },
  // A person watches the processing screen: the decision should follow the delay closely.
  pollingIntervalSeconds: 0.5,
  async handle(context: JobContext, data: object): Promise<void> {
    const { sessionId, step } = data as { sessionId?: string; step?: SandboxStep };
    if (!sessionId || (step !== "decide" && step !== "confirm")) return;
    const vendor = new SandboxIdentityVendor({
      db: context.database.db,
      config: context.config ?? loadConfig(),
      jobs: () => context.jobs,
      log: context.log,
    });
    await vendor.process(sessionId, step);
  },
};
