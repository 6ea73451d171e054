import { inject } from "vitest";
import type { CaughtMail } from "./mail-server";

export const mailUrl = () => inject("mailUrl");

async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${mailUrl()}/mails?${new URLSearchParams({ to: address }).toString()}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for a mail to `address` received after `since` (ms) that `match` accepts; the newest such. */
export async function waitForMail(
  address: string,
  match: (mail: CaughtMail) => boolean,
  options: { since?: number; timeoutMs?: number } = {},
): Promise<CaughtMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const found = (await mailsTo(address)).filter(
      (mail) => mail.receivedAt >= (options.since ?? 0) && match(mail),
    );
    const newest = found[found.length - 1];
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`No matching mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-character code of the newest sign-up code mail (its subject carries the code). */
export async function readSignUpCode(address: string, since = 0): Promise<string> {
  const mail = await waitForMail(address, (item) => /code: [A-Za-z0-9]{6}\b/.test(item.subject), { since });
  const code = /code: ([A-Za-z0-9]{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
}

/** The reset link of the newest password-reset mail. */
export async function readResetLink(address: string, since = 0): Promise<string> {
  const pattern = /https?:\/\/[^\s"<>]+\/login\/reset-password\?token=[^\s"<>]+/;
  const mail = await waitForMail(address, (item) => pattern.test(item.text), { since });
  const link = pattern.exec(mail.text)?.[0];
  if (!link) throw new Error("No reset link");
  return link.replace(/&amp;/g, "&");
}

/** The code of the newest "confirm your new email" mail (access change; the subject carries it). */
export async function readAccessChangeCode(address: string, since = 0): Promise<string> {
  const pattern = /: ([A-Za-z0-9]{6})$/;
  const mail = await waitForMail(
    address,
    (item) => /email/i.test(item.subject) && pattern.test(item.subject),
    {
      since,
    },
  );
  const code = pattern.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
}

/** The invitation link (`/?type=invite&code=…`) of the newest invitation mail. */
export async function readInviteLink(address: string, since = 0): Promise<string> {
  const pattern = /https?:\/\/[^\s"<>]+\/\?type=invite&(?:amp;)?code=[A-Za-z0-9_-]+/;
  const mail = await waitForMail(address, (item) => pattern.test(item.text), { since });
  const link = pattern.exec(mail.text)?.[0];
  if (!link) throw new Error("No invitation link");
  return link.replace(/&amp;/g, "&");
}
