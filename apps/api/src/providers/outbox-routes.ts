import { isIP } from "node:net";
import { AppError, endpoints, escapeHtml } from "@vn/contract";
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { devOutbox } from "../db/schema/index";
import { route } from "../lib/route";

/**
 * The dev outbox (no SMTP_URL, never in production): what the product would have mailed or
 * texted, newest first, so a newcomer can read the sign-up code. JSON at /api/dev/outbox and a
 * readable page at /api/dev/outbox/view (rows of contract/endpoints/dev.ts). buildApp registers
 * this only when it applies.
 *
 * It holds codes in plain text, so it answers only this machine, even in development (issue 11):
 * the socket must be loopback, and so must every address a proxy or the web server forwarded and
 * the host the browser asked for through the web server's /api rewrite (x-forwarded-host).
 * Anyone else hears 404, as if there were no outbox.
 */

function isLoopbackAddress(address: string | undefined): boolean {
  const value = (address ?? "").trim().replace(/^\[|\]$/g, "");
  if (value === "::1") return true;
  const v4 = value.startsWith("::ffff:") ? value.slice("::ffff:".length) : value;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d+$/, "");
  return name === "localhost" || name.endsWith(".localhost") || isLoopbackAddress(name);
}

export function fromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  // The web server vouched for a visitor (plugins/rate-limit.ts): that visitor is the client.
  if (request.webForward === "visitor" && !isLoopbackAddress(request.ip)) return false;
  const list = (name: string) =>
    [request.headers[name]]
      .flat()
      .filter((value): value is string => typeof value === "string")
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter(Boolean);
  if (!list("x-forwarded-for").every(isLoopbackAddress)) return false;
  if (!list("x-real-ip").every(isLoopbackAddress)) return false;
  if (!list("x-forwarded-host").every(isLoopbackHost)) return false;
  if (list("forwarded").length > 0) return false;
  return true;
}

export const outboxRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.dev;
  const db = app.deps.database.db;
  app.addHook("onRequest", async (request) => {
    if (!fromThisMachine(request)) throw new AppError("request_notFound");
  });
  const list = async (to: string | undefined, limit: number) => {
    const rows = await db
      .select()
      .from(devOutbox)
      .where(to ? eq(devOutbox.recipient, to.toLowerCase()) : undefined)
      .orderBy(desc(devOutbox.createdAt))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel as "email" | "sms",
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      createdAt: row.createdAt.toISOString(),
    }));
  };

  route(app, table.outbox, async ({ query }) => ({ data: await list(query.to, query.limit) }));

  route(app, table.outboxView, async ({ query, reply }) => {
    const items = await list(query.to, query.limit);
    const cards = items
      .map(
        (item) => `<article>
  <header><span class="tag">${item.channel}</span> <strong>${escapeHtml(item.to)}</strong>
  <time datetime="${item.createdAt}">${new Date(item.createdAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC</time></header>
  ${item.subject ? `<h2>${escapeHtml(item.subject)}</h2>` : ""}
  <pre>${escapeHtml(item.text)}</pre>
</article>`,
      )
      .join("\n");
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2226}main{max-width:760px;margin:0 auto;padding:24px}
article{background:#fff;border-radius:8px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 2px #0001}header{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
time{margin-left:auto;color:#56687a;font-size:13px}h1{font-size:22px}h2{font-size:16px;margin:8px 0}pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,Menlo,monospace;margin:0}
.tag{background:#e8f0fe;color:#0a66c2;border-radius:4px;padding:0 6px;font-size:12px;text-transform:uppercase}</style></head>
<body><main><h1>Dev outbox</h1><p>Mails and text messages the product sent while no SMTP server is configured. Newest first; reload to refresh.</p>
${cards || "<p>Nothing sent yet.</p>"}</main></body></html>`;
    return reply
      .header(
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      )
      .type("text/html; charset=utf-8")
      .send(body);
  });
};
