import nodemailer, { type Transporter } from "nodemailer";
import type { MailMessage, MailProvider } from "./types";

/** nodemailer over SMTP_URL (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS). */
export class SmtpMailProvider implements MailProvider {
  readonly kind = "smtp" as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url, {
      // A slow or dead relay must not hold a request for long.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
