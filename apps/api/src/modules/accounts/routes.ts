import {
  AppError,
  accessChangeFinishRequestSchema,
  accessChangeInitializeRequestSchema,
  accessChangeInitializeResponseSchema,
  accessChangeParamsSchema,
  companyMembershipsResponseSchema,
  emailCheckRequestSchema,
  emailCheckResponseSchema,
  generalInfoResponseSchema,
  generalInfoUpdateRequestSchema,
  localEmailState,
  messages,
  passwordChangeRequestSchema,
  sessionResponseSchema,
  sessionUserResponseSchema,
  slugGenerateRequestSchema,
  slugGenerateResponseSchema,
  switchAccountRequestSchema,
} from "@vn/contract";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema/index";
import { listCompanies, switchAccount } from "../companies/service";
import { finishAccessChange, initializeAccessChange } from "./access-change";
import { copyCookies, readAuthFailure } from "./auth-bridge";
import { getGeneralInfo, updateGeneralInfo } from "./general-info";
import { generateHandle } from "./handles";
import { completeRemoval, deleteAccount, restoreAccount } from "./lifecycle";
import { changePassword } from "./password";
import { type Principal, principalFromSession, principalFromToken } from "./session-lookup";
import { buildSessionUser } from "./session-user";

/**
 * The signed-in person's account (spec §7 "Users"). No route takes a user id: every change is to
 * the caller's own account, so editing someone else's is impossible by construction.
 */

const tags = ["accounts"];
const deletedResponseSchema = z.object({
  data: z.object({ status: z.literal("deleted"), message: z.string() }),
});
const removedResponseSchema = z.object({ data: z.object({ email: z.string(), message: z.string() }) });
const messageResponseSchema = z.object({ data: z.object({ message: z.string() }) });

function principalOf(request: FastifyRequest): Principal {
  // The access hook ran first; a route declaring "session" or "active" always has one.
  if (!request.principal) throw new AppError("request_unauthenticated");
  return request.principal;
}

/** The restore token is given explicitly (spec §7): `Authorization: Bearer <restoreToken>`. */
function restoreTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7).trim() || null : null;
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const db = database.db;
  const authLimit = { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
  const accessChangeDeps = () => ({
    db,
    codes: app.deps.codes,
    mail: app.deps.mail,
    sms: app.deps.sms,
    log: app.log,
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

  app.get(
    "/users/me",
    {
      config: { access: "session" },
      schema: {
        tags,
        summary: "The Session user (§3); refreshed by the web on focus, reconnect and mount",
        description:
          "401 when not signed in; 403 accountManager_ownerNotFound when the acting company is gone.",
        response: { 200: sessionUserResponseSchema },
      },
    },
    async (request) => ({ data: await buildSessionUser(db, principalOf(request)) }),
  );

  app.delete(
    "/users/me",
    {
      config: { access: "session", allowLostActingProfile: true, rateLimit: authLimit },
      schema: {
        tags,
        summary: "Delete the account (restorable): status deleted, every session ends, the cookie is cleared",
        response: { 200: deletedResponseSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      endSockets(await deleteAccount(db, principal.userId));
      await authCookies(reply, request, "clear");
      return reply.send({ data: { status: "deleted" as const, message: messages.accountDeleted } });
    },
  );

  app.patch(
    "/users/me/restore",
    {
      config: { access: "public", rateLimit: authLimit },
      schema: {
        tags,
        summary: "Restore a deleted account with its restore token (Authorization: Bearer) and sign in",
        description:
          "The token is details.restoreToken of the user_deleted answer to sign-in. Sets the session cookie and returns the Session. Errors: 401 user_restoreTokenInvalid (wrong, used or expired token); 403 account_unavailable (blocked); 429.",
        security: [{ bearer: [] }],
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await restoreAccount(db, restoreTokenOf(request));
      const response = await authCookies(reply, request, { userId });
      const session = (await response.json()) as { token: string; expiresAt: string };
      const principal = await principalFromToken(db, session.token);
      if (!principal) throw new AppError("server_internal");
      return reply.send({
        data: {
          token: session.token,
          expiresAt: session.expiresAt,
          user: await buildSessionUser(db, principal),
        },
      });
    },
  );

  app.delete(
    "/users/me/complete-removal",
    {
      config: { access: "public", rateLimit: authLimit },
      schema: {
        tags,
        summary:
          "Remove a deleted account entirely (restore token as Authorization: Bearer), freeing its email",
        description:
          "Everything the account owns goes, in one transaction. Errors: 401 user_restoreTokenInvalid; 403 account_unavailable; 5xx server_internal.",
        security: [{ bearer: [] }],
        response: { 200: removedResponseSchema },
      },
    },
    async (request, reply) => {
      const { email } = await completeRemoval(db, restoreTokenOf(request));
      await authCookies(reply, request, "clear");
      return reply.send({ data: { email, message: messages.accountRemoved } });
    },
  );

  app.get(
    "/users/me/general-info",
    {
      config: { access: "session" },
      schema: {
        tags,
        summary: "The profile fields of the create-profile wizard and settings",
        response: { 200: generalInfoResponseSchema },
      },
    },
    async (request) => ({ data: await getGeneralInfo(db, principalOf(request).userId) }),
  );

  app.patch(
    "/users/me/general-info",
    {
      config: { access: "session", allowLostActingProfile: true },
      schema: {
        tags,
        summary: "Update one's own profile (any subset); name + date of birth complete the wizard",
        description:
          "Completing the required fields turns profile-not-completed into active. Errors: 422 request_validationFailed (the §5 messages per field); 409 slug_alreadyTakenConflict; 403 account_accessForbiddenByPlan (a handle without two digits needs verified Premium).",
        body: generalInfoUpdateRequestSchema,
        response: { 200: generalInfoResponseSchema },
      },
    },
    async (request) => ({ data: await updateGeneralInfo(db, principalOf(request), request.body) }),
  );

  app.patch(
    "/users/me/password",
    {
      config: { access: "session", allowLostActingProfile: true, rateLimit: authLimit },
      schema: {
        tags,
        summary: "Change the password; every OTHER session ends (this one stays)",
        description:
          "Errors: 422 user_wrongPassword (details[0].path body.currentPassword); 422 request_validationFailed; 429.",
        body: passwordChangeRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const ended = await changePassword(app.deps.auth, db, principal, request.body);
      endSockets(ended);
      return { data: { message: messages.passwordChanged } };
    },
  );

  app.post(
    "/users/me/access-change/:type/initialize",
    {
      config: { access: "session", allowLostActingProfile: true, rateLimit: authLimit },
      schema: {
        tags,
        summary: "Start changing the email or phone: a code goes to the new address",
        description:
          "Body {value}: an email (type email) or a phone number (type phone). Errors: 422 request_validationFailed (details path body.value); 409 user_emailAlreadyUsed / user_phoneAlreadyUsed; 422 sms_undeliverable; 503 request_unavailable; 429.",
        params: accessChangeParamsSchema,
        body: accessChangeInitializeRequestSchema,
        response: { 200: accessChangeInitializeResponseSchema },
      },
    },
    async (request) => ({
      data: await initializeAccessChange(
        accessChangeDeps(),
        principalOf(request).userId,
        request.params.type,
        request.body.value,
      ),
    }),
  );

  app.post(
    "/users/me/access-change/:type/finish",
    {
      config: { access: "session", allowLostActingProfile: true, rateLimit: authLimit },
      schema: {
        tags,
        summary: "Finish the change with the code; answers the updated Session user",
        description:
          "Errors: 400 code_invalid; 400 code_expired; 429 code_tooManyAttempts; 409 user_emailAlreadyUsed.",
        params: accessChangeParamsSchema,
        body: accessChangeFinishRequestSchema,
        response: { 200: sessionUserResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await finishAccessChange(accessChangeDeps(), principal.userId, request.params.type, request.body.code);
      return { data: await buildSessionUser(db, principal) };
    },
  );

  app.post(
    "/users/email/check",
    {
      config: {
        access: "public",
        rateLimit: { max: config.EMAIL_CHECK_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: "The sign-up form's live email check: used, notUsed, or the local states of §4",
        body: emailCheckRequestSchema,
        response: { 200: emailCheckResponseSchema },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const local = localEmailState(email);
      if (local) return { data: { email, state: local } };
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return { data: { email, state: row ? ("used" as const) : ("notUsed" as const) } };
    },
  );

  app.post(
    "/users/switch-account",
    {
      config: { access: "session", allowLostActingProfile: true },
      schema: {
        tags,
        summary: "Act as oneself (type.id user) or as a company one belongs to (type.id company, id)",
        description:
          "Answers the Session user as the new account. Errors: 403 accountManager_permissionNotProvided.",
        body: switchAccountRequestSchema,
        response: { 200: sessionUserResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await switchAccount(db, principal, { type: request.body.type.id, id: request.body.id });
      const next = await principalFromSession(db, principal.sessionId);
      if (!next) throw new AppError("request_invalidSessionToken");
      return { data: await buildSessionUser(db, next) };
    },
  );

  app.get(
    "/users/me/companies",
    {
      config: { access: "session", allowLostActingProfile: true },
      schema: {
        tags,
        summary: "The companies one may act for (account switcher)",
        response: { 200: companyMembershipsResponseSchema },
      },
    },
    async (request) => {
      const companies = await listCompanies(db, principalOf(request).userId);
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
    },
  );

  app.post(
    "/dashboard/owner/slug/generate",
    {
      config: { access: "public", rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Suggest a free handle (with two digits, so no Premium is needed) from a name",
        body: slugGenerateRequestSchema,
        response: { 200: slugGenerateResponseSchema },
      },
    },
    async (request) => ({ data: { slug: await generateHandle(db, request.body.name, request.body.type) } }),
  );
};
