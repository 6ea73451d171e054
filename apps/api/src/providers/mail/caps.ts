import { createHash } from "node:crypto";
import {
  AppError,
  MAIL_CODES_PER_RECIPIENT_PER_HOUR,
  MAIL_PER_RECIPIENT_PER_DAY,
  MAIL_PER_RECIPIENT_PER_HOUR,
} from "@vn/contract";
import type { MailMessage, MailProvider } from "./types";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The counters the caps use (plugins/rate-limit.ts createCounters: Redis or memory). */
export interface RecipientCounters {
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

export interface RecipientCaps {
  codesPerHour: number;
  perHour: number;
  perDay: number;
}

export const defaultRecipientCaps: RecipientCaps = {
  codesPerHour: MAIL_CODES_PER_RECIPIENT_PER_HOUR,
  perHour: MAIL_PER_RECIPIENT_PER_HOUR,
  perDay: MAIL_PER_RECIPIENT_PER_DAY,
};

/**
 * One mailbox, however it is spelled: lowercased, without a +tag (most providers deliver
 * name+anything@ to name@), hashed so the counters never hold an address.
 */
export function recipientKey(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : "";
  const mailbox = `${local.split("+")[0] || local}${domain}`;
  return createHash("sha256").update(mailbox).digest("base64url").slice(0, 32);
}

/**
 * Per-recipient caps on every mail the product sends (issue 11, items 2 and 9), once, here, in
 * front of whichever provider delivers: codes an hour, every mail an hour and a day. Past a cap
 * `send` rejects with email_tooManyMails (429, details.retryAfterSeconds) and nothing goes out.
 * Security notices (kind "notice": the email was changed) are never held back, nor counted.
 */
export class CappedMailProvider implements MailProvider {
  constructor(
    private readonly inner: MailProvider,
    private readonly counters: RecipientCounters,
    private readonly caps: RecipientCaps = defaultRecipientCaps,
  ) {}

  get kind() {
    return this.inner.kind;
  }

  async send(message: MailMessage): Promise<void> {
    if (message.kind !== "notice") await this.count(message);
    await this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async count(message: MailMessage): Promise<void> {
    const key = recipientKey(message.to);
    const windows: Array<[string, number, number]> = [
      ...(message.kind === "code"
        ? [["code-hour", HOUR_MS, this.caps.codesPerHour] as [string, number, number]]
        : []),
      ["hour", HOUR_MS, this.caps.perHour],
      ["day", DAY_MS, this.caps.perDay],
    ];
    for (const [name, windowMs, max] of windows) {
      // When the counters are away (Redis down), mail goes out, as requests are served then.
      const counted = await this.counters.hit(`mail:${name}:${key}`, windowMs).catch(() => null);
      if (!counted) return;
      const { current, ttl } = counted;
      if (current > max) {
        throw new AppError("email_tooManyMails", {
          details: { retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) },
        });
      }
    }
  }
}
