import type { RateLimitOptions } from "@fastify/rate-limit";
import {
  type BodyOf,
  type EndpointDefinition,
  endpointId,
  type ParamsOf,
  type QueryOf,
  type RateLimit,
  type ResponseInput,
  type SessionActor,
} from "@vn/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { rateLimitOptions } from "../plugins/rate-limit-options";
import { actorOf } from "../policy/guard";

/** Routes open to visitors see a null actor; every other route is guarded, so it has one. */
type ActorFor<E extends EndpointDefinition> = E["policy"]["who"] extends "anyone"
  ? SessionActor | null
  : SessionActor;

export interface HandlerContext<E extends EndpointDefinition> {
  actor: ActorFor<E>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers with its success body, or sends through `reply` itself (status, bytes, 204). */
export type Handler<E extends EndpointDefinition> = (
  context: HandlerContext<E>,
) => Promise<ResponseInput<E> | FastifyReply | undefined>;

export interface RouteExtras {
  /** The deployment's own limit where config sets it (the table's value is the default). */
  rateLimit?: Partial<RateLimit> | RateLimitOptions;
  /** Fastify options a few routes need: their own body limit, hooks, content-type parsing. */
  fastify?: Pick<RouteShorthandOptions, "bodyLimit" | "preHandler" | "onRequest" | "onSend">;
}

/**
 * The route's limit, or undefined for the global one. `groupId` is the endpoint's id: every path
 * of the row (v1 and its v2 alias) counts into one counter (plugins/rate-limit.ts keys by it), so
 * an alias never doubles a limit (issue 11, item 9).
 */
function rateLimitConfig(endpoint: EndpointDefinition, extras: RouteExtras | undefined) {
  const declared = endpoint.policy.rateLimit;
  const given = extras?.rateLimit;
  const groupId = endpointId(endpoint);
  if (given && "timeWindow" in given) return { ...given, groupId };
  if (declared === false) return false;
  if (!declared) return undefined;
  return rateLimitOptions({ ...declared, ...(given as Partial<RateLimit> | undefined) }, groupId);
}

/**
 * Registers one row of the endpoint table (contract/endpoints) with its handler: the path (and
 * its aliases), schemas, policy and rate limit all come from the row, so a route cannot differ
 * from what the OpenAPI document, the web client and the authorization matrix read.
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  extras?: RouteExtras,
): void {
  const id = endpointId(endpoint);
  const anyone = endpoint.policy.who === "anyone";
  const response = Object.fromEntries(
    Object.entries(endpoint.responses).filter((entry): entry is [string, NonNullable<(typeof entry)[1]>] =>
      Boolean(entry[1]),
    ),
  );
  const rateLimit = rateLimitConfig(endpoint, extras);
  for (const [index, url] of [endpoint.path, ...(endpoint.alsoAt ?? [])].entries()) {
    app.route({
      method: endpoint.method,
      url,
      ...extras?.fastify,
      config: { policy: endpoint.policy, endpointId: id, ...(rateLimit === undefined ? {} : { rateLimit }) },
      schema: {
        operationId: index === 0 ? id : `${id}.${index + 1}`,
        summary: endpoint.summary,
        ...(endpoint.description ? { description: endpoint.description } : {}),
        tags: [...endpoint.tags],
        ...(endpoint.hidden ? { hide: true } : {}),
        ...(endpoint.security ? { security: endpoint.security.map((entry) => ({ ...entry })) } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(Object.keys(response).length ? { response } : {}),
      },
      handler: (request, reply) =>
        handler({
          actor: (anyone ? request.actor : actorOf(request)) as ActorFor<E>,
          params: request.params as ParamsOf<E>,
          query: request.query as QueryOf<E>,
          body: request.body as BodyOf<E>,
          request,
          reply,
        }),
    });
  }
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The endpoint table row a route was registered from ("comments.create"). */
    endpointId?: string;
  }
}
