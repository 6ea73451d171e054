import { AsyncLocalStorage } from "node:async_hooks";
import {
  AppError,
  errorMessage,
  messages,
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_MAX_TRIES,
  ONE_TIME_CODE_TTL_MS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_RESET_LINK_TTL_MS,
  PRODUCT_NAME,
  SESSION_TTL_MS,
  TOTP_CODE_LENGTH,
  TWO_FACTOR_CHALLENGE_TTL_S,
} from "@vn/contract";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { deleteSessionCookie, setSessionCookie } from "better-auth/cookies";
import { bearer, emailOTP, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { type Config, pageOrigins } from "../../config";
import type { Db } from "../../db/client";
import { accounts, sessions, twoFactors, users, verifications } from "../../db/schema/index";
import type { MailProvider } from "../../providers/mail/index";
import { passwordResetMail, verificationCodeMail } from "../../providers/mail/templates";
import { issueRestoreToken } from "./lifecycle";
import { withHashedSessionTokens } from "./session-store";

/**
 * better-auth runs mail callbacks through runInBackgroundOrAwait, which swallows their errors;
 * a route that must know whether its mail went out runs the auth call inside `trackDelivery`.
 */
const delivery = new AsyncLocalStorage<{ failed: boolean; refusal?: AppError }>();

/**
 * `refusal` is set when the mail layer held the mail back on purpose (the per-recipient caps,
 * providers/mail/caps.ts): the route answers that (429), not "mail is down" (503).
 */
export async function trackDelivery<T>(
  call: () => Promise<T>,
): Promise<{ result: T; delivered: boolean; refusal?: AppError }> {
  const outcome: { failed: boolean; refusal?: AppError } = { failed: false };
  const result = await delivery.run(outcome, call);
  return { result, delivered: !outcome.failed, ...(outcome.refusal ? { refusal: outcome.refusal } : {}) };
}

export interface AuthDeps {
  config: Config;
  db: Db;
  mail: MailProvider;
  log: FastifyBaseLogger;
  /** Sessions that ended outside a request of their own (password reset): close their sockets. */
  onSessionsEnded: (sessionIds: string[]) => void;
}

/**
 * Server-only endpoints (never on the HTTP router; called through auth.api from our services)
 * that need better-auth's own cookie handling: starting a session after a restore, and clearing
 * the cookie when an account is deleted.
 */
const lifecyclePlugin = {
  id: "vn-account-lifecycle",
  endpoints: {
    startSessionFor: createAuthEndpoint.serverOnly(
      { method: "POST", body: z.object({ userId: z.string() }) },
      async (ctx) => {
        const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
        if (!found) throw APIError.fromStatus("UNAUTHORIZED", { code: "request_unauthenticated" });
        const session = await ctx.context.internalAdapter.createSession(found.id);
        await setSessionCookie(ctx, { session, user: found });
        return ctx.json({ token: session.token, expiresAt: session.expiresAt.toISOString() });
      },
    ),
    clearSessionCookie: createAuthEndpoint.serverOnly({ method: "POST" }, async (ctx) => {
      deleteSessionCookie(ctx);
      return ctx.json({ success: true });
    }),
  },
} as const;

/**
 * better-auth, configured for this product (architecture.md "Auth"): email + password with a
 * mailed 6-character code proving the email (10 minutes, 5 tries), password reset by mailed
 * link, 1-day sessions in an httpOnly SameSite=Lax cookie (secure in production) and as a bearer
 * token for API clients and the socket. Its tables are ours (db/schema/accounts.ts, plural names).
 *
 * Rate limiting is Fastify's (Redis-backed, per route: auth-routes.ts), so better-auth's own is off.
 * Only the endpoints auth-routes.ts whitelists are reachable over HTTP.
 */
export function createAuth(deps: AuthDeps) {
  const { config, db, mail, log } = deps;
  const authLog = log.child({ module: "auth" });
  const production = config.NODE_ENV === "production";

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.API_ORIGIN,
    basePath: "/api/auth",
    secret: config.AUTH_SECRET,
    // Outside production every loopback spelling of these (localhost, 127.0.0.1, [::1]) counts.
    trustedOrigins: [...pageOrigins(config, config.WEB_ORIGIN), ...pageOrigins(config, config.API_ORIGIN)],
    // Session tokens are stored as their digest (issue 11; session-store.ts).
    database: withHashedSessionTokens(
      drizzleAdapter(db, {
        provider: "pg",
        usePlural: true,
        schema: { users, sessions, accounts, verifications, twoFactors },
      }),
    ),
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      // Its messages carry no secrets; extra arguments might, so only errors go along.
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        const target =
          level === "error" ? "error" : level === "warn" ? "warn" : level === "debug" ? "debug" : "info";
        authLog[target](err ? { err } : {}, message);
      },
    },
    rateLimit: { enabled: false },
    // Unexpected failures leave auth.handler as exceptions, so Fastify's error handler logs them
    // (with the request id) and answers 500 in the catalogue's shape; API errors stay responses.
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_TTL_MS / 1000,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.WEB_ORIGIN}/login/reset-password?token=${encodeURIComponent(token)}`;
        await deliver(() =>
          mail.send(passwordResetMail(user.email, url, Math.round(PASSWORD_RESET_LINK_TTL_MS / 60_000))),
        );
      },
      onPasswordReset: async ({ user }) => {
        // better-auth deletes the sessions next; their sockets close now.
        const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
        deps.onSessionsEnded(rows.map((row) => row.id));
      },
    },
    emailVerification: {
      // Codes, not links: auth-routes.ts sends the first code after sign-up and a fresh one when an
      // unverified person signs in; /email-otp/verify-email signs them in.
      sendOnSignUp: false,
      autoSignInAfterVerification: true,
      // Issue 11: the code proves an email that is not proven yet; for an account whose email is
      // proven it would be a passwordless sign-in, so it is refused as a wrong code.
      beforeEmailVerification: async (user) => {
        if (user.emailVerified) throw new APIError("BAD_REQUEST", { code: "INVALID_OTP" });
      },
    },
    session: {
      expiresIn: SESSION_TTL_MS / 1000,
      // A session lasts one day from sign-in (spec §4, product decisions), not from last use.
      disableSessionRefresh: true,
    },
    advanced: {
      useSecureCookies: production,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: production },
      // The same checks in tests as in production.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    databaseHooks: {
      session: {
        create: {
          // Deleted and blocked accounts get no session, whichever way they sign in.
          before: async (session, context) => {
            const [user] = await db
              .select({ status: users.status, email: users.email })
              .from(users)
              .where(eq(users.id, session.userId))
              .limit(1);
            if (!user) return false;
            if (user.status === "blocked") {
              throw new APIError("FORBIDDEN", {
                code: "account_unavailable",
                message: messages.accountDeletedOrBlocked,
                details: { email: user.email },
              });
            }
            if (user.status === "deleted") {
              // Only a correct password earns the token that restores or removes the account.
              const proven = context?.path === "/sign-in/email";
              const restore = proven ? await issueRestoreToken(db, session.userId) : null;
              throw new APIError("FORBIDDEN", {
                code: "user_deleted",
                message: errorMessage("user_deleted"),
                details: {
                  email: user.email,
                  ...(restore
                    ? { restoreToken: restore.token, expiresAt: restore.expiresAt.toISOString() }
                    : {}),
                },
              });
            }
          },
        },
      },
    },
    plugins: [
      bearer(),
      emailOTP({
        otpLength: ONE_TIME_CODE_LENGTH,
        expiresIn: ONE_TIME_CODE_TTL_MS / 1000,
        allowedAttempts: ONE_TIME_CODE_MAX_TRIES,
        // The database never holds a usable code.
        storeOTP: "hashed",
        sendVerificationOTP: async ({ email, otp, type }) => {
          // Issue 11: no email-proof code for an email that is proven already (it would sign in).
          if (type === "email-verification") {
            const [user] = await db
              .select({ emailVerified: users.emailVerified })
              .from(users)
              .where(eq(users.email, email.toLowerCase()))
              .limit(1);
            if (!user || user.emailVerified) return;
          }
          await deliver(() => mail.send(verificationCodeMail(email, otp)));
        },
      }),
      // Issue 16: a second factor (TOTP) for staff, and anyone who wants one. A sign-in of an
      // account with it on answers `twoFactorRedirect` and no session; verify-totp (or a backup
      // code) within 10 minutes finishes it. The secret is stored encrypted with AUTH_SECRET
      // (two_factors), the 10 backup codes too. No "trust this device": every sign-in asks.
      twoFactor({
        issuer: PRODUCT_NAME,
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_TTL_S,
        totpOptions: { digits: TOTP_CODE_LENGTH, period: 30 },
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
      }),
      lifecyclePlugin,
    ],
  });

  /** A mail that cannot be handed over is logged and reported to trackDelivery. */
  async function deliver(send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (error) {
      const outcome = delivery.getStore();
      if (outcome) outcome.failed = true;
      if (error instanceof AppError) {
        // Held back on purpose (a per-recipient cap): the route tells the client why.
        authLog.warn({ code: error.code }, "mail held back");
        if (outcome) outcome.refusal = error;
        return;
      }
      authLog.error({ err: error }, "mail delivery failed");
    }
  }
}

export type Auth = ReturnType<typeof createAuth>;
