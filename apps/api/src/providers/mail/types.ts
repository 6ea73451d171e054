/** One mail, in both forms every client can show: plain text and simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * What the per-recipient caps (caps.ts) need to know: a one-time code (its own, lower cap) or a
   * security notice (never held back). Anything else is a plain mail.
   */
  kind?: "code" | "notice";
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
