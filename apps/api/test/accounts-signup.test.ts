import { errorMessage, messages } from "@vn/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { DEMO_PASSWORD, seedDemo } from "../src/seed/demo";
import {
  codeOf,
  cookieHeader,
  patch,
  post,
  signIn,
  signUpActive,
  signUpVerified,
  startSmtp,
  type TestSmtp,
  WEB_ORIGIN,
} from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";

let testDb: TestDatabase;
let smtp: TestSmtp;
let app: App;
const logLines: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtp();
  app = await buildApp(
    testConfig({ LOG_LEVEL: "debug", SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: "1000" }),
    { database: testDb.database, logStream: { write: (line: string) => void logLines.push(line) } },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await testDb.drop();
});

const signUpBody = (email: string, password = "correct horse battery") => ({
  email,
  password,
  acceptTerms: true,
  acceptPrivacy: true,
});

describe("sign-up → code by SMTP → verify → wizard → active", () => {
  const email = "new.person@example.com";
  const password = "correct horse battery";
  let token = "";
  let cookie = "";

  it("creates the account unverified, with a personal profile, and mails a 6-character code", async () => {
    const res = await post(app, "/api/auth/sign-up/email", {
      ...signUpBody(email, password),
      email: " New.Person@Example.com ",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token: null,
      user: { email, emailVerified: false },
      verification: { codeSent: true },
    });
    expect(res.headers["set-cookie"]).toBeUndefined();
    const mail = await smtp.waitFor(email);
    expect(codeOf(mail)).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain(codeOf(mail));
    expect(mail.raw).toContain("Content-Type: text/html");
    const [row] = (
      await testDb.database.raw.executeSql(
        "select u.status, u.consented_at, p.slug, p.type from users u join profiles p on p.user_id = u.id where u.email = $1",
        [email],
      )
    ).rows;
    expect(row).toMatchObject({ status: "profile-not-completed", type: "user" });
    expect(row?.consented_at).not.toBeNull();
    expect(String(row?.slug)).toMatch(/^new\.person\.\d{2}$/);
  });

  it("refuses to sign in before the email is proven, and mails a fresh code", async () => {
    const before = smtp.mails.length;
    const res = await signIn(app, email, password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: "user_registrationNotFinished",
      message: messages.registrationNotFinished,
      details: { email, codeSent: true },
    });
    await smtp.waitFor(email, (mail) => smtp.mails.indexOf(mail) >= before);
  });

  it("refuses a wrong code with the spec's message", async () => {
    const res = await post(app, "/api/auth/email-otp/verify-email", { email, code: "000000" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: "code_invalid", message: messages.invalidCode });
    const short = await post(app, "/api/auth/email-otp/verify-email", { email, code: "123" });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.details[0]).toEqual({ path: "body.code", message: messages.invalidCode });
  });

  it("verifies with the latest mailed code and signs in (cookie + bearer token)", async () => {
    const latest = smtp.mails.filter((mail) => mail.to.includes(email)).at(-1);
    if (!latest) throw new Error("no mail");
    const res = await post(app, "/api/auth/email-otp/verify-email", { email, code: codeOf(latest) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, user: { email, emailVerified: true } });
    token = body.token;
    expect(token).toMatch(/^\w{20,}$/);
    const setCookie = [res.headers["set-cookie"]].flat().join("\n");
    expect(setCookie).toMatch(/better-auth\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=86400/);
    expect(setCookie).not.toMatch(/Secure/);
    cookie = cookieHeader(res.headers["set-cookie"]);
    // The code is used up.
    const again = await post(app, "/api/auth/email-otp/verify-email", { email, code: codeOf(latest) });
    expect(again.json().error.code).toBe("code_invalid");
  });

  it("/users/me answers the Session user, by bearer and by cookie; status profile-not-completed", async () => {
    const byBearer = await app.inject({
      method: "GET",
      url: "/api/v1/users/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.statusCode, byBearer.body).toBe(200);
    const user = byBearer.json().data;
    expect(user).toMatchObject({
      type: { id: "user", title: messages.ownerTypeUser },
      status: { id: "profile-not-completed", title: messages.statusProfileNotCompleted },
      email,
      emailVerified: true,
      isProfileWizardCompleted: false,
      isCompanyWizardCompleted: false,
      countCompanyProfiles: 0,
      isManager: false,
      verificationStatus: "not_verified",
      privacy: "base_privacy",
      dateOfBirth: null,
      comments: { canComment: false, defaultMode: "open" },
      subscription: {
        canUseTrial: true,
        lastActive: null,
        current: { plan: { slug: "basic", currency: "USD", price: { monthly: 0 } }, addons: [], badge: null },
        next: null,
      },
      authBy: { authAsCompanyOwner: false, verificationStatus: "not_verified" },
    });
    expect(user.permissions.posts).toBe("all");
    expect(user.subscription.current.plan.features["post.characterLimit"]).toBe(1000);
    const byCookie = await app.inject({ method: "GET", url: "/api/v2/users/me", headers: { cookie } });
    expect(byCookie.json().data.id).toBe(user.id);
  });

  it("an incomplete profile may not use active-only routes", async () => {
    const res = await post(
      app,
      "/api/v1/companies",
      { name: "Acme", slug: "acme-42" },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("user_profileNotCompleted");
  });

  it("the wizard refuses bad fields with the §5 messages", async () => {
    const res = await patch(
      app,
      "/api/v1/users/me/general-info",
      {
        name: "X",
        dateOfBirth: "2015-01-01",
        slug: "no spaces",
        country: "Poland",
        imageUrl: "javascript:alert(1)",
      },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(422);
    const details = res.json().error.details as Array<{ path: string; message: string }>;
    const byPath = Object.fromEntries(details.map((d) => [d.path, d.message]));
    expect(byPath["body.name"]).toBe("Min 2 characters.");
    expect(byPath["body.dateOfBirth"]).toBe(messages.mustBeAdult);
    expect(byPath["body.slug"]).toBe(messages.handleInvalidFormat);
    expect(byPath["body.country"]).toBe(messages.invalidCountry);
    expect(byPath["body.imageUrl"]).toBe(messages.invalidUrl);
  });

  it("suggests a free handle, refuses a taken or premium one, and completing the wizard makes the account active", async () => {
    const generated = await post(app, "/api/v1/dashboard/owner/slug/generate", { name: "Nova Person" });
    expect(generated.statusCode).toBe(200);
    const slug = generated.json().data.slug as string;
    expect(slug).toMatch(/^nova\.person\.\d{2}$/);

    const premium = await patch(
      app,
      "/api/v1/users/me/general-info",
      { slug: "novaperson" },
      { authorization: `Bearer ${token}` },
    );
    expect(premium.statusCode).toBe(403);
    expect(premium.json().error).toMatchObject({
      code: "account_accessForbiddenByPlan",
      message: messages.handleNeedsPremium,
    });

    const res = await patch(
      app,
      "/api/v1/users/me/general-info",
      {
        name: "  Nova   Person ",
        slug,
        dateOfBirth: "1990-05-17",
        profession: "Engineer",
        city: "Oslo",
        country: "no",
        about: "Line one\n\n\n\nLine two",
        imageUrl: "https://cdn.example.com/nova.png",
      },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: "Nova Person",
      slug,
      dateOfBirth: "1990-05-17",
      country: "NO",
      about: "Line one\n\nLine two",
      image: { urls: { preview: "https://cdn.example.com/nova.png" } },
      isProfileWizardCompleted: true,
    });
    const me = await app.inject({
      method: "GET",
      url: "/api/v1/users/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data).toMatchObject({
      status: { id: "active", title: messages.statusActive },
      name: "Nova Person",
      slug,
      dateOfBirth: "1990-05-17",
      isProfileWizardCompleted: true,
      comments: { canComment: true },
      authBy: { slug, name: "Nova Person", image: { urls: { preview: "https://cdn.example.com/nova.png" } } },
    });
    const info = await app.inject({
      method: "GET",
      url: "/api/v1/users/me/general-info",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.json().data).toMatchObject({ city: "Oslo", profession: "Engineer", email });
  });

  it("signs out (the session ends; the cookie is cleared) and back in", async () => {
    const out = await post(app, "/api/auth/sign-out", {}, { cookie, origin: WEB_ORIGIN });
    expect(out.statusCode, out.body).toBe(200);
    expect([out.headers["set-cookie"]].flat().join("\n")).toMatch(/better-auth\.session_token=;.*Max-Age=0/);
    const gone = await app.inject({ method: "GET", url: "/api/v1/users/me", headers: { cookie } });
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error.code).toBe("request_invalidSessionToken");
    const back = await signIn(app, email, password);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ token: expect.any(String), user: { email } });
  });

  it("a signed-out visitor gets 401 from /users/me", async () => {
    const res = await app.inject({ method: "GET", url: "/api/v1/users/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: "request_unauthenticated", message: messages.loginRequired });
  });
});

describe("sign-up rules", () => {
  it("enforces the §5 rules with their messages", async () => {
    const res = await post(app, "/api/auth/sign-up/email", {
      email: "a@b",
      password: "short",
      acceptTerms: false,
    });
    expect(res.statusCode).toBe(422);
    const byPath = Object.fromEntries(
      (res.json().error.details as Array<{ path: string; message: string }>).map((d) => [d.path, d.message]),
    );
    expect(byPath["body.email"]).toBe(messages.invalidEmail);
    expect(byPath["body.password"]).toBe("Min 8 characters.");
    expect(byPath["body.acceptTerms"]).toBe(messages.consentRequired);
    expect(byPath["body.acceptPrivacy"]).toBe(messages.consentRequired);
  });

  it("answers an email already in use with 409, and an unverified one with registration-not-finished", async () => {
    await signUpVerified(app, smtp, "taken@example.com");
    const taken = await post(app, "/api/auth/sign-up/email", signUpBody("taken@example.com"));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: "user_emailAlreadyUsed",
      message: messages.emailAlreadyLinked,
    });

    expect((await post(app, "/api/auth/sign-up/email", signUpBody("half@example.com"))).statusCode).toBe(200);
    const half = await post(app, "/api/auth/sign-up/email", signUpBody("half@example.com"));
    expect(half.statusCode).toBe(403);
    expect(half.json().error.code).toBe("user_registrationNotFinished");
  });

  it("the live email check answers each state of §4", async () => {
    const check = async (email: string) =>
      (await post(app, "/api/v1/users/email/check", { email })).json().data.state as string;
    expect(await check("")).toBe("emptyField");
    expect(await check("a@b")).toBe("minCharError");
    expect(await check("not-an-email")).toBe("invalidEmailFormat");
    expect(await check("Taken@Example.com")).toBe("used");
    expect(await check("free@example.com")).toBe("notUsed");
  });
});

describe("codes expire and allow 5 tries", () => {
  it("after 5 wrong tries the code is gone (429), even the right one", async () => {
    const email = "tries@example.com";
    await post(app, "/api/auth/sign-up/email", signUpBody(email));
    const code = codeOf(await smtp.waitFor(email));
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 5; i++) {
      const res = await post(app, "/api/auth/email-otp/verify-email", { email, code: wrong });
      expect(res.json().error.code).toBe("code_invalid");
    }
    const locked = await post(app, "/api/auth/email-otp/verify-email", { email, code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({ code: "code_tooManyAttempts", message: messages.tooManyRequests });
  });

  it("an expired code is refused with its own message; a resent code works", async () => {
    const email = "late@example.com";
    await post(app, "/api/auth/sign-up/email", signUpBody(email));
    const code = codeOf(await smtp.waitFor(email));
    await testDb.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 minute' where identifier like ${"%late@example.com"}`,
    );
    const expired = await post(app, "/api/auth/email-otp/verify-email", { email, code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toEqual({ code: "code_expired", message: messages.codeExpired });

    const count = smtp.mails.length;
    const resend = await post(app, "/api/auth/email-otp/send-verification-otp", { email });
    expect(resend.statusCode).toBe(200);
    const fresh = codeOf(await smtp.waitFor(email, (mail) => smtp.mails.indexOf(mail) >= count));
    const ok = await post(app, "/api/auth/email-otp/verify-email", { email, code: fresh });
    expect(ok.statusCode).toBe(200);
  });

  it("the database never holds a usable code", async () => {
    const email = "stored@example.com";
    await post(app, "/api/auth/sign-up/email", signUpBody(email));
    const code = codeOf(await smtp.waitFor(email));
    const { rows } = await testDb.database.raw.executeSql("select value from verifications");
    expect(rows.some((row) => String(row.value).includes(code))).toBe(false);
  });
});

describe("invitations to join", () => {
  it("a code given at sign-up is honoured: the invitation is accepted and the newcomer follows the inviter", async () => {
    const inviter = await signUpVerified(app, smtp, "inviter@example.com");
    await patch(
      app,
      "/api/v1/users/me/general-info",
      { name: "Ina Viter", dateOfBirth: "1985-01-01" },
      inviter.bearer,
    );
    const sent = await post(
      app,
      "/api/v1/user-invites",
      { emails: ["guest@example.com", "taken@example.com"] },
      inviter.bearer,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual([
      { email: "guest@example.com", result: "sent" },
      { email: "taken@example.com", result: "alreadyMember" },
    ]);
    const invite = await smtp.waitFor("guest@example.com");
    expect(invite.subject).toBe("Ina Viter invites you to Verified Network");
    const code = /code=([\w-]+)/.exec(invite.text)?.[1] ?? "";
    expect(invite.text).toContain(`${WEB_ORIGIN}/?type=invite&code=${code}`);

    const lookup = await app.inject({ method: "GET", url: `/api/v1/user-invites?code=${code}` });
    expect(lookup.json().data).toMatchObject({
      status: "pending",
      inviter: { name: "Ina Viter" },
      email: "gu•••@example.com",
    });

    const guest = await signUpVerified(app, smtp, "guest@example.com", "guest password 1", {
      inviteCode: code,
    });
    const after = await app.inject({ method: "GET", url: `/api/v1/user-invites?code=${code}` });
    expect(after.json().data.status).toBe("accepted");
    const { rows } = await testDb.database.raw.executeSql(
      "select count(*)::int as n from follows f join profiles p on p.id = f.follower_id where p.user_id = $1",
      [guest.userId],
    );
    expect(rows[0]?.n).toBe(1);

    const reuse = await patch(app, "/api/v1/user-invites", { code }, inviter.bearer);
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().error).toEqual({
      code: "invite_unavailable",
      message: messages.invitationUnavailable,
    });
    const unknown = await patch(app, "/api/v1/user-invites", { code: "nope" }, guest.bearer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(messages.invitationInvalid);

    const mine = await app.inject({ method: "GET", url: "/api/v1/user-invites", headers: inviter.bearer });
    expect(mine.json()).toMatchObject({
      data: [{ email: "guest@example.com", status: "accepted" }],
      meta: { total: 1 },
    });
  });

  it("an accepted invitation follows as the follow button does: the inviter is told, and never across a block", async () => {
    const inviter = await signUpActive(app, smtp, "telling-inviter@example.com", "Tess Inviter");
    const invite = async (email: string) => {
      const sent = await post(app, "/api/v1/user-invites", { emails: [email] }, inviter.bearer);
      expect(sent.json().data).toEqual([{ email, result: "sent" }]);
      return /code=([\w-]+)/.exec((await smtp.waitFor(email)).text)?.[1] ?? "";
    };
    const followsOf = async (userId: string) =>
      (
        await testDb.database.raw.executeSql(
          "select count(*)::int as n from follows f join profiles p on p.id = f.follower_id where p.user_id = $1",
          [userId],
        )
      ).rows[0]?.n;

    // The invited email joins without the code and accepts later (PATCH): they follow the
    // inviter, whose notifications say so. (Issue 11: only the invited email may accept.)
    const friendCode = await invite("later-friend@example.com");
    const friend = await signUpActive(app, smtp, "later-friend@example.com", "Fran Later");
    const accepted = await patch(app, "/api/v1/user-invites", { code: friendCode }, friend.bearer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await followsOf(friend.userId)).toBe(1);
    const told = await app.inject({ method: "GET", url: "/api/v1/notifications", headers: inviter.bearer });
    expect(told.json().data).toEqual([
      expect.objectContaining({ kind: "follow", actor: expect.objectContaining({ slug: friend.slug }) }),
    ]);

    // Issue 11: no acceptance across a block (it used to stand without the follow): the
    // invitation stays pending, nothing is followed, and nobody is told.
    const blockerCode = await invite("blocking-guest@example.com");
    const blocker = await signUpActive(app, smtp, "blocking-guest@example.com", "Bo Blocker");
    const blocked = await post(app, `/api/v1/profiles/${inviter.slug}/block`, {}, blocker.bearer);
    expect(blocked.statusCode, blocked.body).toBe(204);
    const despite = await patch(app, "/api/v1/user-invites", { code: blockerCode }, blocker.bearer);
    expect(despite.statusCode, despite.body).toBe(409);
    expect(despite.json().error.code).toBe("invite_unavailable");
    expect(await followsOf(blocker.userId)).toBe(0);
    const after = await app.inject({ method: "GET", url: "/api/v1/notifications", headers: inviter.bearer });
    expect(after.json().data).toHaveLength(1);
  });

  it("refuses duplicate emails in one bulk invitation with “Already added”", async () => {
    const bulk = { emails: ["x@example.com", "X@example.com"] };
    // The policy guard runs before validation: a visitor hears 401 whatever the body holds.
    const anonymous = await post(app, "/api/v1/user-invites", bulk);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("request_unauthenticated");
    const inviter = await signUpActive(app, smtp, "bulk-inviter@example.com");
    const res = await post(app, "/api/v1/user-invites", bulk, inviter.bearer);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details[0]).toEqual({ path: "body.emails.1", message: messages.alreadyAdded });
  });
});

describe("the demo cast signs in", () => {
  it("anna@demo.verified.local with the demo password, active and verified", async () => {
    await seedDemo(testDb.database.db);
    const res = await signIn(app, "anna@demo.verified.local", DEMO_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const me = await app.inject({
      method: "GET",
      url: "/api/v1/users/me",
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.json().data).toMatchObject({
      slug: "anna.kowalski",
      status: { id: "active" },
      verificationStatus: "verified",
      isProfileWizardCompleted: true,
      countCompanyProfiles: 1,
      subscription: { current: { plan: { slug: "premium" } } },
    });
    const wrong = await signIn(app, "anna@demo.verified.local", "not-the-password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({
      code: "request_invalidCredentials",
      message: errorMessage("request_invalidCredentials"),
    });
  });
});

describe("secrets stay out of the log", () => {
  it("no password, code or token appears in any log line", async () => {
    const secrets = ["correct horse battery", "guest password 1", DEMO_PASSWORD];
    const codes: string[] = [];
    for (const mail of smtp.mails) {
      const code = /^([A-Za-z0-9]{6})$/m.exec(mail.text)?.[1];
      if (code) codes.push(code);
    }
    const { rows } = await testDb.database.raw.executeSql("select token from sessions");
    for (const row of rows) secrets.push(String(row.token));
    expect(logLines.length).toBeGreaterThan(50);
    // Fields that are random numbers or ids by nature could contain six digits by chance.
    const texts = logLines.map((line) => {
      const {
        time: _time,
        reqId: _reqId,
        pid: _pid,
        responseTime: _rt,
        ...rest
      } = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify(rest);
    });
    const leaks = texts.filter(
      (text) =>
        secrets.some((secret) => text.includes(secret)) ||
        codes.some((code) => new RegExp(`(?<![0-9a-f.-])${code}(?![0-9a-f])`).test(text)),
    );
    expect(leaks).toEqual([]);
  });
});
