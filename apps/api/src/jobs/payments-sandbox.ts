import { loadConfig } from "../config";
import {
  PAYMENTS_SANDBOX_DELIVER_QUEUE,
  PAYMENTS_SANDBOX_TICK_QUEUE,
  SandboxPaymentsVendor,
} from "../providers/payments/sandbox";
import type { JobContext, JobModule } from "./types";

/** How often the sandbox's own time moves things along (the demo renews by itself). */
const TICK_SECONDS = 30;

function vendorOf(context: JobContext): SandboxPaymentsVendor {
  return new SandboxPaymentsVendor({
    db: context.database.db,
    config: context.config ?? loadConfig(),
    jobs: () => context.jobs,
    log: context.log,
  });
}

/**
 * The sandbox payments vendor's webhooks (providers/payments/sandbox.ts): each job sends one
 * customer's waiting events in order. A webhook our side did not take fails the job, and pg-boss
 * tries again with a growing wait, as Stripe retries. The queue is stately: one job waiting per
 * customer is enough, since it sends whatever is waiting when it runs.
 */
export const paymentsSandboxDeliverJob: JobModule = {
  queue: PAYMENTS_SANDBOX_DELIVER_QUEUE,
  queueOptions: { policy: "stately", retryLimit: 10, retryDelay: 2, retryBackoff: true },
  // A person watches the checkout: the webhook should follow the call closely.
  pollingIntervalSeconds: 0.5,
  async handle(context: JobContext, data: object): Promise<void> {
    const { customerId } = data as { customerId?: string };
    if (!customerId) return;
    await vendorOf(context).deliverPending(customerId);
  },
};

/**
 * The sandbox's clock at work: every 30 seconds (a cron each minute, and a second run half a minute
 * later) trials end, renewals and retries run as they came due, events our side has not taken yet
 * are queued again, and idempotency keys older than a day are forgotten.
 */
export const paymentsSandboxTickJob: JobModule = {
  queue: PAYMENTS_SANDBOX_TICK_QUEUE,
  cron: "* * * * *",
  async handle(context: JobContext, data: object): Promise<void> {
    const config = context.config ?? loadConfig();
    // Only the sandbox keeps its own time; with Stripe there is nothing to run.
    if (config.STRIPE_SECRET_KEY) return;
    const vendor = vendorOf(context);
    const steps = await vendor.runDue();
    await vendor.redeliverPending();
    await vendor.purgeIdempotencyKeys();
    if (steps) context.log.info({ steps }, "payments sandbox: ran what came due");
    if (!(data as { half?: boolean }).half && context.jobs) {
      await context.jobs.send(PAYMENTS_SANDBOX_TICK_QUEUE, { half: true }, { startAfter: TICK_SECONDS });
    }
  },
};
