import { escapeHtml } from "@vn/contract";
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { devOutbox } from "../db/schema/index";

/**
 * The dev outbox (no SMTP_URL, never in production): what the product would have mailed or
 * texted, newest first, so a newcomer can read the sign-up code. JSON at /api/dev/outbox and a
 * readable page at /api/dev/outbox/view. buildApp registers this only when it applies.
 */

const querySchema = z.object({
  /** Only messages to this address or number. */
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const itemSchema = z.object({
  id: z.string(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
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

  app.get(
    "/outbox",
    {
      config: { access: "public" },
      schema: {
        tags: ["dev"],
        summary: "Dev only: the mails and texts the product sent (no SMTP_URL; off in production)",
        querystring: querySchema,
        response: { 200: z.object({ data: z.array(itemSchema) }) },
      },
    },
    async (request) => ({ data: await list(request.query.to, request.query.limit) }),
  );

  app.get(
    "/outbox/view",
    {
      config: { access: "public" },
      schema: { tags: ["dev"], summary: "Dev only: the outbox as a page", querystring: querySchema },
    },
    async (request, reply) => {
      const items = await list(request.query.to, request.query.limit);
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
    },
  );
};
