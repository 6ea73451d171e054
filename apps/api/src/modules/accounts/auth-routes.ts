import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  AppError,
  EMAIL_CODE_CHECKS_PER_EMAIL,
  EMAIL_CODE_CHECKS_WINDOW_MS,
  EMAIL_CODE_REQUESTS_PER_EMAIL,
  EMAIL_REQUESTS_WINDOW_MS,
  endpoints,
  format,
  messages,
  ONE_TIME_CODE_TTL_MS,
  PASSWORD_RESET_REQUESTS_PER_EMAIL,
  SESSION_COOKIE_MAX_AGE_S,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_FAILURES_WINDOW_MS,
  type signUpResponseSchema,
  TWO_FACTOR_CHECKS_PER_ACCOUNT,
  TWO_FACTOR_CHECKS_WINDOW_MS,
} from "@vn/contract";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { sessions, users } from "../../db/schema/index";
import { route } from "../../lib/route";
import { identityLimiter } from "../../plugins/rate-limit";
import { tokenKey } from "../../policy/token";
import { trackDelivery } from "./auth";
import {
  type AuthCall,
  type AuthFailure,
  copyCookies,
  readAuthFailure,
  sendAuthResponse,
  sessionTokenShownTo,
  toFetchRequest,
} from "./auth-bridge";
import { createPersonalProfile } from "./general-info";
import { acceptInvite } from "./invites";
import { buildSessionUser } from "./session-user";

/**
 * /api/auth: better-auth behind a whitelist (the auth rows of contract/endpoints/accounts.ts).
 * Each route validates with the contract's schema (the spec's messages), carries a tight per-IP
 * rate limit (Redis-backed when REDIS_URL is set) and, for sign-in, codes and reset links, a limit
 * per email that no client address dodges (issue 11), calls better-auth's handler with a Fetch
 * Request, and forwards status, cookies and body; its failures become catalogue errors. Nothing
 * else of better-auth is reachable over HTTP.
 *
 * The generic session calls of spec §7 are here too: GET session, csrf and providers; POST
 * (form-encoded or JSON) sign-in, callback/credentials and sign-out. A form-encoded POST must
 * carry the csrfToken from GET /csrf (double-submit cookie); JSON calls are covered by CORS and
 * better-auth's origin check.
 */

const CSRF_COOKIE = "vn.csrf-token";

export const authRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.accounts;
  const { config, database } = app.deps;
  const db = database.db;
  const authLimit = { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
  /** The deployment's own auth limit over the table's default. */
  const limited = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE } };
  // One counter per client address across the three sign-in routes (route limits count per route).
  const signInLimiter = app.rateLimit({
    ...authLimit,
    keyGenerator: (request: FastifyRequest) => `auth-sign-in:${request.ip}`,
  });
  const signInLimited = { fastify: { onRequest: signInLimiter } };
  /**
   * Issue 11: limits per email, whatever address the tries come from, with a doubling wait past
   * each (plugins/rate-limit.ts identityLimiter). Sign-in failures and code checks are cleared by
   * a success; every code and reset-link request counts.
   */
  const perEmail = {
    signIn: identityLimiter(app, {
      name: "sign-in",
      max: SIGN_IN_FAILURES_PER_EMAIL,
      windowMs: SIGN_IN_FAILURES_WINDOW_MS,
    }),
    codeCheck: identityLimiter(app, {
      name: "code-check",
      max: EMAIL_CODE_CHECKS_PER_EMAIL,
      windowMs: EMAIL_CODE_CHECKS_WINDOW_MS,
    }),
    codeRequest: identityLimiter(app, {
      name: "code-request",
      max: EMAIL_CODE_REQUESTS_PER_EMAIL,
      windowMs: EMAIL_REQUESTS_WINDOW_MS,
    }),
    resetRequest: identityLimiter(app, {
      name: "reset-request",
      max: PASSWORD_RESET_REQUESTS_PER_EMAIL,
      windowMs: EMAIL_REQUESTS_WINDOW_MS,
    }),
  };
  /** Issue 16: second-factor codes per account (keyed by its email), from any address. */
  const perAccount = {
    twoFactor: identityLimiter(app, {
      name: "two-factor",
      max: TWO_FACTOR_CHECKS_PER_ACCOUNT,
      windowMs: TWO_FACTOR_CHECKS_WINDOW_MS,
    }),
  };

  /**
   * better-auth's failure as the catalogue error. A page origin it does not trust is named, with
   * the origin to open instead (issue 11, item 19): "no permission" told nobody what was wrong.
   */
  function authError(request: FastifyRequest, failure: AuthFailure): AppError {
    if (failure.code !== "INVALID_ORIGIN" && failure.code !== "MISSING_OR_NULL_ORIGIN") return failure.error;
    const origin = typeof request.headers.origin === "string" ? request.headers.origin : "null";
    const expected = new URL(config.WEB_ORIGIN).origin;
    return new AppError("request_untrustedOrigin", {
      message: format(messages.untrustedOrigin, { origin, expected }),
      details: { origin, expected },
    });
  }
  const failureOf = async (request: FastifyRequest, response: Response) =>
    authError(request, await readAuthFailure(response));

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

  route(
    app,
    table.csrf,
    async ({ reply }) => {
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
    limited,
  );

  route(app, table.providers, async () => ({
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
  }));

  // ——— Session ————————————————————————————————————————————————————————————————————
  // The guard has resolved the caller's session already (once per request).
  // Never the token (issue 11): page JavaScript must not read it; the socket takes a ticket.
  route(app, table.session, async ({ actor }) => {
    if (!actor) return null;
    const [session] = await db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, actor.sessionId))
      .limit(1);
    if (!session) return null;
    return { expiresAt: session.expiresAt.toISOString(), user: await buildSessionUser(db, actor) };
  });

  // better-auth's own answer, without the session token: page JavaScript never reads it (the
  // cookie is httpOnly; the socket uses a ticket). API clients already hold their bearer.
  route(app, table.getSession, async ({ request, reply }) => {
    const response = await callAuth(request, { path: "/get-session", method: "GET" });
    if (!response.ok) throw await failureOf(reply.request, response);
    const body = (await response.json().catch(() => null)) as { session?: Record<string, unknown> } | null;
    if (body?.session) delete body.session.token;
    const headers = new Headers(response.headers);
    headers.delete("set-auth-token");
    await sendAuthResponse(reply, new Response(null, { status: response.status, headers }), body);
    return undefined;
  });

  // ——— Sign-up and email code ———————————————————————————————————————————————————————
  route(
    app,
    table.signUp,
    async ({ body, request, reply }) => {
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
      if (!response.ok) throw await failureOf(request, response);
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
    limited,
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

  route(
    app,
    table.resendEmailCode,
    async ({ body, request, reply }) => {
      await perEmail.codeRequest.hit(body.email, reply);
      // Issue 11: a code proves an email that is not proven yet; for a proven one (or none) it
      // would be a passwordless sign-in. Nothing is mailed; the answer is the same as mailing.
      const [user] = await db
        .select({ emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.email, body.email.toLowerCase()))
        .limit(1);
      if (!user || user.emailVerified) return reply.send({ success: true });
      const {
        result: response,
        delivered,
        refusal,
      } = await trackDelivery(() =>
        callAuth(request, {
          path: "/email-otp/send-verification-otp",
          body: { email: body.email, type: "email-verification" },
        }),
      );
      if (refusal) throw refusal;
      if (!delivered) throw new AppError("request_unavailable");
      return forward(reply, response);
    },
    limited,
  );

  route(
    app,
    table.verifyEmail,
    async ({ body, request, reply }) => {
      await perEmail.codeCheck.hit(body.email, reply);
      const response = await callAuth(request, {
        path: "/email-otp/verify-email",
        body: { email: body.email, otp: body.code },
      });
      if (!response.ok) {
        const failure = await readAuthFailure(response);
        // A code for an address without an account is just a wrong code.
        if (failure.code === "USER_NOT_FOUND") throw new AppError("code_invalid");
        throw authError(request, failure);
      }
      await perEmail.codeCheck.clear(body.email);
      return forward(reply, response);
    },
    limited,
  );

  // ——— Sign-in and sign-out ——————————————————————————————————————————————————————————
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    body: { email: string; password: string; rememberMe?: boolean },
  ): Promise<undefined> {
    // Every try counts against the email, from whatever address (issue 11); a right password clears.
    await perEmail.signIn.hit(body.email, reply);
    const response = await callAuth(request, {
      path: "/sign-in/email",
      body: { email: body.email, password: body.password, rememberMe: body.rememberMe },
    });
    if (response.ok) {
      await perEmail.signIn.clear(body.email);
      return forwardSignIn(reply, response);
    }
    const failure = await readAuthFailure(response);
    if (failure.code === "EMAIL_NOT_VERIFIED") {
      await perEmail.signIn.clear(body.email);
      // The password was right: mail a fresh code so the person can finish registering.
      const codeSent = await sendEmailCode(request, body.email);
      throw new AppError("user_registrationNotFinished", { details: { email: body.email, codeSent } });
    }
    throw authError(request, failure);
  }

  route(
    app,
    table.signInEmail,
    async ({ body, request, reply }) => signIn(request, reply, body),
    signInLimited,
  );

  route(
    app,
    table.signIn,
    async ({ body, request, reply }) => {
      checkCsrf(request, body.csrfToken);
      return signIn(request, reply, body);
    },
    signInLimited,
  );

  route(
    app,
    table.signInCallback,
    async ({ params, body, request, reply }) => {
      if (params.provider !== "credentials") throw new AppError("request_notFound");
      checkCsrf(request, body.csrfToken);
      return signIn(request, reply, body);
    },
    signInLimited,
  );

  route(app, table.signOut, async ({ actor, body, request, reply }) => {
    checkCsrf(request, body?.csrfToken);
    const response = await callAuth(request, { path: "/sign-out" });
    if (actor) app.deps.realtime?.disconnectSession(actor.sessionId);
    return forward(reply, response);
  });

  // ——— Password reset by link ————————————————————————————————————————————————————————
  route(
    app,
    table.requestPasswordReset,
    async ({ body, request, reply }) => {
      await perEmail.resetRequest.hit(body.email, reply);
      const [user] = await db
        .select({ status: users.status })
        .from(users)
        .where(eq(users.email, body.email))
        .limit(1);
      if (!user) throw new AppError("user_emailNotFound");
      if (user.status === "blocked") {
        throw new AppError("account_unavailable", {
          message: messages.accountDeletedOrBlocked,
          details: { email: body.email },
        });
      }
      const {
        result: response,
        delivered,
        refusal,
      } = await trackDelivery(() =>
        callAuth(request, { path: "/request-password-reset", body: { email: body.email } }),
      );
      if (!response.ok) throw await failureOf(request, response);
      if (refusal) throw refusal;
      if (!delivered) throw new AppError("request_unavailable");
      return reply.send({ status: true, message: messages.resetLinkSent });
    },
    limited,
  );

  route(
    app,
    table.resetPassword,
    async ({ body, request, reply }) =>
      forward(
        reply,
        await callAuth(request, {
          path: "/reset-password",
          body: { token: body.token, newPassword: body.newPassword },
        }),
      ),
    limited,
  );

  // ——— Second factor (issue 16): the sign-in's second step and enrolment ————————————————————
  /** better-auth's challenge cookie ("better-auth.two_factor", __Secure- over HTTPS). */
  const twoFactorCookie = app.deps.auth.$context.then(
    (context) => context.createAuthCookie("two_factor").name,
  );

  /**
   * A sign-in answer. With a second factor on it is the challenge (no session): an API client,
   * which keeps no cookies, gets the challenge cookie's value as `twoFactorToken` to send back
   * with the code; a browser keeps it in the httpOnly cookie only.
   */
  async function forwardSignIn(reply: FastifyReply, response: Response): Promise<undefined> {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as Record<string, unknown> | null;
    if (body?.twoFactorRedirect !== true) return forward(reply, response);
    // better-auth's bearer hook names the session the sign-in made and the second factor ended
    // at once: no caller gets that token.
    const headers = new Headers(response.headers);
    headers.delete("set-auth-token");
    const challengeResponse = new Response(null, { status: response.status, headers });
    if (!sessionTokenShownTo(reply.request)) {
      await sendAuthResponse(reply, challengeResponse, body);
      return undefined;
    }
    const name = await twoFactorCookie;
    const challenge = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .find((pair) => pair.startsWith(`${name}=`))
      ?.slice(name.length + 1);
    await sendAuthResponse(reply, challengeResponse, {
      ...body,
      ...(challenge ? { twoFactorToken: challenge } : {}),
    });
    return undefined;
  }

  /**
   * The account a sign-in challenge belongs to (the cookie's value is "identifier.signature"; the
   * identifier names a verification row holding the user id), or null when it is unknown, used or
   * past its 10 minutes.
   */
  async function challengeAccount(raw: string): Promise<{ email: string } | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = decoded.lastIndexOf(".");
    const identifier = dot > 0 ? decoded.slice(0, dot) : "";
    if (!identifier.startsWith("2fa-") || identifier.length > 200) return null;
    const context = await app.deps.auth.$context;
    const found = await context.internalAdapter.findVerificationValue(identifier);
    if (!found || new Date(found.expiresAt).getTime() <= Date.now()) return null;
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, found.value))
      .limit(1);
    return user ?? null;
  }

  /**
   * The second step: the challenge (the browser's cookie, or an API client's twoFactorToken)
   * names the account, whose code checks are counted (5 in 15 minutes, from any address; a right
   * code clears them), then better-auth checks the code and starts the session.
   */
  async function twoFactorStep(
    request: FastifyRequest,
    reply: FastifyReply,
    path: "/two-factor/verify-totp" | "/two-factor/verify-backup-code",
    body: { code: string; twoFactorToken?: string | undefined },
  ): Promise<undefined> {
    const name = await twoFactorCookie;
    const challenge = body.twoFactorToken ?? request.cookies?.[name];
    const account = challenge ? await challengeAccount(challenge) : null;
    if (!challenge || !account) throw new AppError("twoFactor_challengeExpired");
    await perAccount.twoFactor.hit(account.email, reply);
    const response = await callAuth(request, {
      path,
      body: { code: body.code },
      withoutSession: true,
      ...(body.twoFactorToken ? { cookies: { [name]: body.twoFactorToken } } : {}),
    });
    if (!response.ok) {
      // A challenge spent by too many wrong codes is expired by better-auth: the browser forgets it.
      copyCookies(reply, response);
      throw await failureOf(request, response);
    }
    await perAccount.twoFactor.clear(account.email);
    return forward(reply, response);
  }

  route(
    app,
    table.twoFactorVerifyTotp,
    async ({ body, request, reply }) => twoFactorStep(request, reply, "/two-factor/verify-totp", body),
    limited,
  );

  route(
    app,
    table.twoFactorVerifyBackupCode,
    async ({ body, request, reply }) => twoFactorStep(request, reply, "/two-factor/verify-backup-code", body),
    limited,
  );

  /** Enabling and disabling ask for the password: a wrong one is "the current password is not correct". */
  async function enrolmentFailure(request: FastifyRequest, response: Response): Promise<AppError> {
    const failure = await readAuthFailure(response);
    if (failure.code === "INVALID_PASSWORD" || failure.code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
      return new AppError("user_wrongPassword");
    return authError(request, failure);
  }

  /**
   * Confirming and disabling replace the session (better-auth rotates it when the second factor
   * changes): the new cookie goes out, an API client gets the new token, the old session's
   * sockets close.
   */
  async function sessionReplaced(
    reply: FastifyReply,
    response: Response,
    sessionId: string,
    twoFactorEnabled: boolean,
  ): Promise<{ twoFactorEnabled: boolean; token?: string }> {
    copyCookies(reply, response);
    const replaced = response.headers.get("set-auth-token");
    if (replaced) app.deps.realtime?.disconnectSession(sessionId);
    const token = replaced && sessionTokenShownTo(reply.request) ? tokenKey(replaced) : null;
    return { twoFactorEnabled, ...(token ? { token } : {}) };
  }

  route(
    app,
    table.twoFactorEnable,
    async ({ body, request }) => {
      const response = await callAuth(request, {
        path: "/two-factor/enable",
        body: { password: body.password, method: "totp" },
      });
      if (!response.ok) throw await enrolmentFailure(request, response);
      const setup = (await response.json()) as { totpURI: string; backupCodes: string[] };
      const secret = new URL(setup.totpURI).searchParams.get("secret") ?? "";
      return { totpURI: setup.totpURI, secret, backupCodes: setup.backupCodes };
    },
    limited,
  );

  route(
    app,
    table.twoFactorConfirm,
    async ({ actor, body, request, reply }) => {
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, actor.userId))
        .limit(1);
      const identity = user?.email ?? actor.userId;
      await perAccount.twoFactor.hit(identity, reply);
      const response = await callAuth(request, {
        path: "/two-factor/verify-totp",
        body: { code: body.code },
      });
      if (!response.ok) throw await failureOf(request, response);
      await perAccount.twoFactor.clear(identity);
      return sessionReplaced(reply, response, actor.sessionId, true);
    },
    limited,
  );

  route(
    app,
    table.twoFactorDisable,
    async ({ actor, body, request, reply }) => {
      const [user] = await db
        .select({ twoFactorEnabled: users.twoFactorEnabled })
        .from(users)
        .where(eq(users.id, actor.userId))
        .limit(1);
      if (!user?.twoFactorEnabled) throw new AppError("twoFactor_notEnabled");
      const response = await callAuth(request, {
        path: "/two-factor/disable",
        body: { password: body.password },
      });
      if (!response.ok) throw await enrolmentFailure(request, response);
      return sessionReplaced(reply, response, actor.sessionId, false);
    },
    limited,
  );

  /** Success goes out as better-auth sent it; failure as the catalogue error. */
  async function forward(reply: FastifyReply, response: Response): Promise<undefined> {
    if (!response.ok) throw await failureOf(reply.request, response);
    await sendAuthResponse(reply, response);
    return undefined;
  }
};
