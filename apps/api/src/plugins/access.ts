import { AppError, messages } from "@vn/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Principal, principalFromToken } from "../modules/accounts/session-lookup";

/**
 * Every route states who may call it in `config.access` (style.md "Routes declare their policy"):
 *  - "public": anyone; the principal is resolved when a token is sent, for personalised answers.
 *  - "session": a signed-in, not deleted or blocked account.
 *  - "active": a signed-in account whose profile is complete.
 * A route without a declaration fails at start-up, so none can be forgotten.
 */
export type Access = "public" | "session" | "active";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route still works when the session acts for a company that is gone (switch-account,
     * sign-out): others answer 403 accountManager_ownerNotFound so the client switches back (§4).
     */
    allowLostActingProfile?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const SESSION_COOKIE = "better-auth.session_token";
/** The name better-auth gives the cookie over HTTPS (production). */
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || null;
  return request.cookies?.[SECURE_SESSION_COOKIE] ?? request.cookies?.[SESSION_COOKIE] ?? null;
}

/** Paths owned by plugins (docs, auth library) that carry their own policy. */
const selfGoverned = [/^\/api\/docs/, /^\/api\/auth\//];

export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest("principal", null);

  app.addHook("onRoute", (route) => {
    // CORS preflights answer before any handler and carry no data.
    if (route.method === "OPTIONS" || selfGoverned.some((pattern) => pattern.test(route.url))) return;
    const routeConfig = route.config as { access?: Access; allowLostActingProfile?: boolean } | undefined;
    const access = routeConfig?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    const check = async (request: FastifyRequest) => {
      const token = tokenFromRequest(request);
      request.principal = token ? await principalFromToken(app.deps.database.db, token) : null;
      if (access === "public") return;
      if (!request.principal) {
        throw new AppError(token ? "request_invalidSessionToken" : "request_unauthenticated");
      }
      if (request.principal.actingProfileLost && !routeConfig?.allowLostActingProfile) {
        throw new AppError("accountManager_ownerNotFound", { message: messages.companyDeletedOrBlocked });
      }
      if (access === "active" && request.principal.userStatus === "profile-not-completed") {
        throw new AppError("user_profileNotCompleted");
      }
    };
    const existing = route.preHandler;
    route.preHandler = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}
