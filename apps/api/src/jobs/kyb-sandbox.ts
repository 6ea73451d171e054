import { loadConfig } from "../config";
import { KYB_SANDBOX_QUEUE, SandboxKybRegistry } from "../providers/kyb/sandbox";
import type { JobContext, JobModule } from "./types";

/**
 * The sandbox business registry's decisions (providers/kyb/sandbox.ts), each run after
 * KYB_SANDBOX_DELAY_MS. A webhook our side did not take fails the job, and pg-boss tries again
 * with a growing wait, as a registry would.
 */
export const kybSandboxJob: JobModule = {
  queue: KYB_SANDBOX_QUEUE,
  queueOptions: { retryLimit: 8, retryDelay: 2, retryBackoff: true },
  // The owner watches the status screen: the decision should follow the delay closely.
  pollingIntervalSeconds: 0.5,
  async handle(context: JobContext, data: object): Promise<void> {
    const { checkId } = data as { checkId?: string };
    if (!checkId) return;
    const registry = new SandboxKybRegistry({
      db: context.database.db,
      config: context.config ?? loadConfig(),
      jobs: () => context.jobs,
      log: context.log,
    });
    await registry.process(checkId);
  },
};
