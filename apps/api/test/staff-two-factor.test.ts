import { randomUUID } from "node:crypto";
import { errorMessage, messages } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { sessions, verifications } from "../src/db/schema/index";
import { createPerson, type PersonInput } from "../src/seed/library";
import { cookieHeader, post, signIn, WEB_ORIGIN } from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { totpCode } from "./support/totp";

/**
 * Issue 16: staff sign in with a second factor (TOTP, better-auth's two-factor plugin). A sign-in
 * of an account with it on starts no session until the code; codes are counted per account; a
 * staff role counts only with the second factor on; everyone else signs in as before.
 */

let testDb: TestDatabase;
let app: App;
const db = () => testDb.database.db;
const PASSWORD = "staff password 2026";
const STAFF_ROUTE = "/api/v1/staff/verification/queue";

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" }), { database: testDb.database });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

async function person(extra: Partial<PersonInput> = {}) {
  const id = randomUUID().slice(0, 8);
  const email = `staff-${id}@example.com`;
  const seeded = await createPerson(db(), {
    name: `Staff ${id}`,
    email,
    slug: `staff.${id}`,
    password: PASSWORD,
    verificationStatus: "verified",
    ...extra,
  });
  return { ...seeded, email };
}

/** A 6-digit code that is none of the codes the plugin accepts now (one step either side). */
function wrongCode(secret: string): string {
  const valid = new Set([totpCode(secret, -1), totpCode(secret), totpCode(secret, 1)]);
  let candidate = Number(totpCode(secret));
  do candidate = (candidate + 137_731) % 1_000_000;
  while (valid.has(String(candidate).padStart(6, "0")));
  return String(candidate).padStart(6, "0");
}

const get = (url: string, headers: Record<string, string>) => app.inject({ method: "GET", url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sessionCount = async (userId: string) =>
  (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

describe("a staff sign-in with a second factor", () => {
  it("starts no session until the authenticator's code (an API client)", async () => {
    const staff = await person({ staffRole: "admin" });
    const secret = staff.twoFactor?.secret ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+$/);

    const first = await signIn(app, staff.email, PASSWORD);
    expect(first.statusCode, first.body).toBe(200);
    const challenge = first.json();
    expect(challenge).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(challenge.token).toBeUndefined();
    expect(typeof challenge.twoFactorToken).toBe("string");
    expect(first.headers["set-auth-token"]).toBeUndefined();
    expect(await sessionCount(staff.userId)).toBe(0);

    const second = await post(app, "/api/auth/two-factor/verify-totp", {
      code: totpCode(secret),
      twoFactorToken: challenge.twoFactorToken,
    });
    expect(second.statusCode, second.body).toBe(200);
    const { token } = second.json();
    expect(typeof token).toBe("string");
    expect(await sessionCount(staff.userId)).toBe(1);

    const me = await get("/api/v1/users/me", bearer(token));
    expect(me.json().data).toMatchObject({
      staffRole: "admin",
      twoFactorEnabled: true,
      staffNeedsTwoFactor: false,
    });
    expect((await get(STAFF_ROUTE, bearer(token))).statusCode).toBe(200);

    // The challenge is spent: the same one does not sign in twice.
    const again = await post(app, "/api/auth/two-factor/verify-totp", {
      code: totpCode(secret),
      twoFactorToken: challenge.twoFactorToken,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe("twoFactor_challengeExpired");
  });

  it("keeps the challenge in an httpOnly cookie for a browser, and never hands it the token", async () => {
    const staff = await person({ staffRole: "moderator" });
    const browser = { origin: WEB_ORIGIN };
    const first = await post(
      app,
      "/api/auth/sign-in/email",
      { email: staff.email, password: PASSWORD },
      browser,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const setCookies = ([] as string[]).concat(first.headers["set-cookie"] ?? []);
    const challengeCookie = setCookies.find((cookie) => cookie.includes("two_factor="));
    expect(challengeCookie).toMatch(/HttpOnly/i);
    // No session cookie with a value (better-auth clears any).
    expect(
      setCookies.some((cookie) => /session_token=[^;]+;/.test(cookie) && !/Max-Age=0/i.test(cookie)),
    ).toBe(false);

    const second = await post(
      app,
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(staff.twoFactor?.secret ?? "") },
      { ...browser, cookie: cookieHeader(first.headers["set-cookie"]) },
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().token).toBeUndefined();
    expect(second.headers["set-auth-token"]).toBeUndefined();
    const cookie = cookieHeader(second.headers["set-cookie"]);
    expect(cookie).toContain("session_token=");
    const me = await get("/api/v1/users/me", { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.staffRole).toBe("moderator");
  });

  it("refuses a wrong or expired code with the catalogue's code_invalid, and counts codes per account", async () => {
    const staff = await person({ staffRole: "admin" });
    const secret = staff.twoFactor?.secret ?? "";
    const challenge = (await signIn(app, staff.email, PASSWORD)).json().twoFactorToken as string;

    const wrong = await post(app, "/api/auth/two-factor/verify-totp", {
      code: wrongCode(secret),
      twoFactorToken: challenge,
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: "code_invalid", message: messages.invalidCode });
    expect(messages.invalidCode).toBe("Invalid code. Try again.");
    // A code of two minutes ago has expired: just as wrong.
    const expired = await post(app, "/api/auth/two-factor/verify-totp", {
      code: totpCode(secret, 4),
      twoFactorToken: challenge,
    });
    expect(expired.json().error.code).toBe("code_invalid");
    // Not six digits: refused before better-auth, with the same sentence.
    const malformed = await post(app, "/api/auth/two-factor/verify-totp", {
      code: "12ab",
      twoFactorToken: challenge,
    });
    expect(malformed.statusCode).toBe(422);
    expect(JSON.stringify(malformed.json())).toContain(messages.invalidCode);
    expect(await sessionCount(staff.userId)).toBe(0);

    // 5 codes in 15 minutes per account, from any address and any new sign-in: the sixth waits.
    for (let i = 0; i < 3; i++) {
      const tried = await post(app, "/api/auth/two-factor/verify-totp", {
        code: wrongCode(secret),
        twoFactorToken: challenge,
      });
      expect(tried.json().error.code).toBe("code_invalid");
    }
    const fresh = (await signIn(app, staff.email, PASSWORD)).json().twoFactorToken as string;
    const blocked = await post(app, "/api/auth/two-factor/verify-totp", {
      code: totpCode(secret),
      twoFactorToken: fresh,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("request_tooManyForEmail");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(await sessionCount(staff.userId)).toBe(0);
  });

  it("refuses a challenge that is unknown or past its 10 minutes", async () => {
    const staff = await person({ staffRole: "admin" });
    const unknown = await post(app, "/api/auth/two-factor/verify-totp", {
      code: "123456",
      twoFactorToken: "2fa-not-a-challenge.signature",
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toMatchObject({
      code: "twoFactor_challengeExpired",
      message: errorMessage("twoFactor_challengeExpired"),
    });
    const none = await post(app, "/api/auth/two-factor/verify-totp", { code: "123456" });
    expect(none.json().error.code).toBe("twoFactor_challengeExpired");

    const challenge = (await signIn(app, staff.email, PASSWORD)).json().twoFactorToken as string;
    const identifier = decodeURIComponent(challenge).split(".")[0] ?? "";
    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, identifier));
    const late = await post(app, "/api/auth/two-factor/verify-totp", {
      code: totpCode(staff.twoFactor?.secret ?? ""),
      twoFactorToken: challenge,
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe("twoFactor_challengeExpired");
    expect(await sessionCount(staff.userId)).toBe(0);
  });

  it("takes a backup code instead, each only once", async () => {
    const staff = await person({ staffRole: "admin" });
    const [code, other] = staff.twoFactor?.backupCodes ?? [];
    const challenge = (await signIn(app, staff.email, PASSWORD)).json().twoFactorToken as string;
    const wrong = await post(app, "/api/auth/two-factor/verify-backup-code", {
      code: "aaaaa-bbbbb",
      twoFactorToken: challenge,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("code_invalid");
    const used = await post(app, "/api/auth/two-factor/verify-backup-code", {
      code,
      twoFactorToken: challenge,
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(typeof used.json().token).toBe("string");

    const next = (await signIn(app, staff.email, PASSWORD)).json().twoFactorToken as string;
    const reused = await post(app, "/api/auth/two-factor/verify-backup-code", { code, twoFactorToken: next });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe("code_invalid");
    const another = await post(app, "/api/auth/two-factor/verify-backup-code", {
      code: other,
      twoFactorToken: next,
    });
    expect(another.statusCode).toBe(200);
  });
});

describe("staff without a second factor", () => {
  it("are not staff (404) until they enrol; then staff; turning it off ends it", async () => {
    const staff = await person({ staffRole: "admin", twoFactor: false });
    expect(staff.twoFactor).toBeUndefined();
    // Signs in as anyone does: no second step.
    const signedIn = await signIn(app, staff.email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const oldToken = signedIn.json().token as string;
    expect(typeof oldToken).toBe("string");
    expect((await get(STAFF_ROUTE, bearer(oldToken))).json().error.code).toBe("request_notFound");
    const before = (await get("/api/v1/users/me", bearer(oldToken))).json().data;
    expect(before).toMatchObject({ staffRole: null, twoFactorEnabled: false, staffNeedsTwoFactor: true });

    const badPassword = await post(
      app,
      "/api/auth/two-factor/enable",
      { password: "not it" },
      bearer(oldToken),
    );
    expect(badPassword.statusCode).toBe(422);
    expect(badPassword.json().error.code).toBe("user_wrongPassword");
    const notYet = await post(app, "/api/auth/two-factor/confirm", { code: "123456" }, bearer(oldToken));
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.code).toBe("twoFactor_notEnabled");

    const enabled = await post(app, "/api/auth/two-factor/enable", { password: PASSWORD }, bearer(oldToken));
    expect(enabled.statusCode, enabled.body).toBe(200);
    const setup = enabled.json();
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/Verified%20Network:/);
    expect(setup.totpURI).toContain(`secret=${setup.secret}`);
    expect(setup.backupCodes).toHaveLength(10);
    // Set up but not confirmed: still not staff, and sign-in still has one step.
    expect((await get(STAFF_ROUTE, bearer(oldToken))).statusCode).toBe(404);

    const wrong = await post(
      app,
      "/api/auth/two-factor/confirm",
      { code: wrongCode(setup.secret) },
      bearer(oldToken),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("code_invalid");
    const confirmed = await post(
      app,
      "/api/auth/two-factor/confirm",
      { code: totpCode(setup.secret) },
      bearer(oldToken),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { token, twoFactorEnabled } = confirmed.json();
    expect(twoFactorEnabled).toBe(true);
    expect(typeof token).toBe("string");
    // The session was replaced: the old token has ended.
    expect((await get("/api/v1/users/me", bearer(oldToken))).statusCode).toBe(401);
    expect((await get(STAFF_ROUTE, bearer(token))).statusCode).toBe(200);
    expect((await get("/api/v1/users/me", bearer(token))).json().data).toMatchObject({
      staffRole: "admin",
      twoFactorEnabled: true,
      staffNeedsTwoFactor: false,
    });
    const twice = await post(app, "/api/auth/two-factor/enable", { password: PASSWORD }, bearer(token));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("twoFactor_alreadyEnabled");

    // From now on signing in has the second step.
    const next = await signIn(app, staff.email, PASSWORD);
    expect(next.json()).toMatchObject({ twoFactorRedirect: true });

    // Turning it off needs the password; then the staff role stops counting.
    const refused = await post(app, "/api/auth/two-factor/disable", { password: "nope" }, bearer(token));
    expect(refused.json().error.code).toBe("user_wrongPassword");
    const disabled = await post(app, "/api/auth/two-factor/disable", { password: PASSWORD }, bearer(token));
    expect(disabled.statusCode, disabled.body).toBe(200);
    const after = disabled.json();
    expect(after.twoFactorEnabled).toBe(false);
    expect((await get(STAFF_ROUTE, bearer(after.token))).statusCode).toBe(404);
    const plain = await signIn(app, staff.email, PASSWORD);
    expect(typeof plain.json().token).toBe("string");
  });
});

describe("a person without a second factor", () => {
  it("signs in as before: the session at once, the token to API clients only", async () => {
    const someone = await person();
    const api = await signIn(app, someone.email, PASSWORD);
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ redirect: false, user: { email: someone.email } });
    expect(api.json().twoFactorRedirect).toBeUndefined();
    expect((await get("/api/v1/users/me", bearer(api.json().token))).json().data).toMatchObject({
      staffRole: null,
      twoFactorEnabled: false,
      staffNeedsTwoFactor: false,
    });
    const browser = await post(
      app,
      "/api/auth/sign-in/email",
      { email: someone.email, password: PASSWORD },
      { origin: WEB_ORIGIN },
    );
    expect(browser.statusCode).toBe(200);
    expect(browser.json().token).toBeUndefined();
    expect(cookieHeader(browser.headers["set-cookie"])).toContain("session_token=");
  });
});
