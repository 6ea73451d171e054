import { AppError, endpoints, localEmailState, messages } from "@vn/contract";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { users } from "../../db/schema/index";
import { route } from "../../lib/route";
import { actorFromSession, actorFromToken } from "../../policy/actor";
import { generateHandle } from "../../shared/handles";
import { listCompanies, switchAccount } from "../companies/service";
import { finishAccessChange, initializeAccessChange, undoAccessChange, undoneMessage } from "./access-change";
import { copyCookies, readAuthFailure, sessionTokenShownTo } from "./auth-bridge";
import { getGeneralInfo, updateGeneralInfo } from "./general-info";
import { completeRemoval, deleteAccount, restoreAccount } from "./lifecycle";
import { changePassword } from "./password";
import { buildSessionUser } from "./session-user";

/**
 * The signed-in person's account (spec §7 "Users"): handlers for the account rows of
 * contract/endpoints/accounts.ts. No route takes a user id: every change is to the caller's own
 * account, so editing someone else's is impossible by construction.
 */

/** The restore token is given explicitly (spec §7): `Authorization: Bearer <restoreToken>`. */
function restoreTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7).trim() || null : null;
}

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.accounts;
  const { config, database } = app.deps;
  const db = database.db;
  const authLimit = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE } };
  const accessChangeDeps = () => ({
    db,
    codes: app.deps.codes,
    mail: app.deps.mail,
    sms: app.deps.sms,
    log: app.log,
    auth: app.deps.auth,
    webOrigin: config.WEB_ORIGIN,
  });
  const endSockets = (sessionIds: string[]) => {
    for (const id of sessionIds) app.deps.realtime?.disconnectSession(id);
  };
  /** better-auth writes the cookie headers (clear, or a new session), so they match its own. */
  async function authCookies(
    reply: FastifyReply,
    request: FastifyRequest,
    call: "clear" | { userId: string },
  ) {
    const headers = new Headers({ "x-forwarded-for": request.ip });
    const ua = request.headers["user-agent"];
    if (ua) headers.set("user-agent", ua);
    const response =
      call === "clear"
        ? await app.deps.auth.api.clearSessionCookie({ headers, asResponse: true })
        : await app.deps.auth.api.startSessionFor({ body: call, headers, asResponse: true });
    if (!response.ok) throw (await readAuthFailure(response)).error;
    copyCookies(reply, response);
    return response;
  }

  route(app, table.me, async ({ actor }) => ({ data: await buildSessionUser(db, actor) }));

  route(
    app,
    table.deleteMe,
    async ({ actor, request, reply }) => {
      endSockets(await deleteAccount(db, actor.userId));
      await authCookies(reply, request, "clear");
      return reply.send({ data: { status: "deleted" as const, message: messages.accountDeleted } });
    },
    authLimit,
  );

  route(
    app,
    table.restore,
    async ({ request, reply }) => {
      const { userId } = await restoreAccount(db, restoreTokenOf(request));
      const response = await authCookies(reply, request, { userId });
      const session = (await response.json()) as { token: string; expiresAt: string };
      const actor = await actorFromToken(db, session.token);
      if (!actor) throw new AppError("server_internal");
      return reply.send({
        data: {
          // A browser's session is its cookie; only API clients are handed the token (decision 0015).
          ...(sessionTokenShownTo(request) ? { token: session.token } : {}),
          expiresAt: session.expiresAt,
          user: await buildSessionUser(db, actor),
        },
      });
    },
    authLimit,
  );

  route(
    app,
    table.completeRemoval,
    async ({ request, reply }) => {
      const { email } = await completeRemoval(db, restoreTokenOf(request));
      await authCookies(reply, request, "clear");
      return reply.send({ data: { email, message: messages.accountRemoved } });
    },
    authLimit,
  );

  route(app, table.generalInfo, async ({ actor }) => ({ data: await getGeneralInfo(db, actor.userId) }));

  route(app, table.updateGeneralInfo, async ({ actor, body }) => ({
    data: await updateGeneralInfo(db, actor, body),
  }));

  route(
    app,
    table.changePassword,
    async ({ actor, body }) => {
      endSockets(await changePassword(app.deps.auth, db, actor, body));
      return { data: { message: messages.passwordChanged } };
    },
    authLimit,
  );

  route(
    app,
    table.accessChangeInitialize,
    async ({ actor, params, body }) => ({
      data: await initializeAccessChange(accessChangeDeps(), actor.userId, params.type, body),
    }),
    authLimit,
  );

  route(
    app,
    table.accessChangeFinish,
    async ({ actor, params, body }) => {
      endSockets(await finishAccessChange(accessChangeDeps(), actor, params.type, body.code));
      return { data: await buildSessionUser(db, actor) };
    },
    authLimit,
  );

  route(
    app,
    table.accessChangeUndo,
    async ({ body }) => {
      const { type, email, ended } = await undoAccessChange(db, body.token);
      endSockets(ended);
      return { data: { type, email, message: undoneMessage(email) } };
    },
    authLimit,
  );

  route(
    app,
    table.emailCheck,
    async ({ body }) => {
      const email = body.email.trim().toLowerCase();
      const local = localEmailState(email);
      if (local) return { data: { email, state: local } };
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return { data: { email, state: row ? ("used" as const) : ("notUsed" as const) } };
    },
    { rateLimit: { max: config.EMAIL_CHECK_RATE_LIMIT_PER_MINUTE } },
  );

  route(app, table.switchAccount, async ({ actor, body }) => {
    await switchAccount(db, actor, { type: body.type.id, id: body.id });
    const next = await actorFromSession(db, actor.sessionId);
    if (!next) throw new AppError("request_invalidSessionToken");
    // The session's sockets now hear the new acting profile's events, and no longer the old one's.
    await app.deps.realtime?.followActingProfile(actor.sessionId, next.profileId);
    return { data: await buildSessionUser(db, next) };
  });

  route(app, table.companies, async ({ actor }) => {
    const companies = await listCompanies(db, actor.userId);
    return {
      data: companies.map(({ id, slug, name, role, verificationStatus, image }) => ({
        id,
        slug,
        name,
        role,
        verificationStatus,
        image,
      })),
    };
  });

  route(app, table.generateSlug, async ({ body }) => ({
    data: { slug: await generateHandle(db, body.name, body.type) },
  }));
};
