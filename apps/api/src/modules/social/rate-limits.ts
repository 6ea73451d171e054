import type { RateLimitOptions } from "@fastify/rate-limit";
import { AppError, type ErrorCode } from "@vn/contract";
import type { FastifyRequest } from "fastify";

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/**
 * A route limit counted per account rather than per address: it runs after the access check
 * (preHandler), so the signed-in user is known; colleagues behind one office address do not share
 * a budget, and switching between one's personal and company profiles does not reset it. Counters
 * live in Redis when there is one (plugins/rate-limit.ts), so every API node shares them.
 */
export function perAccount(
  max: number,
  window: "minute" | "hour",
  code: ErrorCode = "request_tooMany",
): RateLimitOptions {
  return {
    max,
    timeWindow: window === "hour" ? HOUR_MS : MINUTE_MS,
    hook: "preHandler",
    keyGenerator: (request: FastifyRequest) =>
      request.principal ? `account:${request.principal.userId}` : `ip:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new AppError(code, { details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) } }),
  };
}
