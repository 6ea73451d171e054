import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMMENT_LIMIT_PER_POST } from "@vn/contract";
import { z } from "zod";

/**
 * The environment, parsed once. Every knob has a default that runs on one machine with nothing
 * else installed (architecture.md "Configuration").
 */
const booleanish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

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
  /** Embedded database and local media; <repo>/data whichever directory a script runs from. */
  DATA_DIR: z.string().default(fileURLToPath(new URL("../../../data", import.meta.url))),
  /** Logs every request and response (with its request id); off trades that trail for throughput. */
  LOG_REQUESTS: booleanish.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Secret for signing sessions; the default is only acceptable outside production. */
  AUTH_SECRET: z.string().min(32).default("dev-secret-change-me-dev-secret-change-me"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Redis key prefix of rate-limit counters (lets parallel test suites share one Redis). */
  RATE_LIMIT_NAMESPACE: z.string().default("vn-rl:"),
  /** Turns the background job worker off (tests that do not need it start faster). */
  JOBS_ENABLED: booleanish.default(true),
  /** Seeds demo data into an empty database at start. */
  SEED_DEMO: booleanish.default(false),
  SANCTIONED_COUNTRIES: z
    .string()
    .default("CU,IR,KP,SY")
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
});

export type Config = Omit<z.infer<typeof envSchema>, "MEDIA_DIR"> & { MEDIA_DIR: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.AUTH_SECRET.startsWith("dev-secret")) {
    throw new Error("Invalid configuration:\n  AUTH_SECRET: set a real secret in production");
  }
  return { ...parsed.data, MEDIA_DIR: parsed.data.MEDIA_DIR ?? path.join(parsed.data.DATA_DIR, "media") };
}

/** A config for tests: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JOBS_ENABLED: "false", ...overrides });
}
