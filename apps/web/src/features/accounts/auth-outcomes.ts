/**
 * What a failed accounts call means for the screen (spec §4 user status, §8 messages). Pure, so
 * every branch is unit-tested; the screens only render the outcome.
 */
import { commonMessages } from "@vn/contract/messages/common";
import { ApiError } from "../../lib/api-error";

export type AuthOutcome =
  /** Show this sentence in the form's alert. */
  | { kind: "message"; text: string }
  /** Deleted account, password proven: offer restore or create-new with this token. */
  | { kind: "deleted"; email: string; restoreToken: string }
  /** account_unavailable: the /not-available page. */
  | { kind: "notAvailable"; email: string }
  /** The email was never proven: a new code was mailed; continue at the code step. */
  | { kind: "registrationNotFinished"; email: string; text: string; codeSent: boolean };

function detailsOf(error: ApiError): Record<string, unknown> {
  return error.details && typeof error.details === "object" && !Array.isArray(error.details)
    ? (error.details as Record<string, unknown>)
    : {};
}

function stringDetail(error: ApiError, key: string): string | null {
  const value = detailsOf(error)[key];
  return typeof value === "string" && value ? value : null;
}

/** The server's sentence when it sent one, else `fallback` (no answer, or an answer without a code). */
function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.isNetworkError && error.code) return error.message;
  return fallback;
}

/** Sign-in failures: wrong credentials, too many attempts, deleted, blocked, unfinished registration. */
export function signInOutcome(error: unknown, email: string): AuthOutcome {
  if (!(error instanceof ApiError)) return { kind: "message", text: commonMessages.somethingWentWrong };
  if (error.status === 429) return { kind: "message", text: commonMessages.tooManyRequests };
  if (error.code === "user_deleted") {
    const restoreToken = stringDetail(error, "restoreToken");
    if (restoreToken) return { kind: "deleted", email: stringDetail(error, "email") ?? email, restoreToken };
    return { kind: "message", text: error.message };
  }
  if (error.code === "account_unavailable") {
    return { kind: "notAvailable", email: stringDetail(error, "email") ?? email };
  }
  if (error.code === "user_registrationNotFinished") {
    return {
      kind: "registrationNotFinished",
      email: stringDetail(error, "email") ?? email,
      text: error.message,
      codeSent: detailsOf(error).codeSent !== false,
    };
  }
  if (error.code === "request_invalidCredentials")
    return { kind: "message", text: commonMessages.invalidCredentials };
  return { kind: "message", text: error.message };
}

/**
 * Account creation failures (§8), for joining and for "create new" after a deleted account:
 * no response → createError; 401 or 5xx → the server's message; 403 account_unavailable →
 * /not-available; 403 user_registrationNotFinished → its message; anything else (email taken,
 * invalid field, too many requests) → the server's message.
 */
export function accountCreationOutcome(error: unknown, email: string): AuthOutcome {
  if (!(error instanceof ApiError) || error.isNetworkError)
    return { kind: "message", text: commonMessages.createError };
  if (error.status === 403 && error.code === "account_unavailable") {
    return { kind: "notAvailable", email: stringDetail(error, "email") ?? email };
  }
  if (error.status === 403 && error.code === "user_registrationNotFinished") {
    return { kind: "message", text: error.message || commonMessages.registrationNotFinished };
  }
  return { kind: "message", text: error.message };
}

/** Restore failures (§8): the server's message, or the spec's fallback sentence. */
export function restoreFailureMessage(error: unknown): string {
  return serverMessageOr(error, commonMessages.restoreFailed);
}

/** Password reset with the mailed link: an expired or used link gets the spec's sentence. */
export function resetFailureMessage(error: unknown): { text: string; expired: boolean } {
  if (error instanceof ApiError && error.code === "user_resetLinkExpired") {
    return { text: commonMessages.resetLinkExpired, expired: true };
  }
  return { text: serverMessageOr(error, commonMessages.somethingWentWrong), expired: false };
}

/** Codes: an expired code or too many tries means a new code is needed. */
export function codeFailure(error: unknown): { text: string; needsNewCode: boolean } {
  if (!(error instanceof ApiError)) return { text: commonMessages.somethingWentWrong, needsNewCode: false };
  if (error.code === "code_invalid") return { text: commonMessages.invalidCode, needsNewCode: false };
  if (error.code === "code_expired") return { text: commonMessages.codeExpired, needsNewCode: true };
  if (error.code === "code_tooManyAttempts")
    return { text: commonMessages.tooManyRequests, needsNewCode: true };
  return { text: error.message, needsNewCode: false };
}

/**
 * The sign-in's second step (issue 16): a wrong or expired code is the field's ("Invalid code.
 * Try again."); a challenge that is gone (10 minutes, spent, 5 wrong codes) needs a new sign-in;
 * anything else (too many codes for the account) is the server's sentence.
 */
export function twoFactorFailure(error: unknown): { kind: "field" | "restart" | "message"; text: string } {
  if (!(error instanceof ApiError)) return { kind: "message", text: commonMessages.somethingWentWrong };
  if (error.code === "code_invalid") return { kind: "field", text: commonMessages.invalidCode };
  if (error.code === "twoFactor_challengeExpired")
    return { kind: "restart", text: commonMessages.twoFactorChallengeExpired };
  if (error.code === "code_tooManyAttempts") return { kind: "restart", text: commonMessages.tooManyRequests };
  return { kind: "message", text: serverMessageOr(error, commonMessages.somethingWentWrong) };
}
