import { messages } from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createPerson } from "../src/seed/library";
import { post } from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";

let testDb: TestDatabase;
let app: App;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  // No SMTP_URL: mail goes to the dev outbox.
  app = await buildApp(testConfig({ LOG_LEVEL: "warn" }), {
    database: testDb.database,
    logStream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

describe("the dev outbox", () => {
  it("keeps the sign-up code mail and lists it as JSON and as a page", async () => {
    const signUp = await post(app, "/api/auth/sign-up/email", {
      email: "outbox@example.com",
      password: "correct horse battery",
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const list = await app.inject({ method: "GET", url: "/api/dev/outbox?to=Outbox@example.com" });
    expect(list.statusCode).toBe(200);
    const [mail] = list.json().data;
    expect(mail).toMatchObject({ channel: "email", to: "outbox@example.com" });
    const code = /^(\d{6})$/m.exec(mail.text)?.[1] ?? "";
    expect(mail.subject).toContain(code);
    expect(mail.html).toContain(code);

    const page = await app.inject({ method: "GET", url: "/api/dev/outbox/view" });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain(code);
    expect(page.body).toContain("outbox@example.com");

    const verified = await post(app, "/api/auth/email-otp/verify-email", {
      email: "outbox@example.com",
      code,
    });
    expect(verified.statusCode).toBe(200);
  });

  it("escapes what it shows", async () => {
    await testDb.database.raw.executeSql(
      "insert into dev_outbox (id, channel, recipient, subject, text) values ('x1', 'email', 'a@b.co', '<script>x</script>', '<b>hi</b>')",
    );
    const page = await app.inject({ method: "GET", url: "/api/dev/outbox/view" });
    expect(page.body).not.toContain("<script>x</script>");
    expect(page.body).toContain("&lt;script&gt;");
  });

  it("does not exist in production or when SMTP is configured", async () => {
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
      WEB_ORIGIN: "https://verified.example.com",
      API_ORIGIN: "https://api.verified.example.com",
    } as const;
    // Production without SMTP_URL does not start at all (issue 11: the outbox shows codes).
    expect(() => testConfig(production)).toThrow(/SMTP_URL/);
    for (const overrides of [
      { ...production, SMTP_URL: "smtp://127.0.0.1:1" },
      { SMTP_URL: "smtp://127.0.0.1:1" },
    ] as const) {
      const other = await buildApp(testConfig(overrides), { database: testDb.database });
      try {
        const res = await other.inject({ method: "GET", url: "/api/dev/outbox" });
        expect(res.statusCode).toBe(404);
      } finally {
        await other.close();
      }
    }
  });

  it("a mail server that is down answers 503 on resend, but sign-up still creates the account", async () => {
    const down = await buildApp(testConfig({ SMTP_URL: "smtp://127.0.0.1:1" }), {
      database: testDb.database,
    });
    try {
      const signUp = await post(down, "/api/auth/sign-up/email", {
        email: "nomail@example.com",
        password: "correct horse battery",
        acceptTerms: true,
        acceptPrivacy: true,
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
      expect(signUp.json().verification.codeSent).toBe(false);
      const resend = await post(down, "/api/auth/email-otp/send-verification-otp", {
        email: "nomail@example.com",
      });
      expect(resend.statusCode).toBe(503);
      expect(resend.json().error).toEqual({
        code: "request_unavailable",
        message: messages.serviceUnavailable,
      });
    } finally {
      await down.close();
    }
  });

  it("an unexpected failure inside better-auth is a logged 500 in the catalogue's shape", async () => {
    await createPerson(testDb.database.db, {
      name: "Err Or",
      email: "error@example.com",
      password: "error password 1",
    });
    await testDb.database.raw.executeSql("alter table sessions rename to sessions_away");
    try {
      const res = await post(app, "/api/auth/sign-in/email", {
        email: "error@example.com",
        password: "error password 1",
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: { code: "server_internal", message: messages.internalServerIssue },
      });
      expect(
        logLines.some(
          (line) => line.code === "server_internal" && line.reqId === res.headers["x-request-id"],
        ),
      ).toBe(true);
    } finally {
      await testDb.database.raw.executeSql("alter table sessions_away rename to sessions");
    }
  });
});
