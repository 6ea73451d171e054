import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Jobs } from "../../shared/jobs";
import { SandboxPaymentsVendor } from "./sandbox";
import { StripePaymentsVendor } from "./stripe";
import type { PaymentsProvider } from "./types";

export { SandboxPaymentsVendor } from "./sandbox";
export { StripePaymentsVendor } from "./stripe";
export type * from "./types";

/** The payments vendor: Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise. */
export function createPaymentsProvider(
  config: Config,
  env: { db: Db; jobs: () => Jobs | undefined; log: FastifyBaseLogger },
): PaymentsProvider {
  if (config.STRIPE_SECRET_KEY) return new StripePaymentsVendor(config, { log: env.log });
  return new SandboxPaymentsVendor({ ...env, config });
}
