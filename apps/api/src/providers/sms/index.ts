import { randomUUID } from "node:crypto";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { devOutbox } from "../../db/schema/index";

/**
 * The edge to text messages. There is no SMS vendor yet, so the only provider is the sandbox:
 * it behaves like a real gateway (it refuses numbers it cannot deliver to and has outages) and
 * keeps what it "sent" in the dev outbox. A real provider implements the same interface.
 */
export interface SmsProvider {
  readonly kind: "sandbox";
  /** Resolves once accepted for delivery; rejects with SmsError otherwise. */
  send(message: { to: string; text: string }): Promise<void>;
}

/** undeliverable: the number cannot receive texts (the user must fix it); unavailable: try later. */
export class SmsError extends Error {
  constructor(readonly reason: "undeliverable" | "unavailable") {
    super(`sms ${reason}`);
    this.name = "SmsError";
  }
}

/**
 * Sandbox rules, like a gateway's test numbers:
 *  - digits ending in 0000 (e.g. +1 555 010 0000) → undeliverable;
 *  - numbers starting +999 → provider unavailable (an outage);
 *  - anything else is "delivered" into the dev outbox.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly kind = "sandbox" as const;
  constructor(private readonly db: Db) {}

  async send(message: { to: string; text: string }): Promise<void> {
    const digits = message.to.replace(/\D/g, "");
    if (message.to.trim().startsWith("+999")) throw new SmsError("unavailable");
    if (digits.length > 15 || digits.endsWith("0000")) throw new SmsError("undeliverable");
    await this.db.insert(devOutbox).values({
      id: randomUUID(),
      channel: "sms",
      recipient: message.to,
      subject: null,
      text: message.text,
      html: null,
    });
  }
}

export function createSmsProvider(_config: Config, db: Db): SmsProvider {
  return new SandboxSmsProvider(db);
}
