import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { devOutbox } from "../../db/schema/index";
import type { MailMessage, MailProvider } from "./types";

/** Without SMTP_URL: mails are stored in dev_outbox and listed at /api/dev/outbox(/view). */
export class OutboxMailProvider implements MailProvider {
  readonly kind = "outbox" as const;
  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(devOutbox).values({
      id: randomUUID(),
      channel: "email",
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  async close(): Promise<void> {}
}
