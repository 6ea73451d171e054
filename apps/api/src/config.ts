import { fileURLToPath } from "node:url";
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
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  if (parsed.data.NODE_ENV === "production" && parsed.data.AUTH_SECRET.startsWith("dev-secret")) {
    throw new Error("Invalid configuration:\n  AUTH_SECRET: set a real secret in production");
  }
  return parsed.data;
}

/** A config for tests: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JOBS_ENABLED: "false", ...overrides });
}
