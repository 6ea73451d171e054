import { messages } from "@vn/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
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
} from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";

let testDb: TestDatabase;
let smtp: TestSmtp;
let app: App;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtp();
  app = await buildApp(testConfig({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: "1000" }), {
    database: testDb.database,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await testDb.drop();
});

const me = (headers: Record<string, string>) =>
  app.inject({ method: "GET", url: "/api/v1/users/me", headers });
const withToken = (token: string) => ({ authorization: `Bearer ${token}` });

async function deletedAccount(email: string) {
  const person = await signUpActive(app, smtp, email, "Dee Leted");
  const res = await app.inject({ method: "DELETE", url: "/api/v1/users/me", headers: person.bearer });
  expect(res.statusCode, res.body).toBe(200);
  return { person, res };
}

async function restoreTokenFor(email: string, password: string): Promise<string> {
  const res = await signIn(app, email, password);
  expect(res.statusCode).toBe(403);
  return res.json().error.details.restoreToken as string;
}

describe("delete → sign-in shows deleted → restore", () => {
  it("deleting ends every session, clears the cookie, and hides the profile", async () => {
    const { person, res } = await deletedAccount("gone@example.com");
    expect(res.json().data).toEqual({ status: "deleted", message: messages.accountDeleted });
    expect([res.headers["set-cookie"]].flat().join("\n")).toMatch(/better-auth\.session_token=;.*Max-Age=0/);
    expect((await me(person.bearer)).statusCode).toBe(401);
    const { rows } = await testDb.database.raw.executeSql(
      "select u.status, u.deleted_at, p.status as profile_status from users u join profiles p on p.user_id = u.id where u.email = $1",
      ["gone@example.com"],
    );
    expect(rows[0]).toMatchObject({ status: "deleted", profile_status: "deleted_by_user" });
    expect(rows[0]?.deleted_at).not.toBeNull();
  });

  it("signing in answers user_deleted with a restore token (only with the right password)", async () => {
    const res = await signIn(app, "gone@example.com", "correct horse battery");
    expect(res.statusCode).toBe(403);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const error = res.json().error;
    expect(error).toMatchObject({
      code: "user_deleted",
      message: messages.accountDeletedRestorable,
      details: { email: "gone@example.com", restoreToken: expect.any(String), expiresAt: expect.any(String) },
    });
    const wrong = await signIn(app, "gone@example.com", "not the password");
    expect(wrong.json().error.code).toBe("request_invalidCredentials");
    const signUpAgain = await post(app, "/api/auth/sign-up/email", {
      email: "gone@example.com",
      password: "whatever 1234",
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(signUpAgain.statusCode).toBe(403);
    expect(signUpAgain.json().error.code).toBe("user_deleted");
    expect(signUpAgain.json().error.details.restoreToken).toBeUndefined();
  });

  it("restoring with a wrong token is refused", async () => {
    for (const headers of [{}, withToken("not-a-real-token"), withToken("x".repeat(300))]) {
      const res = await app.inject({ method: "PATCH", url: "/api/v1/users/me/restore", headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: "user_restoreTokenInvalid", message: messages.invalidToken });
    }
    // A live session token is not a restore token either.
    const other = await signUpVerified(app, smtp, "bystander@example.com");
    const res = await app.inject({ method: "PATCH", url: "/api/v1/users/me/restore", headers: other.bearer });
    expect(res.json().error.code).toBe("user_restoreTokenInvalid");
  });

  it("restoring with the right token makes the account active and signs in (cookie + token), once", async () => {
    const restoreToken = await restoreTokenFor("gone@example.com", "correct horse battery");
    const res = await app.inject({
      method: "PATCH",
      url: "/api/v1/users/me/restore",
      headers: withToken(restoreToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body).toMatchObject({
      token: expect.any(String),
      expiresAt: expect.any(String),
      user: { email: "gone@example.com", status: { id: "active" }, name: "Dee Leted" },
    });
    const cookie = cookieHeader(res.headers["set-cookie"]);
    expect(cookie).toMatch(/better-auth\.session_token=/);
    expect((await me({ cookie })).statusCode).toBe(200);
    expect((await me(withToken(body.token))).statusCode).toBe(200);
    const again = await app.inject({
      method: "PATCH",
      url: "/api/v1/users/me/restore",
      headers: withToken(restoreToken),
    });
    expect(again.statusCode).toBe(401);
    expect((await signIn(app, "gone@example.com", "correct horse battery")).statusCode).toBe(200);
  });

  it("an account deleted before finishing the wizard comes back as profile-not-completed", async () => {
    const person = await signUpVerified(app, smtp, "halfway@example.com");
    await app.inject({ method: "DELETE", url: "/api/v1/users/me", headers: person.bearer });
    const restoreToken = await restoreTokenFor("halfway@example.com", person.password);
    const res = await app.inject({
      method: "PATCH",
      url: "/api/v1/users/me/restore",
      headers: withToken(restoreToken),
    });
    expect(res.json().data.user.status.id).toBe("profile-not-completed");
  });
});

describe("complete removal", () => {
  it("removes the old account entirely so the email can sign up anew; a wrong token is refused", async () => {
    const { person } = await deletedAccount("fresh-start@example.com");
    const wrong = await app.inject({
      method: "DELETE",
      url: "/api/v1/users/me/complete-removal",
      headers: withToken("wrong"),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("user_restoreTokenInvalid");

    const restoreToken = await restoreTokenFor("fresh-start@example.com", person.password);
    const res = await app.inject({
      method: "DELETE",
      url: "/api/v1/users/me/complete-removal",
      headers: withToken(restoreToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ email: "fresh-start@example.com", message: messages.accountRemoved });
    const { rows } = await testDb.database.raw.executeSql(
      "select (select count(*)::int from users where email = $1) as users, (select count(*)::int from profiles where user_id = $2) as profiles, (select count(*)::int from accounts where user_id = $2) as credentials",
      ["fresh-start@example.com", person.userId],
    );
    expect(rows[0]).toEqual({ users: 0, profiles: 0, credentials: 0 });
    const check = await post(app, "/api/v1/users/email/check", { email: "fresh-start@example.com" });
    expect(check.json().data.state).toBe("notUsed");
    const anew = await signUpVerified(app, smtp, "fresh-start@example.com", "a new beginning");
    expect(anew.userId).not.toBe(person.userId);
  });

  it("takes along companies only the removed person belonged to", async () => {
    const { person } = await deletedAccount("founder@example.com");
    // (Created while active in real life; inserted directly here.)
    await testDb.database.db.execute(
      sql`insert into profiles (id, type, slug, name) values ('solo-co', 'company', 'solo-co-11', 'Solo Co')`,
    );
    await testDb.database.db.execute(
      sql`insert into company_members (company_id, user_id, role) values ('solo-co', ${person.userId}, 'owner')`,
    );
    const restoreToken = await restoreTokenFor("founder@example.com", person.password);
    await app.inject({
      method: "DELETE",
      url: "/api/v1/users/me/complete-removal",
      headers: withToken(restoreToken),
    });
    const { rows } = await testDb.database.raw.executeSql(
      "select count(*)::int as n from profiles where id = 'solo-co'",
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe("blocked accounts", () => {
  it("cannot sign in, sign up again or reset: 403 account_unavailable with the blocked message", async () => {
    const person = await signUpActive(app, smtp, "blocked@example.com", "Bea Blocked");
    await testDb.database.db.execute(sql`update users set status = 'blocked' where id = ${person.userId}`);
    expect((await me(person.bearer)).statusCode).toBe(401);
    const expected = {
      code: "account_unavailable",
      message: messages.accountDeletedOrBlocked,
      details: { email: "blocked@example.com" },
    };
    const signInRes = await signIn(app, "blocked@example.com", person.password);
    expect(signInRes.statusCode).toBe(403);
    expect(signInRes.json().error).toEqual(expected);
    const signUpRes = await post(app, "/api/auth/sign-up/email", {
      email: "blocked@example.com",
      password: "whatever 1234",
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(signUpRes.json().error).toEqual(expected);
    const reset = await post(app, "/api/auth/request-password-reset", { email: "blocked@example.com" });
    expect(reset.json().error.code).toBe("account_unavailable");
  });
});

describe("nobody edits another account", () => {
  it("general-info changes only the caller; a user id in the body is ignored; the other's handle is refused", async () => {
    const alice = await signUpActive(app, smtp, "alice@example.com", "Alice Able");
    const bob = await signUpActive(app, smtp, "bob@example.com", "Bob Baker");
    const res = await patch(
      app,
      "/api/v1/users/me/general-info",
      { name: "Hacked Name", userId: bob.userId, id: bob.userId },
      alice.bearer,
    );
    expect(res.statusCode).toBe(200);
    expect((await me(bob.bearer)).json().data.name).toBe("Bob Baker");
    expect((await me(alice.bearer)).json().data.name).toBe("Hacked Name");
    const steal = await patch(
      app,
      "/api/v1/users/me/general-info",
      { slug: bob.slug.toUpperCase() },
      alice.bearer,
    );
    expect(steal.statusCode).toBe(409);
    expect(steal.json().error).toMatchObject({
      code: "slug_alreadyTakenConflict",
      message: messages.handleTaken,
    });
  });

  it("no account route takes a user id", () => {
    const accountRoutes = app.routeList.filter((r) => /\/users\/|user-invites/.test(r.url));
    expect(accountRoutes.length).toBeGreaterThan(10);
    for (const route of accountRoutes) {
      // An invitation's own id (§7 /users/me/companies/invites/{id}) names no account: only its
      // invitee may read or answer it (company-teams.test.ts).
      if (route.url.startsWith("/api/v1/users/me/companies/invites/:id")) continue;
      // A strike's own id (issue 16) names no account either: only the person struck may appeal it
      // (moderation.test.ts).
      if (route.url.startsWith("/api/v1/users/me/strikes/:id")) continue;
      expect(route.url).not.toMatch(/:(id|userId)\b/);
    }
  });
});

describe("changing the email or phone with a code sent to the new address", () => {
  it("email: code to the new address; finish switches sign-in to it and tells the old address", async () => {
    const person = await signUpActive(app, smtp, "old.address@example.com", "Eve Mover");
    const taken = await post(
      app,
      "/api/v1/users/me/access-change/email/initialize",
      { currentPassword: person.password, value: "alice@example.com" },
      person.bearer,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("user_emailAlreadyUsed");
    const invalid = await post(
      app,
      "/api/v1/users/me/access-change/email/initialize",
      { currentPassword: person.password, value: "nope" },
      person.bearer,
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().error.details).toEqual([{ path: "body.value", message: messages.invalidEmail }]);
    const same = await post(
      app,
      "/api/v1/users/me/access-change/email/initialize",
      { currentPassword: person.password, value: "Old.Address@example.com" },
      person.bearer,
    );
    expect(same.json().error.details[0].message).toBe(messages.sameEmail);

    const init = await post(
      app,
      "/api/v1/users/me/access-change/email/initialize",
      { currentPassword: person.password, value: "New.Address@example.com" },
      person.bearer,
    );
    expect(init.statusCode, init.body).toBe(200);
    expect(init.json().data).toMatchObject({ type: "email", destination: "ne•••••••••@example.com" });
    const code = codeOf(await smtp.waitFor("new.address@example.com"));
    const wrong = await post(
      app,
      "/api/v1/users/me/access-change/email/finish",
      { code: code === "000000" ? "111111" : "000000" },
      person.bearer,
    );
    expect(wrong.json().error.code).toBe("code_invalid");
    const done = await post(app, "/api/v1/users/me/access-change/email/finish", { code }, person.bearer);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.email).toBe("new.address@example.com");
    const notice = await smtp.waitFor(
      "old.address@example.com",
      (m) => m.subject === messages.mailEmailChangedSubject,
    );
    expect(notice.text).toContain("new.address@example.com");
    expect((await signIn(app, "new.address@example.com", person.password)).statusCode).toBe(200);
    expect((await signIn(app, "old.address@example.com", person.password)).statusCode).toBe(401);
  });

  it("phone: the SMS sandbox delivers into the outbox, refuses undeliverable numbers and has outages", async () => {
    const person = await signUpActive(app, smtp, "phone.owner@example.com", "Phil Phone");
    const start = (value: string) =>
      post(
        app,
        "/api/v1/users/me/access-change/phone/initialize",
        { value, currentPassword: person.password },
        person.bearer,
      );
    const letters = await start("call me maybe");
    expect(letters.json().error.details[0].message).toBe(messages.invalidPhone);
    const short = await start("+48 12");
    expect(short.json().error.details[0].message).toBe("Phone number must contain at least 7 digits.");
    const undeliverable = await start("+1 555 010 0000");
    expect(undeliverable.statusCode).toBe(422);
    expect(undeliverable.json().error).toEqual({
      code: "sms_undeliverable",
      message: messages.smsUndeliverable,
    });
    const outage = await start("+999 123 4567");
    expect(outage.statusCode).toBe(503);
    expect(outage.json().error.code).toBe("request_unavailable");

    const ok = await start("+48 600 100 200");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.destination).toBe("••••••••200");
    const { rows } = await testDb.database.raw.executeSql(
      "select text from dev_outbox where channel = 'sms' and recipient = $1 order by created_at desc limit 1",
      ["+48 600 100 200"],
    );
    const code = /code: (\d{6})/.exec(String(rows[0]?.text))?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const done = await post(app, "/api/v1/users/me/access-change/phone/finish", { code }, person.bearer);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.phone).toBe("+48 600 100 200");
  });

  it("a change code allows 5 tries and expires after 10 minutes", async () => {
    const person = await signUpActive(app, smtp, "tries.change@example.com", "Tia Tries");
    const init = () =>
      post(
        app,
        "/api/v1/users/me/access-change/email/initialize",
        { currentPassword: person.password, value: "target@example.com" },
        person.bearer,
      );
    const finish = (code: string) =>
      post(app, "/api/v1/users/me/access-change/email/finish", { code }, person.bearer);
    await init();
    const code = codeOf(await smtp.waitFor("target@example.com"));
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 5; i++) expect((await finish(wrong)).json().error.code).toBe("code_invalid");
    const locked = await finish(code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({ code: "code_tooManyAttempts", message: messages.tooManyRequests });

    const count = smtp.mails.length;
    await init();
    const second = codeOf(await smtp.waitFor("target@example.com", (m) => smtp.mails.indexOf(m) >= count));
    await testDb.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier like 'access-change-email:%'`,
    );
    const expired = await finish(second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toEqual({ code: "code_expired", message: messages.codeExpired });
  });
});
