import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { CappedMailProvider, type RecipientCounters } from "./caps";
import { OutboxMailProvider } from "./outbox";
import { SmtpMailProvider } from "./smtp";
import type { MailProvider } from "./types";

export type { MailMessage, MailProvider } from "./types";

/** SMTP when SMTP_URL is set, else the dev outbox (types.ts: what every provider keeps). */
export function createMailProvider(config: Config, db: Db): MailProvider {
  return config.SMTP_URL
    ? new SmtpMailProvider(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxMailProvider(db);
}

/**
 * Every mail the product sends goes through the per-recipient caps (caps.ts): buildApp wraps
 * whichever provider it has, so no route needs a cap of its own.
 */
export function withRecipientCaps(provider: MailProvider, counters: RecipientCounters): MailProvider {
  return provider instanceof CappedMailProvider ? provider : new CappedMailProvider(provider, counters);
}

export type { OutboxMailProvider } from "./outbox";
