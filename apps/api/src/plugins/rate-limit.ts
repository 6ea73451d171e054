import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import { AppError, type ErrorCode, FORWARD_SECRET_HEADER, FORWARDED_CLIENT_HEADER } from "@vn/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config";
import type { RedisConnections } from "../lib/redis";

/**
 * A global per-client limit; routes that can be abused (sign-in, codes, reports) set tighter
 * ones in their `config.rateLimit`. Counters live in Redis when there is one, so every API node
 * shares them.
 *
 * Who "the client" is (issue 11): the socket's address, or — only from the proxies TRUST_PROXY
 * names — the address they forwarded (Fastify's trustProxy, set in app.ts), or — only from the
 * web server, proven by WEB_FORWARD_SECRET — the visitor whose page it is rendering. A route's
 * limit is one counter whichever of its paths (v1, v2) is called: route.ts gives the aliases one
 * `groupId`, and the store below keys counters by it.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  redis: RedisConnections | undefined,
): Promise<void> {
  registerWebForwarding(app, config);
  const counters = createCounters(config, redis);
  app.decorate("counters", counters);
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    store: storeOver(counters),
    // The web server's own reads (the anonymous render every cookie-less visitor shares, carrying
    // no visitor) are bounded by its page cache, not by one address's budget.
    allowList: (request) => request.webForward === "server" && request.method === "GET",
    // When Redis is briefly away, serve rather than refuse everyone.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError("request_tooMany", { details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) } }),
  });
}

// ——— The web server's forwarded visitor ————————————————————————————————————————————————

/**
 * A request from the web server carries the shared secret and, when it renders for a visitor,
 * the visitor's address: that address becomes `request.ip` (logs, sessions, every rate limit).
 * Without the right secret both headers are ignored. Runs first, before any limit counts.
 */
function registerWebForwarding(app: FastifyInstance, config: Config): void {
  const secret = Buffer.from(config.WEB_FORWARD_SECRET);
  let warned = false;
  app.decorateRequest("webForward", null);
  // A callback hook, not an async one: every request passes here, most without the header, and a
  // promise per request is measurable on the hot path (issue 17).
  app.addHook("onRequest", (request, _reply, done) => {
    const given = request.headers[FORWARD_SECRET_HEADER];
    if (typeof given !== "string") return done();
    const proof = Buffer.from(given);
    if (proof.length !== secret.length || !timingSafeEqual(proof, secret)) {
      // Once per process: a web server with another WEB_FORWARD_SECRET would say it per render.
      if (!warned) request.log.warn("a forwarded visitor address came with a wrong secret; ignored");
      warned = true;
      return done();
    }
    const visitor = request.headers[FORWARDED_CLIENT_HEADER];
    if (visitor === undefined) {
      request.webForward = "server";
    } else if (typeof visitor === "string" && isIP(visitor.trim())) {
      request.webForward = "visitor";
      Object.defineProperty(request, "ip", { value: visitor.trim(), configurable: true, enumerable: true });
    }
    // A visitor the web server could not name ("unknown") counts as the web server's address,
    // never as its own exempt read: no visitor can dodge the limits by hiding their address.
    done();
  });
}

// ——— Counters: one store for the plugin, the per-email limits and the mail caps ————————————

export interface CounterHit {
  current: number;
  /** Milliseconds until the counter resets. */
  ttl: number;
}

export interface CounterOptions {
  /** Past `max`, each further hit doubles the window (capped at `maxBackoffMs`). */
  backoff?: { max: number; maxBackoffMs: number };
  /** Past `max`, each further hit restarts the window. */
  continueExceeding?: { max: number };
}

/** Fixed-window counters, in Redis (shared by every API node) or in this process. */
export interface Counters {
  hit(key: string, windowMs: number, options?: CounterOptions): Promise<CounterHit>;
  clear(key: string): Promise<void>;
}

function windowAfter(current: number, windowMs: number, options: CounterOptions): number | null {
  if (options.continueExceeding && current > options.continueExceeding.max) return windowMs;
  if (options.backoff && current > options.backoff.max) {
    return Math.min(windowMs * 2 ** (current - options.backoff.max - 1), options.backoff.maxBackoffMs);
  }
  return null;
}

/** Counters in Redis when there is one (every API node shares them), else in this process. */
export function createCounters(config: Config, redis: RedisConnections | undefined): Counters {
  return redis ? redisCounters(redis, config.RATE_LIMIT_NAMESPACE) : memoryCounters();
}

function memoryCounters(maxEntries = 100_000): Counters {
  const entries = new Map<string, { current: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, entry] of entries) if (entry.resetAt <= now) entries.delete(key);
    // Still full: drop the oldest (Map keeps insertion order).
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries * 0.9) break;
      entries.delete(key);
    }
  };
  return {
    async hit(key, windowMs, options = {}) {
      const now = Date.now();
      let entry = entries.get(key);
      if (!entry || entry.resetAt <= now) {
        if (entries.size >= maxEntries) sweep(now);
        entry = { current: 0, resetAt: now + windowMs };
        entries.set(key, entry);
      }
      entry.current += 1;
      const extended = windowAfter(entry.current, windowMs, options);
      if (extended !== null) entry.resetAt = now + extended;
      return { current: entry.current, ttl: entry.resetAt - now };
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

const hitScript = `
local current = redis.call('INCR', KEYS[1])
local window = tonumber(ARGV[1])
local extended = tonumber(ARGV[2])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], window)
  return {current, window}
end
local backoffMax = tonumber(ARGV[3])
local continueMax = tonumber(ARGV[4])
if continueMax >= 0 and current > continueMax then
  redis.call('PEXPIRE', KEYS[1], window)
  return {current, window}
end
if backoffMax >= 0 and current > backoffMax then
  local ttl = math.min(window * (2 ^ (current - backoffMax - 1)), extended)
  redis.call('PEXPIRE', KEYS[1], ttl)
  return {current, ttl}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], window)
  ttl = window
end
return {current, ttl}
`;

/** The client with the hit script defined: EVALSHA per hit, the script's text sent only once. */
type CountingClient = RedisConnections["client"] & {
  vnCounterHit(key: string, ...args: Array<string | number>): Promise<unknown>;
};

function redisCounters(redis: RedisConnections, namespace: string): Counters {
  const client = redis.client as CountingClient;
  if (typeof client.vnCounterHit !== "function") {
    client.defineCommand("vnCounterHit", { numberOfKeys: 1, lua: hitScript });
  }
  return {
    async hit(key, windowMs, options = {}) {
      const result = (await client.vnCounterHit(
        `${namespace}${key}`,
        windowMs,
        options.backoff?.maxBackoffMs ?? windowMs,
        options.backoff?.max ?? -1,
        options.continueExceeding?.max ?? -1,
      )) as [number, number];
      return { current: Number(result[0]), ttl: Number(result[1]) };
    },
    async clear(key) {
      await redis.client.del(`${namespace}${key}`);
    },
  };
}

/**
 * @fastify/rate-limit's store over our counters. A route's child store is keyed by its `groupId`
 * (route.ts: the endpoint's id, the same for its v1 and v2 paths) instead of by its URL, so a
 * route's aliases share one counter.
 */
function storeOver(counters: Counters) {
  type Params = {
    groupId?: string;
    continueExceeding?: boolean;
    exponentialBackoff?: boolean;
    routeInfo?: { method?: string; url?: string };
  };
  class CounterStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    private readonly params: Params;
    constructor(params: unknown, prefix = "") {
      this.params = (params ?? {}) as Params;
      this.prefix = prefix;
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: CounterHit) => void,
      timeWindow: number,
      max: number,
    ): void {
      counters
        .hit(`${this.prefix}${key}`, timeWindow, {
          ...(this.params.continueExceeding ? { continueExceeding: { max } } : {}),
          ...(this.params.exponentialBackoff
            ? { backoff: { max, maxBackoffMs: Number.MAX_SAFE_INTEGER } }
            : {}),
        })
        .then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      const params = routeOptions as Params;
      const route = params.routeInfo?.url
        ? `${params.routeInfo.method ?? ""}${params.routeInfo.url}`
        : "adhoc";
      return new CounterStore(params, `${params.groupId ?? route}-`);
    }
  }
  return CounterStore;
}

// ——— Limits per identity (an email), whatever the client's address ——————————————————————

export interface IdentityLimit {
  /** Names the counter (keys are `id:<name>:<hash of the identity>`). */
  name: string;
  max: number;
  windowMs: number;
  /**
   * Past `max`, each further try doubles the wait, up to this long (default: four windows). The
   * cap bounds how long someone hammering another person's email can keep its owner out.
   */
  maxBackoffMs?: number;
  code?: ErrorCode;
}

export interface IdentityLimiter {
  /** Counts one try; past the limit refuses it (429 with details.retryAfterSeconds and Retry-After). */
  hit(identity: string, reply?: FastifyReply): Promise<void>;
  /** Forgets the tries (a successful sign-in clears its failures). */
  clear(identity: string): Promise<void>;
}

/** Emails are keyed lowercased and hashed: the counters never hold an address. */
export function identityKey(identity: string): string {
  return createHash("sha256").update(identity.trim().toLowerCase()).digest("base64url").slice(0, 32);
}

export function identityLimiter(app: FastifyInstance, limit: IdentityLimit): IdentityLimiter {
  const key = (identity: string) => `id:${limit.name}:${identityKey(identity)}`;
  const maxBackoffMs = limit.maxBackoffMs ?? 4 * limit.windowMs;
  return {
    async hit(identity, reply) {
      let result: CounterHit;
      try {
        result = await app.counters.hit(key(identity), limit.windowMs, {
          backoff: { max: limit.max, maxBackoffMs },
        });
      } catch (error) {
        // As the plugin's skipOnError: when Redis is briefly away, serve.
        reply?.log.warn({ err: error }, "identity limit not counted");
        return;
      }
      if (result.current <= limit.max) return;
      const retryAfterSeconds = Math.max(1, Math.ceil(result.ttl / 1000));
      reply?.header("retry-after", String(retryAfterSeconds));
      throw new AppError(limit.code ?? "request_tooManyForEmail", { details: { retryAfterSeconds } });
    },
    async clear(identity) {
      await app.counters.clear(key(identity)).catch(() => undefined);
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Rate-limit counters (Redis or memory), for limits the plugin cannot express. */
    counters: Counters;
  }
  interface FastifyRequest {
    /**
     * Set when the web server vouched for this request with WEB_FORWARD_SECRET: "visitor" (it
     * renders for the visitor whose address is now `ip`) or "server" (its own, shared read).
     */
    webForward: "visitor" | "server" | null;
  }
}
