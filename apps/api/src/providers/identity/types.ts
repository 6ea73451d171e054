import type { IdvWebhookEvent } from "@vn/contract";

/**
 * The identity-verification vendor (architecture.md "providers": sandbox / Jumio-style). We open a
 * session for one of our transactions and send the person to the vendor's hosted capture page;
 * the vendor decides asynchronously and tells us by a signed webhook. A request for more
 * documents is answered through `sendDocuments`. IDV_PROVIDER names the vendor.
 */
export interface IdentitySessionRequest {
  /** Our transaction id: the vendor echoes it in every webhook. */
  reference: string;
  country: string;
  /** Where the vendor posts its webhooks. */
  callbackUrl: string;
  /** Where the hosted page sends the person when they are done. */
  returnUrl: string;
}

export type IdentityProviderName = "sandbox" | "jumio";

export interface IdentityProvider {
  readonly name: IdentityProviderName;
  createSession(request: IdentitySessionRequest): Promise<{ sessionId: string; captureUrl: string }>;
  /** Extra documents for a request for information (pending_user_action). */
  sendDocuments(sessionId: string, documents: Array<{ mime: string; bytes: Buffer }>): Promise<void>;
  /**
   * The event a webhook request carries, once it is proven to come from the vendor: by its
   * signature (the sandbox), or by reading the result back from the vendor's API (Jumio, whose
   * callbacks are not signed). Throws AppError webhook_invalidSignature otherwise.
   */
  readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<IdvWebhookEvent>;
}
