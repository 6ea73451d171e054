import rateLimit from "@fastify/rate-limit";
import { AppError } from "@vn/contract";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { RedisConnections } from "../lib/redis";

/**
 * A global per-client limit; routes that can be abused (sign-in, codes, reports) set tighter
 * ones in their `config.rateLimit`. Counters live in Redis when there is one, so every API node
 * shares them.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  redis: RedisConnections | undefined,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    ...(redis ? { redis: redis.client, nameSpace: config.RATE_LIMIT_NAMESPACE } : {}),
    // When Redis is briefly away, serve rather than refuse everyone.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError("request_tooMany", { details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) } }),
  });
}
