import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  AppError,
  authStatusSchema,
  authSuccessSchema,
  csrfResponseSchema,
  emailCodeResendRequestSchema,
  emailCodeVerifyRequestSchema,
  messages,
  ONE_TIME_CODE_TTL_MS,
  passwordResetCompleteRequestSchema,
  passwordResetRequestSchema,
  providersResponseSchema,
  SESSION_COOKIE_MAX_AGE_S,
  sessionSchema,
  signInRequestSchema,
  signInResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  verifyEmailResponseSchema,
} from "@vn/contract";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessions, users } from "../../db/schema/index";
import { tokenFromRequest } from "../../plugins/access";
import { trackDelivery } from "./auth";
import { type AuthCall, readAuthFailure, sendAuthResponse, toFetchRequest } from "./auth-bridge";
import { createPersonalProfile } from "./general-info";
import { acceptInvite } from "./invites";
import { principalFromToken } from "./session-lookup";
import { buildSessionUser } from "./session-user";

/**
 * /api/auth: better-auth behind a whitelist. Each route validates with the contract's schema
 * (the spec's messages), carries a tight per-IP rate limit (Redis-backed when REDIS_URL is set),
 * calls better-auth's handler with a Fetch Request, and forwards status, cookies and body; its
 * failures become catalogue errors. Nothing else of better-auth is reachable over HTTP.
 *
 * The generic session calls of spec §7 are here too: GET session, csrf and providers; POST
 * (form-encoded or JSON) sign-in, callback/credentials and sign-out. A form-encoded POST must
 * carry the csrfToken from GET /csrf (double-submit cookie); JSON calls are covered by CORS and
 * better-auth's origin check.
 */

const CSRF_COOKIE = "vn.csrf-token";
const tags = ["auth"];

const genericSignInSchema = z.object({
  email: signInRequestSchema.shape.email,
  password: signInRequestSchema.shape.password,
  rememberMe: z.union([z.boolean(), z.stringbool()]).optional(),
  csrfToken: z.string().max(200).optional(),
});
const signOutSchema = z.object({ csrfToken: z.string().max(200).optional() }).optional();

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const db = database.db;
  const authLimit = { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
  // One counter per client address across the three sign-in routes (route limits count per route).
  const signInLimiter = app.rateLimit({
    ...authLimit,
    keyGenerator: (request: FastifyRequest) => `auth-sign-in:${request.ip}`,
  });

  const callAuth = (request: FastifyRequest, call: AuthCall) =>
    app.deps.auth.handler(toFetchRequest(config, request, call));

  // ——— CSRF for form posts ————————————————————————————————————————————————————————
  const sign = (nonce: string) =>
    createHmac("sha256", config.AUTH_SECRET).update(`csrf:${nonce}`).digest("base64url");
  function checkCsrf(request: FastifyRequest, given: string | undefined): void {
    const type = request.headers["content-type"] ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded")) return;
    const cookie = request.cookies?.[CSRF_COOKIE];
    const [nonce = "", signature = ""] = (given ?? "").split(".");
    const expected = Buffer.from(sign(nonce));
    const valid =
      Boolean(given) &&
      given === cookie &&
      expected.length === Buffer.from(signature).length &&
      timingSafeEqual(expected, Buffer.from(signature));
    if (!valid) throw new AppError("request_invalidCsrfToken");
  }

  app.get(
    "/csrf",
    {
      config: { rateLimit: authLimit },
      schema: {
        tags,
        summary: "A CSRF token for form-encoded sign-in, callback and sign-out (double-submit cookie)",
        response: { 200: csrfResponseSchema },
      },
    },
    async (_request, reply) => {
      const nonce = randomBytes(18).toString("base64url");
      const csrfToken = `${nonce}.${sign(nonce)}`;
      reply.setCookie(CSRF_COOKIE, csrfToken, {
        path: "/api/auth",
        httpOnly: true,
        sameSite: "lax",
        secure: config.NODE_ENV === "production",
        maxAge: SESSION_COOKIE_MAX_AGE_S,
      });
      return { csrfToken };
    },
  );

  app.get(
    "/providers",
    {
      config: { rateLimit: false },
      schema: { tags, summary: "The sign-in methods", response: { 200: providersResponseSchema } },
    },
    async () => ({
      credentials: {
        id: "credentials",
        name: messages.providerCredentials,
        type: "credentials" as const,
        signinUrl: "/api/auth/sign-in/email",
        callbackUrl: "/api/auth/callback/credentials",
      },
      "email-otp": {
        id: "email-otp",
        name: messages.providerEmailCode,
        type: "email" as const,
        signinUrl: "/api/auth/email-otp/verify-email",
        callbackUrl: "/api/auth/email-otp/verify-email",
      },
    }),
  );

  // ——— Session ————————————————————————————————————————————————————————————————————
  app.get(
    "/session",
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: "The current session (§3: token and user), or null when signed out",
        response: { 200: sessionSchema.nullable() },
      },
    },
    async (request) => {
      const token = tokenFromRequest(request);
      const principal = token ? await principalFromToken(db, token) : null;
      if (!principal) return null;
      const [session] = await db
        .select({ token: sessions.token, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.id, principal.sessionId))
        .limit(1);
      if (!session) return null;
      return {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        user: await buildSessionUser(db, principal),
      };
    },
  );

  app.get(
    "/get-session",
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: "better-auth's session answer ({session, user} or null)",
        response: { 200: z.unknown() },
      },
    },
    async (request, reply) =>
      forward(reply, await callAuth(request, { path: "/get-session", method: "GET" })),
  );

  // ——— Sign-up and email code ———————————————————————————————————————————————————————
  app.post(
    "/sign-up/email",
    {
      config: { rateLimit: authLimit },
      schema: {
        tags,
        summary: "Create an account; a 6-character code is mailed to prove the email",
        description:
          "Errors: 409 user_emailAlreadyUsed; 403 user_registrationNotFinished (exists, email not proven: sign in to get a new code); 403 user_deleted (sign in to restore or remove it); 403 account_unavailable (blocked → /not-available); 422 request_validationFailed; 429 request_tooMany.",
        body: signUpRequestSchema,
        response: { 200: signUpResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [existing] = await db
        .select({ status: users.status, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.email, body.email))
        .limit(1);
      if (existing) {
        if (existing.status === "blocked") {
          throw new AppError("account_unavailable", {
            message: messages.accountDeletedOrBlocked,
            details: { email: body.email },
          });
        }
        if (existing.status === "deleted")
          throw new AppError("user_deleted", { details: { email: body.email } });
        if (!existing.emailVerified) {
          throw new AppError("user_registrationNotFinished", { details: { email: body.email } });
        }
        throw new AppError("user_emailAlreadyUsed");
      }
      const response = await callAuth(request, {
        path: "/sign-up/email",
        body: { email: body.email, password: body.password, name: body.name ?? "" },
      });
      if (!response.ok) throw (await readAuthFailure(response)).error;
      const created = (await response.json()) as { user: { id: string } & Record<string, unknown> };
      const userId = created.user.id;
      let profile: { profileId: string };
      try {
        await db.update(users).set({ consentedAt: new Date() }).where(eq(users.id, userId));
        profile = await createPersonalProfile(db, { userId, email: body.email, name: body.name });
      } catch (error) {
        // No half-made accounts: without its profile the login is removed and sign-up can be retried.
        await db.delete(users).where(eq(users.id, userId));
        throw error;
      }
      if (body.inviteCode) {
        await acceptInvite(db, { code: body.inviteCode, userId, profileId: profile.profileId }).catch(
          (error: unknown) => {
            // A stale invitation must not stop anyone from joining.
            request.log.warn(
              { code: error instanceof AppError ? error.code : "unknown" },
              "invite code not honoured",
            );
          },
        );
      }
      const codeSent = await sendEmailCode(request, body.email);
      return reply.send({
        token: null,
        user: created.user as z.infer<typeof signUpResponseSchema>["user"],
        verification: {
          channel: "email" as const,
          codeSent,
          expiresAt: new Date(Date.now() + ONE_TIME_CODE_TTL_MS).toISOString(),
        },
      });
    },
  );

  /** Mails a fresh email-verification code; false (the cause is logged) when the mail failed. */
  async function sendEmailCode(request: FastifyRequest, email: string): Promise<boolean> {
    const { result: response, delivered } = await trackDelivery(() =>
      callAuth(request, {
        path: "/email-otp/send-verification-otp",
        body: { email, type: "email-verification" },
      }),
    );
    if (!response.ok) {
      request.log.error({ status: response.status }, "verification code not sent");
      return false;
    }
    return delivered;
  }

  app.post(
    "/email-otp/send-verification-otp",
    {
      config: { rateLimit: authLimit },
      schema: {
        tags,
        summary: "Mail a new email-verification code (the previous one stops working)",
        description:
          "Always answers success for an unknown email. Errors: 503 request_unavailable (mail down); 429.",
        body: emailCodeResendRequestSchema,
        response: { 200: authSuccessSchema },
      },
    },
    async (request, reply) => {
      const { result: response, delivered } = await trackDelivery(() =>
        callAuth(request, {
          path: "/email-otp/send-verification-otp",
          body: { email: request.body.email, type: "email-verification" },
        }),
      );
      if (!delivered) throw new AppError("request_unavailable");
      return forward(reply, response);
    },
  );

  app.post(
    "/email-otp/verify-email",
    {
      config: { rateLimit: authLimit },
      schema: {
        tags,
        summary: "Prove the email with the mailed code; signs in (sets the cookie, returns the token)",
        description:
          "Errors: 400 code_invalid (“Invalid code. Try again.”), 400 code_expired, 429 code_tooManyAttempts (5 wrong tries: request a new code), 403 user_deleted / account_unavailable.",
        body: emailCodeVerifyRequestSchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request, reply) => {
      const response = await callAuth(request, {
        path: "/email-otp/verify-email",
        body: { email: request.body.email, otp: request.body.code },
      });
      if (!response.ok) {
        const failure = await readAuthFailure(response);
        // A code for an address without an account is just a wrong code.
        if (failure.code === "USER_NOT_FOUND") throw new AppError("code_invalid");
        throw failure.error;
      }
      return forward(reply, response);
    },
  );

  // ——— Sign-in and sign-out ——————————————————————————————————————————————————————————
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    body: { email: string; password: string; rememberMe?: boolean },
  ): Promise<void> {
    const response = await callAuth(request, {
      path: "/sign-in/email",
      body: { email: body.email, password: body.password, rememberMe: body.rememberMe },
    });
    if (response.ok) return forward(reply, response);
    const failure = await readAuthFailure(response);
    if (failure.code === "EMAIL_NOT_VERIFIED") {
      // The password was right: mail a fresh code so the person can finish registering.
      const codeSent = await sendEmailCode(request, body.email);
      throw new AppError("user_registrationNotFinished", { details: { email: body.email, codeSent } });
    }
    throw failure.error;
  }

  const signInDescription =
    "Errors: 401 request_invalidCredentials; 403 user_registrationNotFinished (a new code was mailed; details.codeSent); 403 user_deleted (details.restoreToken for PATCH /users/me/restore or DELETE /users/me/complete-removal); 403 account_unavailable (blocked); 429 request_tooMany.";

  app.post(
    "/sign-in/email",
    {
      config: { rateLimit: false },
      onRequest: signInLimiter,
      schema: {
        tags,
        summary: "Sign in with email and password: sets the session cookie and returns the bearer token",
        description: signInDescription,
        body: signInRequestSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => signIn(request, reply, request.body),
  );

  app.post(
    "/sign-in",
    {
      config: { rateLimit: false },
      onRequest: signInLimiter,
      schema: {
        tags,
        summary: "Generic sign-in (§7): form-encoded (with csrfToken) or JSON; same as /sign-in/email",
        description: signInDescription,
        body: genericSignInSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      checkCsrf(request, request.body.csrfToken);
      return signIn(request, reply, request.body);
    },
  );

  app.post(
    "/callback/:provider",
    {
      config: { rateLimit: false },
      onRequest: signInLimiter,
      schema: {
        tags,
        summary: "Generic sign-in callback (§7); only the credentials provider exists",
        description: signInDescription,
        params: z.object({ provider: z.string().max(40) }),
        body: genericSignInSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.params.provider !== "credentials") throw new AppError("request_notFound");
      checkCsrf(request, request.body.csrfToken);
      return signIn(request, reply, request.body);
    },
  );

  app.post(
    "/sign-out",
    {
      config: { rateLimit: false },
      schema: {
        tags,
        summary: "End this session: clears the cookie and closes its sockets",
        body: signOutSchema,
        response: { 200: authSuccessSchema },
      },
    },
    async (request, reply) => {
      checkCsrf(request, request.body?.csrfToken);
      const token = tokenFromRequest(request);
      const principal = token ? await principalFromToken(db, token) : null;
      const response = await callAuth(request, { path: "/sign-out" });
      if (principal) app.deps.realtime?.disconnectSession(principal.sessionId);
      return forward(reply, response);
    },
  );

  // ——— Password reset by link ————————————————————————————————————————————————————————
  app.post(
    "/request-password-reset",
    {
      config: { rateLimit: authLimit },
      schema: {
        tags,
        summary: "Mail a password-reset link (the web page /login/reset-password?token=…)",
        description:
          "Errors: 404 user_emailNotFound (“User with this email not found.”); 403 account_unavailable (blocked); 503 request_unavailable; 429.",
        body: passwordResetRequestSchema,
        response: { 200: authStatusSchema },
      },
    },
    async (request, reply) => {
      const [user] = await db
        .select({ status: users.status })
        .from(users)
        .where(eq(users.email, request.body.email))
        .limit(1);
      if (!user) throw new AppError("user_emailNotFound");
      if (user.status === "blocked") {
        throw new AppError("account_unavailable", {
          message: messages.accountDeletedOrBlocked,
          details: { email: request.body.email },
        });
      }
      const { result: response, delivered } = await trackDelivery(() =>
        callAuth(request, { path: "/request-password-reset", body: { email: request.body.email } }),
      );
      if (!response.ok) throw (await readAuthFailure(response)).error;
      if (!delivered) throw new AppError("request_unavailable");
      return reply.send({ status: true, message: messages.resetLinkSent });
    },
  );

  app.post(
    "/reset-password",
    {
      config: { rateLimit: authLimit },
      schema: {
        tags,
        summary: "Set a new password with the mailed link's token; every session of the account ends",
        description:
          "Errors: 400 user_resetLinkExpired (“The link has expired, try doing a password reset again.”); 422; 429.",
        body: passwordResetCompleteRequestSchema,
        response: { 200: authStatusSchema },
      },
    },
    async (request, reply) =>
      forward(
        reply,
        await callAuth(request, {
          path: "/reset-password",
          body: { token: request.body.token, newPassword: request.body.newPassword },
        }),
      ),
  );

  /** Success goes out as better-auth sent it; failure as the catalogue error. */
  async function forward(reply: FastifyReply, response: Response): Promise<void> {
    if (!response.ok) throw (await readAuthFailure(response)).error;
    await sendAuthResponse(reply, response);
  }
};
