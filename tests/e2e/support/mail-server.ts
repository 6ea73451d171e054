import http from "node:http";
import { SMTPServer } from "smtp-server";
import { parseMail } from "./mime";
import { freePort } from "./servers";

/** One mail as the browser tests see it. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

export interface MailCatcher {
  smtpUrl: string;
  /** GET {mailUrl}/mails?to=<address> → CaughtMail[], oldest first. */
  mailUrl: string;
  stop(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) the API delivers to over SMTP_URL, plus a tiny HTTP endpoint
 * the specs read the caught mails from (they run in other processes than this global setup).
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no TLS to negotiate, no credentials to check.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const parsed = parseMail(Buffer.concat(chunks).toString("utf8"));
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: parsed.subject,
          text: parsed.text,
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

  const reader = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/mails") {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
  });
  const httpPort = await freePort();
  await new Promise<void>((resolve) => reader.listen(httpPort, "127.0.0.1", resolve));

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailUrl: `http://127.0.0.1:${httpPort}`,
    stop: async () => {
      await new Promise<void>((resolve) => reader.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
