import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@vn/contract";

/**
 * The sandbox payments vendor's webhook signatures, exactly as Stripe signs its own (so one
 * webhook route reads both): the header `stripe-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`. A signature more than five minutes off is refused, so a captured request
 * cannot be replayed later; a replay inside the window is caught by the event id (our side's
 * ledger of processed events). The Stripe vendor verifies with the SDK's constructEvent instead.
 */
export const PAYMENTS_SIGNATURE_HEADER = "stripe-signature";
export const PAYMENTS_SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signPaymentsWebhook(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

function invalid(reason: string): AppError {
  return new AppError("webhook_invalidSignature", { details: { reason } });
}

/** Returns when the body was signed with `secret` within the tolerance; throws webhook_invalidSignature otherwise. */
export function verifyPaymentsWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now = new Date(),
): void {
  if (!header) throw invalid("missing signature");
  let timestamp = Number.NaN;
  // Stripe may send several v1 entries while a secret is rolled: any one of them may match.
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key = "", ...rest] = part.trim().split("=");
    const value = rest.join("=");
    if (key === "t") timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (!Number.isSafeInteger(timestamp) || signatures.length === 0) throw invalid("malformed signature");
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  if (!signatures.some((given) => timingSafeEqual(expected, Buffer.from(given, "hex")))) {
    throw invalid("wrong signature");
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > PAYMENTS_SIGNATURE_TOLERANCE_SECONDS)
    throw invalid("too old");
}
