import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMMENT_LIMIT_PER_POST, DEV_WEB_FORWARD_SECRET, SANCTIONED_COUNTRIES_DEFAULT } from "@vn/contract";
import { z } from "zod";

/**
 * The environment, parsed once. Every knob has a default that runs on one machine with nothing
 * else installed (architecture.md "Configuration").
 */
const booleanish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** The development AUTH_SECRET; production refuses it. */
export const DEV_AUTH_SECRET = "dev-secret-change-me-dev-secret-change-me";

/** The development KYB_WEBHOOK_SECRET (the sandbox registry signs with it; production has no sandbox). */
export const DEV_KYB_WEBHOOK_SECRET = "dev-kyb-webhook-secret-change-me-dev-kyb";
/** The development IDV_WEBHOOK_SECRET (the sandbox vendor signs with it; production has no sandbox). */
export const DEV_IDV_WEBHOOK_SECRET = "dev-idv-webhook-secret-change-me-dev-idv";

/** The development PAYMENTS_WEBHOOK_SECRET (the sandbox payments vendor signs with it). */
export const DEV_PAYMENTS_WEBHOOK_SECRET = "whsec_dev_payments_sandbox_change_me_0000";

/** Names proxy-addr knows for address ranges (TRUST_PROXY). */
const proxyRangeNames = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined || !isIP(address)) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the proxies in front of the API whose X-Forwarded-For is believed (issue 11). Unset
 * or "false": none, the socket's address is the client's. Otherwise a comma-separated list of
 * addresses, CIDR ranges or the names loopback, linklocal, uniquelocal. "true" (believe anyone)
 * is refused: any client could then pick its own address and with it its own rate-limit budget.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, context): string[] | false => {
    const trimmed = value?.trim() ?? "";
    if (trimmed === "" || trimmed === "false" || trimmed === "0") return false;
    if (trimmed === "true" || trimmed === "1") {
      context.addIssue({
        code: "custom",
        message:
          "list the proxies' addresses (e.g. 10.0.0.1 or 10.0.0.0/8 or loopback); true would believe any client",
      });
      return z.NEVER;
    }
    const entries = trimmed
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: "custom",
        message: `not an address, CIDR range or loopback/linklocal/uniquelocal: ${wrong.join(", ")}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Where the browser app lives: CORS origin, redirect checks, links in mails. */
  WEB_ORIGIN: z.url().default("http://localhost:3000"),
  /** The public origin of this API (links, socket host). */
  API_ORIGIN: z.url().default("http://localhost:4000"),
  /** Unset → embedded PGlite under DATA_DIR/pglite. */
  DATABASE_URL: z.string().optional(),
  /** Unset → in-memory socket.io adapter and rate-limit store. */
  REDIS_URL: z.string().optional(),
  /** Unset → the dev outbox (mails are stored and listed at /api/dev/outbox). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Verified Network <no-reply@verified.local>"),
  /** Where enterprise enquiries and ad consultations are mailed (issue 16); they are also kept as leads. */
  SALES_EMAIL: z.email().default("sales@verified.local"),
  /** Embedded database and local media; <repo>/data whichever directory a script runs from. */
  DATA_DIR: z.string().default(fileURLToPath(new URL("../../../data", import.meta.url))),
  /** Logs every request and response (with its request id); off trades that trail for throughput. */
  LOG_REQUESTS: booleanish.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * bench/comments.bench.ts only: each node logs when it handed a room event to its first and last
   * socket (realtime/timing.ts). Costs a clock read per socket per event; off everywhere else.
   */
  REALTIME_TIMING_LOG: booleanish.default(false),
  /** Secret for signing sessions; the default is only acceptable outside production. */
  AUTH_SECRET: z.string().min(32).default(DEV_AUTH_SECRET),
  /** The proxies whose X-Forwarded-For is believed (see trustProxySchema); none by default. */
  TRUST_PROXY: trustProxySchema,
  /**
   * Shared with the web server: its calls while rendering carry the visitor's address, believed
   * only with this secret (contract FORWARD_SECRET_HEADER). The default is refused in production.
   */
  WEB_FORWARD_SECRET: z.string().min(32).default(DEV_WEB_FORWARD_SECRET),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Redis key prefix of rate-limit counters (lets parallel test suites share one Redis). */
  RATE_LIMIT_NAMESPACE: z.string().default("vn-rl:"),
  /** Turns the background job worker off (tests that do not need it start faster). */
  JOBS_ENABLED: booleanish.default(true),
  /** ISO codes where identity verification is not offered (product decisions: CU, IR, KP, SY). */
  SANCTIONED_COUNTRIES: z
    .string()
    .default(SANCTIONED_COUNTRIES_DEFAULT.join(","))
    .transform((v) =>
      v
        .split(",")
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Per-IP limit of sign-in, sign-up, code, reset, restore and password endpoints, per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Per-IP limit of the sign-up form's live email check, per minute. */
  EMAIL_CHECK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Text messages: only the sandbox exists (stores them in the dev outbox; see providers/sms). */
  SMS_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
  /** Media bytes: local disk under MEDIA_DIR, or S3-compatible object storage (S3_*). */
  STORAGE: z.enum(["disk", "s3"]).default("disk"),
  /** Unset → DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  /** Where public media URLs point (a CDN in front of the API's /api/media); unset → API_ORIGIN. */
  MEDIA_PUBLIC_ORIGIN: z.url().optional(),
  /** Unset → AWS (https://s3.<region>.amazonaws.com); e.g. http://127.0.0.1:9000 for MinIO. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_SESSION_TOKEN: z.string().optional(),
  /** Path-style URLs (endpoint/bucket/key): what MinIO and most S3-compatible stores expect. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /** ffmpeg/ffprobe (Debian package ffmpeg); when missing, video and audio stay unprocessed. */
  FFMPEG_PATH: z.string().default("ffmpeg"),
  FFPROBE_PATH: z.string().default("ffprobe"),
  /** LibreOffice (libreoffice-*-nogui); when missing, office documents get no PDF preview. */
  SOFFICE_PATH: z.string().default("soffice"),
  /** A document conversion is killed after this long (and counts as "unable to convert"). */
  DOCUMENT_CONVERT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** A video or audio transcode is killed after this long. */
  MEDIA_TRANSCODE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(3 * 60 * 60 * 1000),
  /** Image variant pipelines running at once on one node (each may use several libvips threads). */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  /**
   * Comments one publication may hold, replies included (product decisions: 1,000; then the
   * comment-limit dialog). Lower only to reach the limit cheaply, e.g. in a browser test.
   */
  COMMENT_LIMIT_PER_POST: z.coerce.number().int().min(1).default(COMMENT_LIMIT_PER_POST),
  /**
   * Identity verification (issue 12). IDV_PROVIDER: the vendor; `sandbox` behaves like a hosted IDV
   * service (capture page /jumio, processing delay, signed webhooks) and decides by document number.
   */
  IDV_PROVIDER: z.enum(["sandbox", "jumio"]).default("sandbox"),
  /** The shared secret the sandbox vendor signs its webhooks with. */
  IDV_WEBHOOK_SECRET: z.string().min(32).default(DEV_IDV_WEBHOOK_SECRET),
  /** Jumio (IDV_PROVIDER=jumio): API credentials, its regional addresses and the workflows run. */
  JUMIO_CLIENT_ID: z.string().optional(),
  JUMIO_CLIENT_SECRET: z.string().optional(),
  JUMIO_API_URL: z.url().default("https://account.amer-1.jumio.ai"),
  JUMIO_AUTH_URL: z.url().default("https://auth.amer-1.jumio.ai"),
  /** The identity workflow (ID + selfie); and the one a request for more documents runs. */
  JUMIO_WORKFLOW_KEY: z.string().default("10013"),
  JUMIO_DOCUMENT_WORKFLOW_KEY: z.string().default("10015"),
  /** Where the vendor posts its webhooks (this API's public origin, unless set). */
  IDV_CALLBACK_ORIGIN: z.url().optional(),
  /** The sandbox vendor's processing time, from submit to decision. */
  IDV_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  /**
   * Key of the document images at rest (AES-256-GCM), 32 bytes as base64. Unset: derived from
   * AUTH_SECRET (HKDF), so a development machine needs nothing.
   */
  IDV_DOCUMENT_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || Buffer.from(v, "base64").length === 32, "32 bytes, base64"),
  /**
   * Business verification (issue 14). KYB_PROVIDER: the registry; `sandbox` answers by the
   * registration number's last four digits after KYB_SANDBOX_DELAY_MS and signs its webhooks with
   * KYB_WEBHOOK_SECRET; `middesk` is Middesk's API (MIDDESK_API_KEY; its webhooks are signed with
   * MIDDESK_WEBHOOK_SECRET).
   */
  KYB_PROVIDER: z.enum(["sandbox", "middesk"]).default("sandbox"),
  KYB_WEBHOOK_SECRET: z.string().min(32).default(DEV_KYB_WEBHOOK_SECRET),
  KYB_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  /** Where the registry posts its webhooks (this API's public origin, unless set). */
  KYB_CALLBACK_ORIGIN: z.url().optional(),
  MIDDESK_API_KEY: z.string().optional(),
  MIDDESK_WEBHOOK_SECRET: z.string().optional(),
  /** Middesk's API address (a local stand-in in tests; the sandbox is https://api-sandbox.middesk.com). */
  MIDDESK_API_URL: z.url().default("https://api.middesk.com"),
  /**
   * Payments (issue 13). With STRIPE_SECRET_KEY set, Stripe through its SDK (STRIPE_WEBHOOK_SECRET
   * verifies its webhooks, STRIPE_PUBLISHABLE_KEY is Stripe.js's); without it, the sandbox vendor,
   * which behaves like Stripe with its test cards and signs with PAYMENTS_WEBHOOK_SECRET.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends its requests (a local stand-in in tests); unset: api.stripe.com. */
  STRIPE_API_URL: z.url().optional(),
  PAYMENTS_WEBHOOK_SECRET: z.string().min(16).default(DEV_PAYMENTS_WEBHOOK_SECRET),
  /** Where the sandbox vendor posts its webhooks (this API's public origin, unless set). */
  PAYMENTS_CALLBACK_ORIGIN: z.url().optional(),
  /** The sandbox's test clock may be moved forward over HTTP (tests, the demo). Production has no sandbox. */
  PAYMENTS_SANDBOX_CLOCK: booleanish.default(true),
});

export type Config = Omit<z.infer<typeof envSchema>, "MEDIA_DIR"> & { MEDIA_DIR: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const refusals = parsed.data.NODE_ENV === "production" ? productionRefusals(parsed.data) : [];
  if (
    parsed.data.IDV_PROVIDER === "jumio" &&
    !(parsed.data.JUMIO_CLIENT_ID && parsed.data.JUMIO_CLIENT_SECRET)
  ) {
    refusals.push("JUMIO_CLIENT_ID, JUMIO_CLIENT_SECRET: IDV_PROVIDER=jumio needs the API credentials");
  }
  if (
    parsed.data.KYB_PROVIDER === "middesk" &&
    !(parsed.data.MIDDESK_API_KEY && parsed.data.MIDDESK_WEBHOOK_SECRET)
  ) {
    refusals.push(
      "MIDDESK_API_KEY, MIDDESK_WEBHOOK_SECRET: KYB_PROVIDER=middesk needs the API key and the webhook secret",
    );
  }
  if (refusals.length > 0) {
    throw new Error(`Invalid configuration:\n${refusals.map((line) => `  ${line}`).join("\n")}`);
  }
  return { ...parsed.data, MEDIA_DIR: parsed.data.MEDIA_DIR ?? path.join(parsed.data.DATA_DIR, "media") };
}

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0", "[::]"]);

function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return loopbackHosts.has(host) || host.endsWith(".localhost") || /^127\./.test(host);
}

/**
 * What production mode refuses (issue 11, item 8): settings that are only safe on a developer's
 * machine. Each line names the variable to set. The demo seed refuses production on its own
 * (seed/cli.ts), and the dev outbox is never served without SMTP_URL, which production requires.
 */
function productionRefusals(env: z.infer<typeof envSchema>): string[] {
  const refusals: string[] = [];
  if (env.AUTH_SECRET === DEV_AUTH_SECRET || env.AUTH_SECRET.startsWith("dev-secret")) {
    refusals.push("AUTH_SECRET: set a real secret in production");
  }
  if (env.WEB_FORWARD_SECRET === DEV_WEB_FORWARD_SECRET) {
    refusals.push(
      "WEB_FORWARD_SECRET: set a real secret in production, the same on the web server (it vouches for visitors' addresses)",
    );
  }
  if (env.IDV_PROVIDER === "sandbox") {
    refusals.push(
      "IDV_PROVIDER: the sandbox verifies anyone who types the right document number; production needs a real vendor (jumio)",
    );
  }
  if (env.KYB_PROVIDER === "sandbox") {
    refusals.push(
      "KYB_PROVIDER: the sandbox registry verifies any company whose number ends right; production needs a real registry (middesk)",
    );
  }
  if (!env.STRIPE_SECRET_KEY) {
    refusals.push("STRIPE_SECRET_KEY: the sandbox takes test cards, not money; production needs Stripe");
  } else if (!env.STRIPE_WEBHOOK_SECRET) {
    refusals.push("STRIPE_WEBHOOK_SECRET: Stripe's webhooks must be verified by their signature");
  }
  if (!env.SMTP_URL) {
    refusals.push("SMTP_URL: production mails through SMTP (the dev outbox would show codes in plain text)");
  }
  for (const name of ["WEB_ORIGIN", "API_ORIGIN", "MEDIA_PUBLIC_ORIGIN"] as const) {
    const origin = env[name];
    if (origin && isLoopbackOrigin(origin)) {
      refusals.push(`${name}: ${origin} is this machine; production needs the public origin`);
    }
  }
  return refusals;
}

/**
 * The origins a browser page of ours may have (better-auth's trusted origins, CORS). Outside
 * production a loopback origin counts in every spelling (localhost, 127.0.0.1, [::1]): people
 * type either, and the browser sends what they typed (issue 11, item 19).
 */
export function pageOrigins(config: Pick<Config, "NODE_ENV">, origin: string): string[] {
  const url = new URL(origin);
  const spellings = ["localhost", "127.0.0.1", "[::1]"];
  if (config.NODE_ENV === "production" || !spellings.includes(url.hostname)) return [url.origin];
  return spellings.map((host) => new URL(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`).origin);
}

/** A config for tests: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JOBS_ENABLED: "false", ...overrides });
}
