import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@vn/contract";
import type { z } from "zod";

/**
 * Webhook signatures, the way hosted vendors (Stripe, Persona) sign theirs: a header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. A signature older than the
 * tolerance is refused, so a captured webhook cannot be replayed later; a replay inside the window
 * is caught by the event id (each module records the ids it took). The sandbox identity vendor
 * (x-idv-signature) and the sandbox business registry (x-kyb-signature) sign this way.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signWebhook(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

function invalid(reason: string): AppError {
  return new AppError("webhook_invalidSignature", { details: { reason } });
}

/** The body as `schema` reads it, if the signature is ours and fresh; webhook_invalidSignature otherwise. */
export function verifySignedJson<T extends z.ZodType>(
  schema: T,
  secret: string,
  body: string,
  header: string | undefined,
  now = new Date(),
): z.infer<T> {
  if (!header) throw invalid("missing signature");
  const parts = new Map(
    header.split(",").map((part) => {
      const [key = "", ...rest] = part.trim().split("=");
      return [key, rest.join("=")] as const;
    }),
  );
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw invalid("malformed signature");
  const expected = hmac(secret, timestamp, body);
  if (!timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex")))
    throw invalid("wrong signature");
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw invalid("too old");
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new AppError("request_malformed");
  }
  const event = schema.safeParse(parsed);
  if (!event.success) throw new AppError("request_malformed", { details: { reason: "not an event" } });
  return event.data;
}

/**
 * How a sandbox vendor delivers one event: a signed JSON POST to the customer's webhook. Anything
 * but 2xx (or 409: taken already) throws, so the job runner retries, as vendors do.
 */
export async function postSignedWebhook(options: {
  url: string;
  header: string;
  secret: string;
  event: unknown;
  /** Names the vendor in the error a refused delivery throws. */
  vendor: string;
  fetch?: typeof fetch;
}): Promise<void> {
  const body = JSON.stringify(options.event);
  const send = options.fetch ?? fetch;
  const response = await send(options.url, {
    method: "POST",
    headers: { "content-type": "application/json", [options.header]: signWebhook(options.secret, body) },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok && response.status !== 409) {
    const text = await response.text().catch(() => "");
    throw new Error(`${options.vendor}: webhook answered ${response.status}: ${text.slice(0, 200)}`);
  }
}
