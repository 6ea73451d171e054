import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Jobs } from "../../shared/jobs";
import { JumioIdentityVendor, jumioSettings } from "./jumio";
import { SandboxIdentityVendor } from "./sandbox";
import type { IdentityProvider } from "./types";

export { JumioIdentityVendor } from "./jumio";
export { SandboxIdentityVendor } from "./sandbox";
export type { IdentityProvider, IdentitySessionRequest } from "./types";

/** The identity vendor IDV_PROVIDER names: the sandbox (development, tests) or Jumio. */
export function createIdentityProvider(
  config: Config,
  env: { db: Db; jobs: () => Jobs | undefined; log: FastifyBaseLogger },
): IdentityProvider {
  switch (config.IDV_PROVIDER) {
    case "sandbox":
      return new SandboxIdentityVendor({ ...env, config });
    case "jumio":
      return new JumioIdentityVendor(jumioSettings(config), { log: env.log });
  }
}
