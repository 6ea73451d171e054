import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  AppError,
  DEV_WEB_FORWARD_SECRET,
  EMAIL_CODE_CHECKS_PER_EMAIL,
  errorMessage,
  FORWARD_SECRET_HEADER,
  FORWARDED_CLIENT_HEADER,
  format,
  MAIL_CODES_PER_RECIPIENT_PER_HOUR,
  MAIL_PER_RECIPIENT_PER_HOUR,
  messages,
  PASSWORD_RESET_REQUESTS_PER_EMAIL,
  SIGN_IN_FAILURES_PER_EMAIL,
} from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { type Config, loadConfig, testConfig } from "../src/config";
import { emailChangedMail, passwordResetMail, verificationCodeMail } from "../src/providers/mail/templates";
import { createPerson } from "../src/seed/library";
import { isCodeMail, startSmtp, type TestSmtp } from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";

/**
 * Issue 11, items 1, 2, 4, 8, 9 and 19: who the API believes a client is, limits per email that
 * no address can dodge, codes that never sign in a verified account, mail caps per recipient,
 * renders that carry the visitor's address, production refusals, and both loopback spellings.
 */

let testDb: TestDatabase;
let smtp: TestSmtp;
const apps: App[] = [];
const password = "correct horse battery";

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await smtp.close();
  await testDb.drop();
});

/** A fresh app on the suite's database; its own Redis namespace when tests run with Redis. */
async function appWith(overrides: Partial<Record<keyof Config, string>> = {}): Promise<App> {
  const app = await buildApp(
    testConfig({
      SMTP_URL: smtp.url,
      ...(process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, RATE_LIMIT_NAMESPACE: `vn-rl-abuse-${randomUUID()}:` }
        : {}),
      ...overrides,
    }),
    { database: testDb.database },
  );
  apps.push(app);
  return app;
}

function call(
  app: App,
  method: "GET" | "POST",
  url: string,
  options: { payload?: unknown; ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: JSON.stringify(options.payload) }),
    headers: { "content-type": "application/json", ...options.headers },
    remoteAddress: options.ip ?? "127.0.0.1",
  });
}

const statuses = (list: Array<{ statusCode: number }>) =>
  list.reduce<Record<number, number>>((counts, res) => {
    counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  }, {});

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function signUp(app: App, email: string) {
  const res = await call(app, "POST", "/api/auth/sign-up/email", {
    payload: { email, password, acceptTerms: true, acceptPrivacy: true },
    ip: `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe("item 1: the client's address, and limits per email whatever the address", () => {
  it("believes no X-Forwarded-For by default: a fresh header per try shares one per-address limit", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
    const tries = [];
    for (let i = 0; i < 5; i++) {
      tries.push(
        await call(app, "POST", "/api/auth/sign-in/email", {
          payload: { email: `nobody${i}@example.com`, password: "wrong password" },
          headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
        }),
      );
    }
    expect(tries.map((res) => res.statusCode)).toEqual([401, 401, 401, 429, 429]);
  });

  it("TRUST_PROXY names the proxies whose X-Forwarded-For is believed", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "3", TRUST_PROXY: "10.0.0.1" });
    const viaProxy = [];
    for (let i = 0; i < 5; i++) {
      viaProxy.push(
        await call(app, "POST", "/api/auth/sign-in/email", {
          payload: { email: `proxied${i}@example.com`, password: "wrong password" },
          ip: "10.0.0.1",
          headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
        }),
      );
    }
    // Five clients behind the proxy, one try each.
    expect(viaProxy.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401]);
    const direct = [];
    for (let i = 0; i < 5; i++) {
      direct.push(
        await call(app, "POST", "/api/auth/sign-in/email", {
          payload: { email: `direct${i}@example.com`, password: "wrong password" },
          ip: "10.9.9.9",
          headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
        }),
      );
    }
    expect(direct.map((res) => res.statusCode)).toEqual([401, 401, 401, 429, 429]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "not an address" })).toThrow(/TRUST_PROXY/);
  });

  it("50 wrong passwords for one account from 50 addresses end in 429 with a growing wait; others are not affected", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    const victim = await createPerson(testDb.database.db, {
      name: "Vic Tim",
      email: "victim@example.com",
      password,
    });
    const bystander = await createPerson(testDb.database.db, {
      name: "By Stander",
      email: "bystander@example.com",
      password,
    });
    const tries = [];
    for (let i = 0; i < 50; i++) {
      tries.push(
        await call(app, "POST", "/api/auth/sign-in/email", {
          payload: { email: victim.email, password: `wrong password ${i}` },
          ip: `10.1.${i}.7`,
        }),
      );
    }
    expect(statuses(tries)).toEqual({
      401: SIGN_IN_FAILURES_PER_EMAIL,
      429: 50 - SIGN_IN_FAILURES_PER_EMAIL,
    });
    const first = tries[SIGN_IN_FAILURES_PER_EMAIL];
    const next = tries[SIGN_IN_FAILURES_PER_EMAIL + 1];
    expect(first?.json().error).toEqual({
      code: "request_tooManyForEmail",
      message: messages.tooManyForEmail,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    // Backoff: every try past the limit doubles the wait.
    expect(Number(next?.headers["retry-after"])).toBeGreaterThan(Number(first?.headers["retry-after"]));
    const right = await call(app, "POST", "/api/auth/sign-in/email", {
      payload: { email: victim.email, password },
      ip: "10.77.0.1",
    });
    expect(right.statusCode).toBe(429);
    const other = await call(app, "POST", "/api/auth/sign-in/email", {
      payload: { email: bystander.email, password },
      ip: "10.1.3.7",
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it("a successful sign-in clears the failures of that email", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    const person = await createPerson(testDb.database.db, {
      name: "Typo Person",
      email: "typos@example.com",
      password,
    });
    const wrong = (i: number) =>
      call(app, "POST", "/api/auth/sign-in/email", {
        payload: { email: person.email, password: `typo ${i}` },
        ip: `10.2.${i}.1`,
      });
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL - 1; i++) expect((await wrong(i)).statusCode).toBe(401);
    const ok = await call(app, "POST", "/api/auth/sign-in/email", {
      payload: { email: person.email, password },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++) expect((await wrong(i)).statusCode).toBe(401);
    expect((await wrong(99)).statusCode).toBe(429);
  });

  it("code checks and reset links are limited per email, from any address", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    await signUp(app, "checks@example.com");
    const checks = [];
    for (let i = 0; i < EMAIL_CODE_CHECKS_PER_EMAIL + 2; i++) {
      checks.push(
        await call(app, "POST", "/api/auth/email-otp/verify-email", {
          payload: { email: "checks@example.com", code: "000000" },
          ip: `10.3.${i}.1`,
        }),
      );
    }
    expect(checks.at(-1)?.json().error.code).toBe("request_tooManyForEmail");

    const person = await createPerson(testDb.database.db, {
      name: "Re Set",
      email: "resets@example.com",
      password,
    });
    const resets = [];
    for (let i = 0; i < PASSWORD_RESET_REQUESTS_PER_EMAIL + 2; i++) {
      resets.push(
        await call(app, "POST", "/api/auth/request-password-reset", {
          payload: { email: person.email },
          ip: `10.4.${i}.1`,
        }),
      );
    }
    expect(statuses(resets)).toEqual({ 200: PASSWORD_RESET_REQUESTS_PER_EMAIL, 429: 2 });
    expect(resets.at(-1)?.json().error.code).toBe("request_tooManyForEmail");
  });
});

describe("item 2: an email-proof code never signs in a verified account", () => {
  it("asking a code for a verified account mails nothing and answers as for an unknown email", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    const person = await createPerson(testDb.database.db, {
      name: "Al Ready",
      email: "already@example.com",
      password,
    });
    const res = await call(app, "POST", "/api/auth/email-otp/send-verification-otp", {
      payload: { email: person.email },
    });
    const unknown = await call(app, "POST", "/api/auth/email-otp/send-verification-otp", {
      payload: { email: "unknown-person@example.com" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(unknown.json());
    await settle();
    expect(mailsTo(person.email)).toEqual([]);
  });

  it("a code for a verified account, however it was made, does not sign in", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    const person = await createPerson(testDb.database.db, {
      name: "Code Farm",
      email: "farmed@example.com",
      password,
    });
    const otp = await app.deps.auth.api.createVerificationOTP({
      body: { email: person.email, type: "email-verification" },
    });
    const res = await call(app, "POST", "/api/auth/email-otp/verify-email", {
      payload: { email: person.email, code: otp },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: "code_invalid", message: messages.invalidCode });
    expect(res.headers["set-cookie"]).toBeUndefined();
    const [row] = (
      await testDb.database.raw.executeSql(
        "select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1",
        [person.email],
      )
    ).rows;
    expect(row?.n).toBe(0);
  });

  it("codes to one address are capped per hour, whichever route asks", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    const email = "capped-codes@example.com";
    await signUp(app, email);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      // The right password of an unverified account mails a fresh code each time.
      answers.push(
        await call(app, "POST", "/api/auth/sign-in/email", {
          payload: { email, password },
          ip: `10.5.${i}.1`,
        }),
      );
      answers.push(
        await call(app, "POST", "/api/auth/email-otp/send-verification-otp", {
          payload: { email },
          ip: `10.6.${i}.1`,
        }),
      );
    }
    await settle();
    expect(mailsTo(email).filter(isCodeMail).length).toBe(MAIL_CODES_PER_RECIPIENT_PER_HOUR);
    expect(answers.some((res) => res.statusCode === 429)).toBe(true);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(["email_tooManyMails", "request_tooManyForEmail"]).toContain(refused?.json().error.code);
  });
});

describe("item 4: a render spends the visitor's budget, not the web server's", () => {
  const docs = (app: App, headers: Record<string, string>) =>
    call(app, "GET", "/api/docs/json", { ip: "10.8.0.1", headers });
  const fromWeb = (visitor?: string, secret = DEV_WEB_FORWARD_SECRET) => ({
    [FORWARD_SECRET_HEADER]: secret,
    ...(visitor ? { [FORWARDED_CLIENT_HEADER]: visitor } : {}),
  });

  it("believes the visitor's address only with the web server's secret", async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: "3" });
    for (let i = 0; i < 3; i++) expect((await docs(app, fromWeb("203.0.113.1"))).statusCode).toBe(200);
    expect((await docs(app, fromWeb("203.0.113.1"))).statusCode).toBe(429);
    // Another visitor rendered by the same web server has a budget of their own.
    expect((await docs(app, fromWeb("203.0.113.2"))).statusCode).toBe(200);
    // A wrong secret: the header is ignored and the caller's own address counts.
    const forged = [];
    for (let i = 0; i < 4; i++) forged.push(await docs(app, fromWeb(`203.0.113.${10 + i}`, "x".repeat(48))));
    expect(forged.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
  });

  it("the web server's own reads (no visitor: the shared anonymous render) are not limited", async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: "3" });
    for (let i = 0; i < 6; i++) expect((await docs(app, fromWeb())).statusCode).toBe(200);
    // A visitor the web server could not name counts as the web server, not as exempt.
    const unnamed = [];
    for (let i = 0; i < 4; i++) unnamed.push(await docs(app, fromWeb("unknown")));
    expect(unnamed.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
  });

  it("production refuses the development secret", () => {
    expect(() => loadConfig({ ...production, WEB_FORWARD_SECRET: DEV_WEB_FORWARD_SECRET })).toThrow(
      /WEB_FORWARD_SECRET/,
    );
    const { WEB_FORWARD_SECRET: _unset, ...withoutSecret } = production;
    expect(() => loadConfig(withoutSecret)).toThrow(/WEB_FORWARD_SECRET/);
  });
});

const production = {
  NODE_ENV: "production",
  AUTH_SECRET: "a-real-production-secret-of-enough-length-42",
  WEB_FORWARD_SECRET: "a-real-forwarding-secret-of-enough-length-42",
  IDV_PROVIDER: "jumio",
  JUMIO_CLIENT_ID: "client-id",
  JUMIO_CLIENT_SECRET: "client-secret",
  KYB_PROVIDER: "middesk",
  MIDDESK_API_KEY: "mk_live_example",
  MIDDESK_WEBHOOK_SECRET: "middesk-webhook-secret",
  STRIPE_SECRET_KEY: "sk_live_example",
  STRIPE_WEBHOOK_SECRET: "whsec_example",
  SMTP_URL: "smtp://mail.example.com:587",
  WEB_ORIGIN: "https://verified.example.com",
  API_ORIGIN: "https://api.verified.example.com",
} as const;

describe("item 8: production refuses what is only safe in development", () => {
  it("a complete production configuration loads", () => {
    expect(loadConfig(production).NODE_ENV).toBe("production");
  });

  it.each([
    ["SMTP_URL", { SMTP_URL: undefined }],
    ["WEB_ORIGIN", { WEB_ORIGIN: "http://localhost:3000" }],
    ["API_ORIGIN", { API_ORIGIN: "http://127.0.0.1:4000" }],
    ["API_ORIGIN", { API_ORIGIN: undefined }],
    ["MEDIA_PUBLIC_ORIGIN", { MEDIA_PUBLIC_ORIGIN: "http://[::1]:4000" }],
    ["AUTH_SECRET", { AUTH_SECRET: undefined }],
    ["IDV_PROVIDER", { IDV_PROVIDER: "sandbox" }],
    ["JUMIO_CLIENT_SECRET", { JUMIO_CLIENT_SECRET: undefined }],
  ])("refuses production without a proper %s", (name, change) => {
    expect(() => loadConfig({ ...production, ...change })).toThrow(new RegExp(name));
  });

  it("the seed CLI refuses the demo cast (known passwords) in production", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-seed-prod-"));
    try {
      const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
      const result = spawnSync(path.resolve(apiRoot, "../../node_modules/.bin/tsx"), ["src/seed/cli.ts"], {
        cwd: apiRoot,
        env: { ...process.env, ...production, DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" },
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(result.status).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toMatch(/production/i);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("the dev outbox answers only on loopback, even in development", async () => {
    const app = await buildApp(testConfig({ NODE_ENV: "development" }), { database: testDb.database });
    apps.push(app);
    const outbox = (ip: string, headers: Record<string, string> = {}) =>
      call(app, "GET", "/api/dev/outbox", { ip, headers });
    expect((await outbox("127.0.0.1")).statusCode).toBe(200);
    expect((await outbox("::1")).statusCode).toBe(200);
    for (const res of [
      await outbox("192.168.1.20"),
      await outbox("127.0.0.1", { "x-forwarded-for": "203.0.113.5" }),
      await outbox("127.0.0.1", {
        [FORWARD_SECRET_HEADER]: DEV_WEB_FORWARD_SECRET,
        [FORWARDED_CLIENT_HEADER]: "203.0.113.5",
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("request_notFound");
    }
    expect((await call(app, "GET", "/api/dev/outbox/view", { ip: "192.168.1.20" })).statusCode).toBe(404);
  });
});

describe("item 9: mail floods", () => {
  it("a route's limit counts once across its base paths (v1 and v2 share a counter)", async () => {
    const app = await appWith({ EMAIL_CHECK_RATE_LIMIT_PER_MINUTE: "2" });
    const check = (base: string) =>
      call(app, "POST", `/api/${base}/users/email/check`, {
        payload: { email: "a@example.com" },
        ip: "10.9.0.1",
      });
    expect((await check("v1")).statusCode).toBe(200);
    expect((await check("v2")).statusCode).toBe(200);
    expect((await check("v1")).statusCode).toBe(429);
    expect((await check("v2")).statusCode).toBe(429);
  });

  it("the mail layer caps every mail to one recipient (tags and case count as one address)", async () => {
    const app = await appWith();
    const sent: Array<"sent" | string> = [];
    for (let i = 0; i < MAIL_PER_RECIPIENT_PER_HOUR + 2; i++) {
      const to = i % 2 ? "Flooded+tag@Example.com" : "flooded@example.com";
      await app.deps.mail.send(passwordResetMail(to, "https://x.example/r", 60)).then(
        () => sent.push("sent"),
        (error: unknown) => sent.push(error instanceof AppError ? error.code : String(error)),
      );
    }
    expect(sent.filter((s) => s === "sent").length).toBe(MAIL_PER_RECIPIENT_PER_HOUR);
    expect(sent.at(-1)).toBe("email_tooManyMails");
    // A security notice (the email was changed) still goes out.
    await expect(
      app.deps.mail.send(emailChangedMail("flooded@example.com", "new@example.com")),
    ).resolves.toBe(undefined);
    // Codes have their own, lower cap.
    const codes: string[] = [];
    for (let i = 0; i < MAIL_CODES_PER_RECIPIENT_PER_HOUR + 1; i++) {
      await app.deps.mail.send(verificationCodeMail("codes-only@example.com", "123456")).then(
        () => codes.push("sent"),
        (error: unknown) => codes.push(error instanceof AppError ? error.code : String(error)),
      );
    }
    expect(codes.at(-1)).toBe("email_tooManyMails");
    expect(codes.filter((s) => s === "sent").length).toBe(MAIL_CODES_PER_RECIPIENT_PER_HOUR);
  });

  it("a capped reset link answers 429 with the mail layer's reason", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    const person = await createPerson(testDb.database.db, {
      name: "Mail Cap",
      email: "mailcap@example.com",
      password,
    });
    for (let i = 0; i < MAIL_PER_RECIPIENT_PER_HOUR; i++) {
      await app.deps.mail.send(passwordResetMail(person.email, "https://x.example/r", 60));
    }
    const res = await call(app, "POST", "/api/auth/request-password-reset", {
      payload: { email: person.email },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({ code: "email_tooManyMails", message: messages.tooManyMails });
  });
});

describe("item 19: both loopback spellings sign in during development; otherwise the error says why", () => {
  it("http://127.0.0.1:3000 signs in when WEB_ORIGIN is http://localhost:3000", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "1000", WEB_ORIGIN: "http://localhost:3000" });
    const person = await createPerson(testDb.database.db, {
      name: "Loop Back",
      email: "loopback@example.com",
      password,
    });
    for (const origin of ["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"]) {
      const res = await call(app, "POST", "/api/auth/sign-in/email", {
        payload: { email: person.email, password },
        headers: { origin },
      });
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(200);
    }
  });

  it("another origin is told what is wrong, not that it lacks permission", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_PER_MINUTE: "1000", WEB_ORIGIN: "http://localhost:3000" });
    const res = await call(app, "POST", "/api/auth/sign-in/email", {
      payload: { email: "loopback@example.com", password },
      headers: { origin: "http://evil.example:3000" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: "request_untrustedOrigin",
      message: format(messages.untrustedOrigin, {
        origin: "http://evil.example:3000",
        expected: "http://localhost:3000",
      }),
    });
    expect(res.json().error.message).not.toBe(errorMessage("request_forbidden"));
  });
});
