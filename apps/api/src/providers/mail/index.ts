import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { OutboxMailProvider } from "./outbox";
import { SmtpMailProvider } from "./smtp";

/** One mail, in both forms every client can show: plain text and simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The edge to mail (architecture.md "providers"): SMTP when SMTP_URL is set (production, and the
 * tests, which run a real SMTP server), else the dev outbox in the database.
 */
export interface MailProvider {
  readonly kind: "smtp" | "outbox";
  /** Resolves once the message is accepted for delivery; rejects when it was not. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailProvider(config: Config, db: Db): MailProvider {
  return config.SMTP_URL
    ? new SmtpMailProvider(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxMailProvider(db);
}

export type { OutboxMailProvider } from "./outbox";
