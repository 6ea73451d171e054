import type { ErrorCode } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";

/**
 * A failed API call. The API answers `{error:{code,message,details}}` (architecture.md); the auth
 * routes (better-auth) answer `{code,message}`; a network failure or timeout has no body at all.
 * All three become this one type so screens need one `catch`.
 */
export class ApiError extends Error {
  readonly status: number;
  /** A catalogue code when the server sent one we know; the raw code string otherwise. */
  readonly code: ErrorCode | string | null;
  readonly details: unknown;
  constructor(status: number, code: ErrorCode | string | null, message: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** True when the code is one of the contract's catalogue codes. */
  hasCode(code: ErrorCode): boolean {
    return this.code === code;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Status 0 marks "no response" (offline, DNS, refused, aborted by timeout). */
export const NO_RESPONSE_STATUS = 0;

interface ParsedError {
  code: string | null;
  message: string | null;
  details: unknown;
}

/** Reads either error wire shape out of a parsed JSON body; nulls when the body has neither. */
export function readErrorBody(body: unknown): ParsedError {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    const inner =
      record.error && typeof record.error === "object" ? (record.error as Record<string, unknown>) : record;
    const code = typeof inner.code === "string" ? inner.code : null;
    const message = typeof inner.message === "string" && inner.message ? inner.message : null;
    return { code, message, details: inner.details };
  }
  return { code: null, message: null, details: undefined };
}

/** The message shown when the server gave none, chosen by status (spec §8 sentences). */
export function fallbackMessage(status: number): string {
  if (status === NO_RESPONSE_STATUS) return commonMessages.errorSendingRequest;
  if (status === 404) return commonMessages.resourceNotFound;
  if (status === 429) return commonMessages.tooManyRequests;
  if (status === 503) return commonMessages.serviceUnavailable;
  if (status === 504) return commonMessages.gatewayTimeout;
  if (status >= 500) return commonMessages.internalServerIssue;
  return commonMessages.somethingWentWrong;
}

export function toApiError(status: number, body: unknown): ApiError {
  const parsed = readErrorBody(body);
  return new ApiError(status, parsed.code, parsed.message ?? fallbackMessage(status), parsed.details);
}
