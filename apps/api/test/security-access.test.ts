import { createHash } from "node:crypto";
import { format, messages } from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import {
  codeOf,
  cookieHeader,
  patch,
  post,
  type ReceivedMail,
  signIn,
  signUpActive,
  startSmtp,
  type TestSmtp,
  WEB_ORIGIN,
} from "./support/accounts";
import { createTestDatabase, type TestDatabase } from "./support/database";

/**
 * Issue 11, items 5, 12 and 20 (invitations): an email or phone change needs the current
 * password, ends every other session and can be undone from the old address; an invitation is
 * accepted only by the email it was sent to, and never across a block.
 */
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
const undo = (token: string) => post(app, "/api/v1/users/me/access-change/undo", { token });

/** The undo link of a change notice: `${WEB_ORIGIN}/?type=access-change-undo&token=…`. */
function undoTokenOf(mail: ReceivedMail): string {
  const link = new RegExp(`${WEB_ORIGIN}/\\?type=access-change-undo&token=([\\w-]+)`).exec(mail.text);
  if (!link?.[1]) throw new Error(`no undo link in "${mail.subject}": ${mail.text}`);
  return link[1];
}

async function latestSmsCode(to: string): Promise<string> {
  const { rows } = await testDb.database.raw.executeSql(
    "select text from dev_outbox where channel = 'sms' and recipient = $1 order by created_at desc limit 1",
    [to],
  );
  return /code: (\d{6})/.exec(String(rows[0]?.text))?.[1] ?? "";
}

describe("changing the email or phone (item 5)", () => {
  it("needs the current password: missing → field required, wrong → user_wrongPassword, and no code is sent", async () => {
    const person = await signUpActive(app, smtp, "asks.password@example.com", "Asa Password");
    const missing = await post(
      app,
      "/api/v1/users/me/access-change/email/initialize",
      { value: "elsewhere@example.com" },
      person.bearer,
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details).toEqual([
      { path: "body.currentPassword", message: messages.fieldRequired },
    ]);
    const wrong = await post(
      app,
      "/api/v1/users/me/access-change/email/initialize",
      { value: "elsewhere@example.com", currentPassword: "not my password" },
      person.bearer,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({
      code: "user_wrongPassword",
      message: messages.wrongCurrentPassword,
      details: [{ path: "body.currentPassword", message: messages.wrongCurrentPassword }],
    });
    const phone = await post(
      app,
      "/api/v1/users/me/access-change/phone/initialize",
      { value: "+48 600 700 800", currentPassword: "not my password" },
      person.bearer,
    );
    expect(phone.json().error.code).toBe("user_wrongPassword");
    expect(smtp.mails.some((mail) => mail.to.includes("elsewhere@example.com"))).toBe(false);
  });

  it("email: finishing ends every other session; the old address gets an undo link that restores it and ends all sessions", async () => {
    const person = await signUpActive(app, smtp, "victim@example.com", "Vic Tim");
    const other = await signIn(app, "victim@example.com", person.password);
    expect(other.statusCode, other.body).toBe(200);
    const otherBearer = withToken(other.json().token as string);
    expect((await me(otherBearer)).statusCode).toBe(200);

    const init = await post(
      app,
      "/api/v1/users/me/access-change/email/initialize",
      { value: "taker@example.com", currentPassword: person.password },
      person.bearer,
    );
    expect(init.statusCode, init.body).toBe(200);
    const code = codeOf(await smtp.waitFor("taker@example.com"));
    const done = await post(app, "/api/v1/users/me/access-change/email/finish", { code }, person.bearer);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.email).toBe("taker@example.com");
    // The session that made the change stays; every other one ends.
    expect((await me(person.bearer)).statusCode).toBe(200);
    expect((await me(otherBearer)).statusCode).toBe(401);

    const notice = await smtp.waitFor(
      "victim@example.com",
      (mail) => mail.subject === messages.mailEmailChangedSubject,
    );
    expect(notice.text).toContain("taker@example.com");
    const token = undoTokenOf(notice);

    const forged = await undo("not-the-token");
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toEqual({ code: "user_undoLinkInvalid", message: messages.undoLinkInvalid });

    const undone = await undo(token);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toEqual({
      type: "email",
      email: "victim@example.com",
      message: format(messages.accessChangeUndone, { email: "victim@example.com" }),
    });
    // Every session ends, the changer's included; the old email signs in again, the new one not.
    expect((await me(person.bearer)).statusCode).toBe(401);
    expect((await signIn(app, "victim@example.com", person.password)).statusCode).toBe(200);
    expect((await signIn(app, "taker@example.com", person.password)).statusCode).toBe(401);
    // Once only.
    expect((await undo(token)).json().error.code).toBe("user_undoLinkInvalid");
  });

  it("phone: needs the password, ends other sessions, and the account's email is told with an undo link", async () => {
    const person = await signUpActive(app, smtp, "phone.victim@example.com", "Pho Victim");
    const first = async (value: string) => {
      const init = await post(
        app,
        "/api/v1/users/me/access-change/phone/initialize",
        { value, currentPassword: person.password },
        person.bearer,
      );
      expect(init.statusCode, init.body).toBe(200);
      const done = await post(
        app,
        "/api/v1/users/me/access-change/phone/finish",
        { code: await latestSmsCode(value) },
        person.bearer,
      );
      expect(done.statusCode, done.body).toBe(200);
      return done;
    };
    await first("+48 600 111 222");
    const other = withToken((await signIn(app, "phone.victim@example.com", person.password)).json().token);
    const since = smtp.mails.length;
    const changed = await first("+48 600 333 444");
    expect(changed.json().data.phone).toBe("+48 600 333 444");
    expect((await me(other)).statusCode).toBe(401);
    const notice = await smtp.waitFor(
      "phone.victim@example.com",
      (mail) => smtp.mails.indexOf(mail) >= since && mail.subject === messages.mailPhoneChangedSubject,
    );
    expect(notice.text).toContain("+48 600 333 444");
    const undone = await undo(undoTokenOf(notice));
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data.type).toBe("phone");
    const { rows } = await testDb.database.raw.executeSql("select phone from users where id = $1", [
      person.userId,
    ]);
    expect(rows[0]?.phone).toBe("+48 600 111 222");
    expect((await me(person.bearer)).statusCode).toBe(401);
  });

  it("a later change does not cancel the first link: it restores the first email, and the later link dies with it", async () => {
    const person = await signUpActive(app, smtp, "moves.twice@example.com", "Max Twice");
    const change = async (to: string) => {
      const since = smtp.mails.length;
      await post(
        app,
        "/api/v1/users/me/access-change/email/initialize",
        { value: to, currentPassword: person.password },
        person.bearer,
      );
      const code = codeOf(await smtp.waitFor(to, (mail) => smtp.mails.indexOf(mail) >= since));
      const done = await post(app, "/api/v1/users/me/access-change/email/finish", { code }, person.bearer);
      expect(done.statusCode, done.body).toBe(200);
    };
    const noticeTo = (address: string) =>
      smtp.waitFor(address, (mail) => mail.subject === messages.mailEmailChangedSubject);
    await change("second.home@example.com");
    await change("third.home@example.com");
    const first = undoTokenOf(await noticeTo("moves.twice@example.com"));
    const second = undoTokenOf(await noticeTo("second.home@example.com"));
    const undone = await undo(first);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data.email).toBe("moves.twice@example.com");
    // Whoever made the later change cannot undo the undo.
    expect((await undo(second)).json().error.code).toBe("user_undoLinkInvalid");
    expect((await signIn(app, "moves.twice@example.com", person.password)).statusCode).toBe(200);
  });
});

describe("invitations are bound to the invited email (items 12, 20)", () => {
  async function inviteFrom(inviter: { bearer: Record<string, string> }, email: string): Promise<string> {
    const sent = await post(app, "/api/v1/user-invites", { emails: [email] }, inviter.bearer);
    expect(sent.json().data).toEqual([{ email, result: "sent" }]);
    return /code=([\w-]+)/.exec((await smtp.waitFor(email)).text)?.[1] ?? "";
  }
  const followsOf = async (userId: string) =>
    (
      await testDb.database.raw.executeSql(
        "select count(*)::int as n from follows f join profiles p on p.id = f.follower_id where p.user_id = $1",
        [userId],
      )
    ).rows[0]?.n;
  const statusOf = async (code: string) =>
    (await app.inject({ method: "GET", url: `/api/v1/user-invites?code=${code}` })).json().data.status;

  it("someone else's code is refused as unknown: nothing is accepted and nobody is followed", async () => {
    const inviter = await signUpActive(app, smtp, "host@example.com", "Hal Host");
    const code = await inviteFrom(inviter, "invitee@example.com");
    const stranger = await signUpActive(app, smtp, "stranger@example.com", "Sam Stranger");
    const taken = await patch(app, "/api/v1/user-invites", { code }, stranger.bearer);
    expect(taken.statusCode).toBe(404);
    expect(taken.json().error).toEqual({ code: "invite_notFound", message: messages.invitationInvalid });
    expect(await followsOf(stranger.userId)).toBe(0);
    expect(await statusOf(code)).toBe("pending");

    // The invited email may, later, with the same code.
    const invitee = await signUpActive(app, smtp, "invitee@example.com", "Ivy Invitee");
    const accepted = await patch(app, "/api/v1/user-invites", { code }, invitee.bearer);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await followsOf(invitee.userId)).toBe(1);
  });

  it("a code given at sign-up with another email is not honoured", async () => {
    const inviter = await signUpActive(app, smtp, "host2@example.com", "Hedy Host");
    const code = await inviteFrom(inviter, "meant-for@example.com");
    const signUp = await post(app, "/api/auth/sign-up/email", {
      email: "someone-else@example.com",
      password: "correct horse battery",
      acceptTerms: true,
      acceptPrivacy: true,
      inviteCode: code,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(await statusOf(code)).toBe("pending");
  });

  it("no invitation is accepted across a block (either way)", async () => {
    const inviter = await signUpActive(app, smtp, "blocked-host@example.com", "Bea Host");
    const code = await inviteFrom(inviter, "blocking-guest@example.com");
    const guest = await signUpActive(app, smtp, "blocking-guest@example.com", "Bo Guest");
    const blocked = await post(app, `/api/v1/profiles/${inviter.slug}/block`, {}, guest.bearer);
    expect(blocked.statusCode, blocked.body).toBe(204);
    const refused = await patch(app, "/api/v1/user-invites", { code }, guest.bearer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: "invite_unavailable",
      message: messages.invitationUnavailable,
    });
    expect(await statusOf(code)).toBe("pending");
    expect(await followsOf(guest.userId)).toBe(0);
  });
});

describe("session tokens at rest (item 20)", () => {
  it("the database holds only a digest of each token: the token signs in, the stored value does not", async () => {
    const person = await signUpActive(app, smtp, "digest@example.com", "Di Gest");
    const signedIn = await signIn(app, "digest@example.com", person.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().token as string;
    const { rows } = await testDb.database.raw.executeSql("select token from sessions where user_id = $1", [
      person.userId,
    ]);
    const stored = rows.map((row) => String(row.token));
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const value of [token, person.token]) expect(stored).not.toContain(value);
    expect(stored).toContain(createHash("sha256").update(token).digest("hex"));
    // The token works as a bearer and in the cookie; what the database holds works as neither.
    expect((await me(withToken(token))).statusCode).toBe(200);
    const cookie = signedIn.headers["set-cookie"];
    expect((await me({ cookie: cookieHeader(cookie) })).statusCode).toBe(200);
    for (const value of stored) expect((await me(withToken(value))).statusCode).toBe(401);
    // Signing out ends the session the cookie names.
    const out = await post(
      app,
      "/api/auth/sign-out",
      {},
      { cookie: cookieHeader(cookie), origin: WEB_ORIGIN },
    );
    expect(out.statusCode, out.body).toBe(200);
    expect((await me(withToken(token))).statusCode).toBe(401);
    expect((await me(person.bearer)).statusCode).toBe(200);
  });
});
