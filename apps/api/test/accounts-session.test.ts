import { randomUUID } from "node:crypto";
import { type ClientToServerEvents, errorMessage, messages, type ServerToClientEvents } from "@vn/contract";
import { sql } from "drizzle-orm";
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { attachRealtime } from "../src/realtime/index";
import {
  cookieHeader,
  patch,
  post,
  type SignedIn,
  signIn,
  signUpActive,
  startSmtp,
  type TestSmtp,
  WEB_ORIGIN,
} from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let testDb: TestDatabase;
let smtp: TestSmtp;
let app: App;
let baseUrl: string;
let person: SignedIn & { slug: string };
const sockets: Client[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtp();
  app = await buildApp(testConfig({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: "1000" }), {
    database: testDb.database,
  });
  app.deps.realtime = await attachRealtime(app);
  baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  person = await signUpActive(app, smtp, "sessions@example.com", "Sara Session");
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await smtp.close();
  await testDb.drop();
});

function connect(token: string): Promise<Client> {
  const socket: Client = ioClient(baseUrl, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

const disconnected = (socket: Client) => new Promise<string>((resolve) => socket.once("disconnect", resolve));
const me = (headers: Record<string, string>) =>
  app.inject({ method: "GET", url: "/api/v1/users/me", headers });

describe("sign-in", () => {
  it("answers a wrong password and an unknown email alike: 401 request_invalidCredentials", async () => {
    for (const [email, password] of [
      [person.email, "wrong password!"],
      ["nobody@example.com", "whatever123"],
    ] as const) {
      const res = await signIn(app, email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: "request_invalidCredentials", message: errorMessage("request_invalidCredentials") },
      });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("returns a bearer token and sets the httpOnly cookie; both work; the socket accepts the token", async () => {
    const res = await signIn(app, person.email, person.password);
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    expect(res.headers["set-auth-token"]).toMatch(new RegExp(`^${token}\\.`));
    const cookie = cookieHeader(res.headers["set-cookie"]);
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${res.headers["set-auth-token"]}` })).statusCode).toBe(200);
    expect((await me({ cookie })).statusCode).toBe(200);
    const socket = await connect(token);
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it("a form-encoded sign-in needs the CSRF token of GET /api/auth/csrf", async () => {
    const form = (extra: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        payload: `email=${encodeURIComponent(person.email)}&password=${encodeURIComponent(person.password)}${extra}`,
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      });
    const without = await form("");
    expect(without.statusCode).toBe(403);
    expect(without.json().error).toEqual({
      code: "request_invalidCsrfToken",
      message: messages.invalidCsrfToken,
    });

    const csrf = await app.inject({ method: "GET", url: "/api/auth/csrf" });
    const csrfToken = csrf.json().csrfToken as string;
    const csrfCookie = cookieHeader(csrf.headers["set-cookie"]);
    // A browser's form post carries its Origin.
    const forged = await form(`&csrfToken=${encodeURIComponent(`${csrfToken.split(".")[0]}.forged`)}`, {
      cookie: csrfCookie,
      origin: WEB_ORIGIN,
    });
    expect(forged.statusCode).toBe(403);
    const ok = await form(`&csrfToken=${encodeURIComponent(csrfToken)}`, {
      cookie: csrfCookie,
      origin: WEB_ORIGIN,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // A browser's form post signs in with the session cookie, never the token (decision 0015).
    expect(ok.json()).toMatchObject({ user: { email: person.email } });
    expect(ok.json()).not.toHaveProperty("token");
    expect((await me({ cookie: cookieHeader(ok.headers["set-cookie"]) })).statusCode).toBe(200);

    const callback = await post(app, "/api/auth/callback/credentials", {
      email: person.email,
      password: person.password,
    });
    expect(callback.statusCode).toBe(200);
    const unknown = await post(app, "/api/auth/callback/github", {
      email: person.email,
      password: person.password,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("GET /api/auth/session gives the Session user, never the token; providers lists the methods", async () => {
    const signedIn = await signIn(app, person.email, person.password);
    const cookie = cookieHeader(signedIn.headers["set-cookie"]);
    const session = await app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(session.json()).toMatchObject({
      expiresAt: expect.any(String),
      user: { email: person.email, slug: person.slug, status: { id: "active" } },
    });
    // Issue 11: page JavaScript must not read the session token (the socket takes a ticket).
    expect(session.json()).not.toHaveProperty("token");
    expect(session.body).not.toContain(signedIn.json().token);
    const lifetime = Date.parse(session.json().expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(23.9 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000);
    const anonymous = await app.inject({ method: "GET", url: "/api/auth/session" });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toBeNull();
    const providers = await app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(providers.json().credentials).toMatchObject({
      type: "credentials",
      signinUrl: "/api/auth/sign-in/email",
    });
    const raw = await app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
    expect(raw.json()).toMatchObject({ user: { email: person.email } });
    // Page JavaScript never gets the session token (issue 11 item 6), from either session route.
    expect(raw.json().session).toBeDefined();
    expect(raw.json().session.token).toBeUndefined();
    expect(raw.headers["set-auth-token"]).toBeUndefined();
  });

  it("refuses a cookie-carrying sign-out from a foreign origin", async () => {
    const signedIn = await signIn(app, person.email, person.password);
    const cookie = cookieHeader(signedIn.headers["set-cookie"]);
    const res = await post(app, "/api/auth/sign-out", {}, { cookie, origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect((await me({ cookie })).statusCode).toBe(200);
  });

  it("sign-out closes that session's sockets", async () => {
    const signedIn = await signIn(app, person.email, person.password);
    const token = signedIn.json().token as string;
    const socket = await connect(token);
    const closed = disconnected(socket);
    const out = await post(app, "/api/auth/sign-out", {}, { authorization: `Bearer ${token}` });
    expect(out.statusCode, out.body).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });
});

describe("password change", () => {
  it("needs the current password; ends every other session (and its sockets) but keeps this one", async () => {
    const email = `change-${randomUUID().slice(0, 6)}@example.com`;
    const owner = await signUpActive(app, smtp, email, "Paul Word");
    const other = (await signIn(app, email, owner.password)).json().token as string;
    const otherSocket = await connect(other);
    const closed = disconnected(otherSocket);

    const wrong = await patch(
      app,
      "/api/v1/users/me/password",
      { currentPassword: "not it at all", newPassword: "a brand new secret" },
      owner.bearer,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({
      code: "user_wrongPassword",
      message: messages.wrongCurrentPassword,
      details: [{ path: "body.currentPassword", message: messages.wrongCurrentPassword }],
    });
    const short = await patch(
      app,
      "/api/v1/users/me/password",
      { currentPassword: owner.password, newPassword: "short" },
      owner.bearer,
    );
    expect(short.json().error.details[0]).toEqual({ path: "body.newPassword", message: "Min 8 characters." });

    const ok = await patch(
      app,
      "/api/v1/users/me/password",
      { currentPassword: owner.password, newPassword: "a brand new secret" },
      owner.bearer,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.message).toBe(messages.passwordChanged);
    expect(await closed).toBe("io server disconnect");
    expect((await me({ authorization: `Bearer ${other}` })).statusCode).toBe(401);
    expect((await me(owner.bearer)).statusCode).toBe(200);
    expect((await signIn(app, email, owner.password)).statusCode).toBe(401);
    expect((await signIn(app, email, "a brand new secret")).statusCode).toBe(200);
  });
});

describe("password reset by mailed link", () => {
  it("an unknown email is told so", async () => {
    const res = await post(app, "/api/auth/request-password-reset", { email: "ghost@example.com" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: "user_emailNotFound", message: messages.userEmailNotFound });
  });

  it("mails a link to the web's reset page; the token sets a new password once and ends every session", async () => {
    const email = `reset-${randomUUID().slice(0, 6)}@example.com`;
    const owner = await signUpActive(app, smtp, email, "Rita Reset");
    const socket = await connect(owner.token);
    const closed = disconnected(socket);
    const count = smtp.mails.length;
    const res = await post(app, "/api/auth/request-password-reset", { email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, message: messages.resetLinkSent });
    const mail = await smtp.waitFor(email, (m) => smtp.mails.indexOf(m) >= count);
    expect(mail.subject).toBe(messages.mailResetSubject);
    const link = new RegExp(`${WEB_ORIGIN}/login/reset-password\\?token=([\\w-]+)`).exec(mail.text);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? "";

    const done = await post(app, "/api/auth/reset-password", { token, newPassword: "reset and renewed" });
    expect(done.statusCode, done.body).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect((await me(owner.bearer)).statusCode).toBe(401);
    expect((await signIn(app, email, "reset and renewed")).statusCode).toBe(200);

    const again = await post(app, "/api/auth/reset-password", { token, newPassword: "another new one" });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: "user_resetLinkExpired", message: messages.resetLinkExpired });
  });

  it("an expired link answers the expired-link message", async () => {
    const count = smtp.mails.length;
    await post(app, "/api/auth/request-password-reset", { email: person.email });
    const mail = await smtp.waitFor(person.email, (m) => smtp.mails.indexOf(m) >= count);
    const token = /token=([\w-]+)/.exec(mail.text)?.[1] ?? "";
    await testDb.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier like 'reset-password:%'`,
    );
    const res = await post(app, "/api/auth/reset-password", { token, newPassword: "too late for this" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.resetLinkExpired);
  });
});

describe("rate limits", () => {
  const limitedConfig = () =>
    testConfig({
      SMTP_URL: smtp.url,
      AUTH_RATE_LIMIT_PER_MINUTE: "3",
      EMAIL_CHECK_RATE_LIMIT_PER_MINUTE: "2",
      ...(process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, RATE_LIMIT_NAMESPACE: `vn-rl-accounts-${randomUUID()}:` }
        : {}),
    });

  it("sign-in answers 429 request_tooMany past the per-IP limit, across the sign-in routes", async () => {
    const limited = await buildApp(limitedConfig(), { database: testDb.database });
    try {
      const attempts = [
        await signIn(limited, person.email, "wrong one 1"),
        await signIn(limited, person.email, "wrong one 2"),
        await post(limited, "/api/auth/sign-in", { email: person.email, password: "wrong one 3" }),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([401, 401, 401]);
      const blocked = await signIn(limited, person.email, person.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatchObject({
        code: "request_tooMany",
        message: messages.tooManyRequests,
      });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      // Other people (other addresses) are not affected.
      const elsewhere = await limited.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: JSON.stringify({ email: person.email, password: person.password }),
        headers: { "content-type": "application/json" },
        remoteAddress: "10.1.2.3",
      });
      expect(elsewhere.statusCode).toBe(200);

      for (let i = 0; i < 3; i++) await post(limited, "/api/auth/sign-up/email", { email: "x@y.z" });
      expect((await post(limited, "/api/auth/sign-up/email", { email: "x@y.z" })).statusCode).toBe(429);
      for (let i = 0; i < 2; i++)
        await post(limited, "/api/v1/users/email/check", { email: "a@example.com" });
      expect((await post(limited, "/api/v1/users/email/check", { email: "a@example.com" })).statusCode).toBe(
        429,
      );
      for (let i = 0; i < 3; i++)
        await post(limited, "/api/auth/email-otp/verify-email", { email: "a@example.com", code: "123456" });
      expect(
        (await post(limited, "/api/auth/email-otp/verify-email", { email: "a@example.com", code: "123456" }))
          .statusCode,
      ).toBe(429);
      for (let i = 0; i < 3; i++)
        await post(limited, "/api/auth/request-password-reset", { email: "ghost@example.com" });
      expect(
        (await post(limited, "/api/auth/request-password-reset", { email: "ghost@example.com" })).statusCode,
      ).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
