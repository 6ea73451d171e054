import { AppError, messages, type Policy, type Refusal, refusalOf, type SessionActor } from "@vn/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pageOrigins } from "../config";
import { type RequestContext, runInRequestContext } from "../shared/request-context";
import { actorFromToken } from "./actor";
import { ActorCache } from "./actor-cache";
import { sessionCredential } from "./token";

/**
 * The one guard (architecture.md "The policy layer"). Every route declares its Policy in
 * `config.policy` (the endpoint table does it for every domain route); the guard resolves the
 * Actor once, in onRequest, and refuses before the body is parsed or validated, so a visitor
 * with a bad body hears 401, not 422. A route without a declaration fails at start-up.
 */
declare module "fastify" {
  interface FastifyContextConfig {
    policy?: Policy;
  }
  interface FastifyRequest {
    /** Who is acting; null for visitors. Resolved once per request by the guard. */
    actor: SessionActor | null;
    requestContext: RequestContext;
  }
}

/** Paths owned by plugins that carry their own policy (the docs UI and its assets). */
const selfGoverned = [/^\/api\/docs/];

export function refusalError(refusal: Refusal): AppError {
  if (refusal.code === "accountManager_ownerNotFound") {
    return new AppError(refusal.code, { message: messages.companyDeletedOrBlocked });
  }
  if (refusal.code === "account_accessForbiddenByPlan") {
    return new AppError(refusal.code, { details: { feature: refusal.feature } });
  }
  return new AppError(refusal.code);
}

/** The actor of a request that requires a session (the guard has refused visitors already). */
export function actorOf(request: FastifyRequest): SessionActor {
  if (!request.actor) throw new AppError("request_unauthenticated");
  return request.actor;
}

export interface PolicyOptions {
  /**
   * Tests only (the authorization matrix): a request carrying `x-policy-probe: 1` that passes the
   * guard is answered 204 at once, so every route can be asked "may this actor call you?" without
   * running its handler. Set by buildApp's caller in code, never from configuration.
   */
  probe?: boolean;
}

export const POLICY_PROBE_HEADER = "x-policy-probe";

/** Methods that change nothing; every other method is a change. */
const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Is this a change riding the session cookie from somewhere else? A browser sends Origin with
 * every POST, PUT, PATCH and DELETE (fetch and forms alike; "null" from sandboxed or opaque
 * contexts); without it, Sec-Fetch-Site still tells whether the request is the page's own. A
 * request with neither comes from no browser (a script, the web server itself): no ambient
 * cookie to ride there.
 */
export function isForeignChange(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  if (safeMethods.has(request.method)) return false;
  const origin = request.headers.origin;
  if (typeof origin === "string") return !allowed.has(origin);
  const site = request.headers["sec-fetch-site"];
  return typeof site === "string" && site !== "same-origin";
}

export async function registerPolicy(app: FastifyInstance, options: PolicyOptions = {}): Promise<void> {
  // Actors of sessions seen on this node, kept until a write changes them (decision 0033).
  const actors = new ActorCache();
  const stopListening = await actors.attach(app.deps.database.notifications);
  app.addHook("onClose", async () => stopListening());
  app.decorateRequest("actor", null);
  app.decorateRequest("requestContext", null as unknown as RequestContext);
  // Everything the request runs (handler, services, their transactions) sees its id and actor.
  app.addHook("onRequest", (request, _reply, done) => {
    const context = { requestId: request.id, actor: null as SessionActor | null };
    request.requestContext = context;
    runInRequestContext(context, done);
  });

  let allowedOrigins: Set<string> | undefined;
  app.addHook("onRoute", (route) => {
    // CORS preflights answer before any handler and carry no data.
    if (route.method === "OPTIONS" || selfGoverned.some((pattern) => pattern.test(route.url))) return;
    const policy = (route.config as { policy?: Policy } | undefined)?.policy;
    if (!policy) throw new Error(`Route ${route.method} ${route.url} does not declare its policy`);
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      const credential = sessionCredential(request.headers);
      // A change made with the cookie must come from the web app, before anything is looked up.
      // The web app's origins (issue 11, item 16): the cookie is per host, not per port, so a page
      // on another port of the same host rides it and CORS does not stop a form post.
      allowedOrigins ??= new Set(pageOrigins(app.deps.config, app.deps.config.WEB_ORIGIN));
      if (credential?.via === "cookie" && isForeignChange(request, allowedOrigins)) {
        throw new AppError("request_foreignOrigin");
      }
      const token = credential?.token;
      request.actor = token ? await actorFromToken(app.deps.database.db, token, actors) : null;
      request.requestContext.actor = request.actor;
      const refusal = refusalOf(request.actor, policy, { tokenSent: token !== undefined });
      if (refusal) throw refusalError(refusal);
      if (options.probe && request.headers[POLICY_PROBE_HEADER] === "1") return reply.code(204).send();
    };
    // A visitor's request (no credential) is decided at once, without a promise: the common case of
    // public reads and of /api/health (issue 17). A credential, or the tests' probe, takes the
    // async guard above.
    const visitorGuard = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      if (options.probe || sessionCredential(request.headers)) {
        guard(request, reply).then(() => done(), done);
        return;
      }
      const refusal = refusalOf(null, policy, { tokenSent: false });
      done(refusal ? refusalError(refusal) : undefined);
    };
    const existing = route.onRequest;
    route.onRequest = existing
      ? [visitorGuard, ...(Array.isArray(existing) ? existing : [existing])]
      : [visitorGuard];
  });
}
