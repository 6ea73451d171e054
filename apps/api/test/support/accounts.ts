import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";
import type { App } from "../../src/app";

/**
 * Accounts test kit: a real SMTP server (smtp-server, port 0) the API delivers to, and helpers
 * that walk the sign-up flow the way the web does.
 */

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or still to come) to `to` matching `match`. */
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Decodes the quoted-printable soft breaks and escapes nodemailer uses for text bodies. */
function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
  // The text/plain part: after its headers, up to the next boundary.
  const textPart = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/.exec(raw)?.[1] ?? raw;
  return { to, subject, text: decodeQuotedPrintable(textPart), raw };
}

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<{
    to: string;
    match: (mail: ReceivedMail) => boolean;
    resolve: (mail: ReceivedMail) => void;
  }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), to);
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (to.includes(waiter.to) && waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(to, match = () => true, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const found = mails.find((mail) => mail.to.includes(address) && match(mail));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: address,
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-character code of a code mail (it stands on a line of its own). */
export function codeOf(mail: ReceivedMail): string {
  const code = /^([A-Za-z0-9]{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
}

export function isCodeMail(mail: ReceivedMail): boolean {
  return /^([A-Za-z0-9]{6})$/m.test(mail.text);
}

export const WEB_ORIGIN = "http://localhost:3000";
export const json = { "content-type": "application/json" };

/** The `name=value` pairs of a response's set-cookie headers, as a request's cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

export interface SignedIn {
  email: string;
  password: string;
  token: string;
  userId: string;
  bearer: { authorization: string };
}

export function post(app: App, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url,
    payload: JSON.stringify(payload),
    headers: { ...json, ...headers },
  });
}

export function patch(app: App, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: "PATCH",
    url,
    payload: JSON.stringify(payload),
    headers: { ...json, ...headers },
  });
}

/** Signs up and proves the email with the mailed code: the person is signed in, profile not completed. */
export async function signUpVerified(
  app: App,
  smtp: TestSmtp,
  email: string,
  password = "correct horse battery",
  extra: Record<string, unknown> = {},
): Promise<SignedIn> {
  const before = smtp.mails.length;
  const signUp = await post(app, "/api/auth/sign-up/email", {
    email,
    password,
    acceptTerms: true,
    acceptPrivacy: true,
    ...extra,
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  const code = codeOf(
    await smtp.waitFor(email, (mail) => smtp.mails.indexOf(mail) >= before && isCodeMail(mail)),
  );
  const verified = await post(app, "/api/auth/email-otp/verify-email", { email, code });
  expect(verified.statusCode, verified.body).toBe(200);
  const body = verified.json() as { token: string; user: { id: string } };
  return {
    email,
    password,
    token: body.token,
    userId: body.user.id,
    bearer: { authorization: `Bearer ${body.token}` },
  };
}

/** …and completes the create-profile wizard (status active). */
export async function signUpActive(
  app: App,
  smtp: TestSmtp,
  email: string,
  name = "Test Person",
): Promise<SignedIn & { slug: string }> {
  const person = await signUpVerified(app, smtp, email);
  const wizard = await patch(
    app,
    "/api/v1/users/me/general-info",
    { name, dateOfBirth: "1990-05-17" },
    person.bearer,
  );
  expect(wizard.statusCode, wizard.body).toBe(200);
  return { ...person, slug: (wizard.json() as { data: { slug: string } }).data.slug };
}

export async function signIn(app: App, email: string, password: string) {
  return post(app, "/api/auth/sign-in/email", { email, password });
}
