import type { KybWebhookEvent } from "@vn/contract";

/**
 * The business registry (product decisions "Identity and business verification": KYB). We send
 * one check per KYB transaction — the company's details, its directors and its supported
 * documents — and the registry decides asynchronously, telling us by webhook. KYB_PROVIDER names
 * it: `sandbox` (a registry run inside the product, answering by registration number) or
 * `middesk` (Middesk's business verification API, US companies).
 */
export interface KybCheckRequest {
  /** Our transaction id: the registry echoes it in every webhook. */
  reference: string;
  /** Where the registry posts its webhooks. */
  callbackUrl: string;
  company: {
    legalName: string;
    registrationNumber: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    registeredAddress: string;
    /** YYYY-MM-DD. */
    incorporationDate: string;
    website: string | null;
  };
  /** The directors who confirmed, as verified people (their verified names). */
  directors: Array<{ name: string; email: string }>;
  documents: Array<{ name: string; mime: string; bytes: Buffer }>;
}

export type KybProviderName = "sandbox" | "middesk";

export interface KybProvider {
  readonly name: KybProviderName;
  /** Does the registry cover companies registered in this country (ISO alpha-2)? */
  supportsCountry(country: string): boolean;
  /** Opens the check; its outcome arrives by webhook. */
  createCheck(request: KybCheckRequest): Promise<{ checkId: string }>;
  /**
   * The event a webhook request carries, once it is proven to come from the registry (by its
   * signature); throws AppError webhook_invalidSignature otherwise, request_malformed when the
   * body is not an event.
   */
  readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<KybWebhookEvent>;
}
