import type { RateLimitOptions } from "@fastify/rate-limit";
import { AppError, type RateLimit } from "@vn/contract";
import type { FastifyRequest } from "fastify";

const WINDOW_MS = { minute: 60_000, hour: 60 * 60_000 } as const;

/**
 * A route's declared limit (contract Policy.rateLimit) as @fastify/rate-limit options. Account
 * limits count per signed-in person, so colleagues behind one office address do not share a
 * budget and switching between one's personal and company profiles does not reset it; they run
 * in preValidation, after the guard has resolved the actor. Counters live in Redis when there is
 * one (plugins/rate-limit.ts), so every API node shares them.
 *
 * `groupId` names the counter: route.ts passes the endpoint's id, so its paths (v1 and its v2
 * alias) count as one route (issue 11, item 9).
 */
export function rateLimitOptions(
  limit: RateLimit,
  groupId?: string,
): RateLimitOptions & { groupId?: string } {
  const code = limit.code ?? "request_tooMany";
  return {
    max: limit.max,
    ...(groupId ? { groupId } : {}),
    timeWindow: WINDOW_MS[limit.per],
    ...(limit.by === "account"
      ? {
          hook: "preValidation" as const,
          keyGenerator: (request: FastifyRequest) =>
            request.actor ? `account:${request.actor.userId}` : `ip:${request.ip}`,
        }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(code, { details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) } }),
  };
}
