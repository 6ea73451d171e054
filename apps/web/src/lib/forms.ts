/**
 * Form helpers shared by every screen's form (react-hook-form + the contract's Zod schemas).
 *
 * - cleanSubmit: the §5 text cleanup (trim, collapse spaces and blank lines) applied to the values
 *   before they are sent; password fields are left exactly as typed.
 * - urlField: the §5 URL length rule (2000 for http(s), 1993 otherwise).
 */
import { cleanFormValues, isUrlWithinLimit, messages } from "@vn/contract";
import { z } from "zod";
import { ApiError } from "./api-error";

export function cleanSubmit<T extends Record<string, unknown>, R>(
  onValid: (values: T) => R,
): (values: T) => R {
  return (values) => onValid(cleanFormValues(values));
}

export function urlField() {
  return z.string().trim().refine(isUrlWithinLimit, { message: messages.urlTooLong });
}

/** The sentence to show for a failed submit: the server's message, or the generic one. */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return messages.somethingWentWrong;
}
