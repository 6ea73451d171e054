import { z } from "zod";
import { endpoint } from "./define";

const tags = ["dev"];

const outboxQuerySchema = z.object({
  /** Only messages to this address or number. */
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const outboxItemSchema = z.object({
  id: z.string(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * The dev outbox (no SMTP_URL, never in production): what the product would have mailed or
 * texted, newest first, so a newcomer can read the sign-up code. It answers only this machine
 * (loopback, also behind the web server's /api rewrite), even in development: 404 to anyone else. The API registers these only
 * when they apply, and documents them where they are served, so a newcomer finds the codes.
 */
export const devEndpoints = {
  outbox: endpoint({
    method: "GET",
    path: "/api/dev/outbox",
    tags,
    summary: "Dev only: the mails and texts the product sent (no SMTP_URL; off in production)",
    description: "Answers only requests from this machine (loopback); 404 request_notFound to anyone else.",
    query: outboxQuerySchema,
    responses: { 200: z.object({ data: z.array(outboxItemSchema) }) },
    policy: { who: "anyone" },
    errors: ["request_notFound"],
  }),
  outboxView: endpoint({
    method: "GET",
    path: "/api/dev/outbox/view",
    tags,
    summary: "Dev only: the outbox as a page",
    description: "Answers only requests from this machine (loopback); 404 request_notFound to anyone else.",
    query: outboxQuerySchema,
    // An HTML page, not JSON.
    responses: { 200: null },
    policy: { who: "anyone" },
    errors: ["request_notFound"],
  }),
};
