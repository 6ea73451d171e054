/**
 * Form helpers shared by every screen's form (react-hook-form + the contract's Zod schemas).
 *
 * - cleanSubmit: the §5 text cleanup (trim, collapse spaces and blank lines) applied to the values
 *   before they are sent; password fields are left exactly as typed.
 * - urlField: the §5 URL length rule (2000 for http(s), 1993 otherwise).
 */
import { cleanFormValues } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { ApiError } from "./api-error";

export function cleanSubmit<T extends Record<string, unknown>, R>(
  onValid: (values: T) => R,
): (values: T) => R {
  return (values) => onValid(cleanFormValues(values));
}

/** The sentence to show for a failed submit: the server's message, or the generic one. */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return commonMessages.somethingWentWrong;
}

/**
 * Per-field messages of a 422 answer: the API lists `{path: "body.<field>", message}` in
 * details; returns `{field: message}` (first message per field), empty when there are none.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return out;
  for (const item of error.details as unknown[]) {
    if (!item || typeof item !== "object") continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const field = path.replace(/^(body|query|params)\.?/, "").split(".")[0];
    if (field && !(field in out)) out[field] = message;
  }
  return out;
}
