import { type IdvWebhookEvent, idvWebhookEventSchema } from "@vn/contract";
import { verifySignedJson } from "../webhook-signature";

export { SIGNATURE_TOLERANCE_SECONDS, signWebhook } from "../webhook-signature";

/** The sandbox identity vendor's signature header (providers/webhook-signature.ts has the scheme). */
export const SIGNATURE_HEADER = "x-idv-signature";

/** The event, if the signature is ours and fresh; throws webhook_invalidSignature otherwise. */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  now = new Date(),
): IdvWebhookEvent {
  return verifySignedJson(idvWebhookEventSchema, secret, body, header, now);
}
