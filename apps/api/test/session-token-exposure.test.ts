import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import {
  codeOf,
  cookieHeader,
  isCodeMail,
  post,
  signUpActive,
  startSmtp,
  type TestSmtp,
  WEB_ORIGIN,
} from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";

/**
 * Issue 11, item 6 (docs/decisions/0015-session-token-exposure.md): the answers that start a
 * session — sign-in, verify-email, restore — hand the session token only to API clients. A
 * browser's request (an Origin, Sec-Fetch-Site, or cookies) is signed in by the httpOnly cookie
 * alone: neither the JSON nor the set-auth-token header carries the token page JavaScript could read.
 */
let testDb: TestDatabase;
let smtp: TestSmtp;
let app: App;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtp();
  app = await buildApp(
    testConfig({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_MINUTE: "100000" }),
    { database: testDb.database },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await testDb.drop();
});

const me = (headers: Record<string, string>) =>
  app.inject({ method: "GET", url: "/api/v1/users/me", headers });

/** How a browser's sign-in arrives: with its Origin, usually with Fetch Metadata and cookies too. */
const browsers: Array<[label: string, headers: Record<string, string>]> = [
  ["Origin", { origin: WEB_ORIGIN }],
  [
    "Origin, Fetch Metadata and cookies",
    { origin: WEB_ORIGIN, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", cookie: "theme=dark" },
  ],
];

/** A browser's answer: signed in by the cookie, with no token in the body or the headers. */
async function expectCookieOnly(res: Awaited<ReturnType<typeof me>>, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
  const cookie = cookieHeader(res.headers["set-cookie"]);
  const token = /better-auth\.session_token=([^.;]+)/.exec(cookie)?.[1];
  expect(token, label).toBeTruthy();
  expect(res.body, label).not.toContain(token!);
  expect(res.headers["set-auth-token"], label).toBeUndefined();
  expect((await me({ cookie })).statusCode, label).toBe(200);
}

describe("sign-in", () => {
  it("answers a browser without the token, and an API client with it", async () => {
    const person = await signUpActive(app, smtp, "signin.token@example.com", "Tok En");
    const body = { email: person.email, password: person.password };
    for (const [label, headers] of browsers) {
      const res = await post(app, "/api/auth/sign-in/email", body, headers);
      await expectCookieOnly(res, label);
      expect(res.json(), label).toMatchObject({ user: { email: person.email } });
      expect(res.json(), label).not.toHaveProperty("token");
    }
    // No Origin, no Sec-Fetch-Site, no cookies: an API client, which uses the token as its bearer.
    const client = await post(app, "/api/auth/sign-in/email", body);
    expect(client.statusCode).toBe(200);
    const token = client.json().token as string;
    expect(token).toEqual(expect.any(String));
    expect(client.headers["set-auth-token"]).toMatch(new RegExp(`^${token}\\.`));
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });
});

describe("verify-email", () => {
  async function signUpWithCode(email: string): Promise<string> {
    const before = smtp.mails.length;
    const res = await post(app, "/api/auth/sign-up/email", {
      email,
      password: "correct horse battery",
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Sign-up itself never hands out a token (the email is not proven yet).
    expect(res.json().token).toBeNull();
    return codeOf(
      await smtp.waitFor(email, (mail) => smtp.mails.indexOf(mail) >= before && isCodeMail(mail)),
    );
  }

  it("signs a browser in by the cookie alone", async () => {
    const email = "verify.browser@example.com";
    const code = await signUpWithCode(email);
    const res = await post(app, "/api/auth/email-otp/verify-email", { email, code }, { origin: WEB_ORIGIN });
    await expectCookieOnly(res, "verify-email");
    expect(res.json()).toMatchObject({ status: true, user: { email } });
    expect(res.json()).not.toHaveProperty("token");
  });

  it("hands an API client the token", async () => {
    const email = "verify.client@example.com";
    const code = await signUpWithCode(email);
    const res = await post(app, "/api/auth/email-otp/verify-email", { email, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
    expect((await me({ authorization: `Bearer ${res.json().token}` })).statusCode).toBe(200);
  });
});

describe("restore", () => {
  async function restoreTokenOf(email: string): Promise<string> {
    const person = await signUpActive(app, smtp, email, "Re Stored");
    const deleted = await app.inject({ method: "DELETE", url: "/api/v1/users/me", headers: person.bearer });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const res = await post(app, "/api/auth/sign-in/email", { email, password: person.password });
    expect(res.statusCode).toBe(403);
    return res.json().error.details.restoreToken as string;
  }

  it("answers a browser's restore with the Session but no token (each browser sign on its own)", async () => {
    const signs: Array<[label: string, headers: Record<string, string>]> = [
      ["Origin", { origin: WEB_ORIGIN }],
      ["Sec-Fetch-Site", { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" }],
      ["cookies", { cookie: "theme=dark" }],
    ];
    for (const [index, [label, headers]] of signs.entries()) {
      const restoreToken = await restoreTokenOf(`restore.browser${index}@example.com`);
      const res = await app.inject({
        method: "PATCH",
        url: "/api/v1/users/me/restore",
        headers: { authorization: `Bearer ${restoreToken}`, ...headers },
      });
      await expectCookieOnly(res, label);
      expect(res.json().data, label).toMatchObject({
        expiresAt: expect.any(String),
        user: { status: { id: "active" } },
      });
      expect(res.json().data, label).not.toHaveProperty("token");
    }
  });

  it("answers an API client's restore with the token", async () => {
    const restoreToken = await restoreTokenOf("restore.client@example.com");
    const res = await app.inject({
      method: "PATCH",
      url: "/api/v1/users/me/restore",
      headers: { authorization: `Bearer ${restoreToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.token).toEqual(expect.any(String));
    expect(res.headers["set-auth-token"]).toEqual(expect.any(String));
    expect((await me({ authorization: `Bearer ${res.json().data.token}` })).statusCode).toBe(200);
  });
});
