import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Jobs } from "../../shared/jobs";
import { MiddeskKybVendor, middeskSettings } from "./middesk";
import { SandboxKybRegistry } from "./sandbox";
import type { KybProvider } from "./types";

export { SandboxKybRegistry } from "./sandbox";
export type { KybCheckRequest, KybProvider } from "./types";

/** The business registry KYB_PROVIDER names: the sandbox (development, tests) or Middesk. */
export function createKybProvider(
  config: Config,
  env: { db: Db; jobs: () => Jobs | undefined; log: FastifyBaseLogger },
): KybProvider {
  switch (config.KYB_PROVIDER) {
    case "sandbox":
      return new SandboxKybRegistry({ ...env, config });
    case "middesk":
      return new MiddeskKybVendor(middeskSettings(config), { log: env.log });
  }
}
