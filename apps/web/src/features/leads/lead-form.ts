import { commonMessages } from "@vn/contract/messages/common";
import { leadsMessages } from "@vn/contract/messages/leads";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/api-error";
import { fieldErrorsOf } from "@/lib/forms";

/**
 * A failed send of a lead form: the server's per-field messages go on their fields; the sentence
 * for the whole form is the rate-limit message, the server's, or the generic one.
 */
export function leadFailure<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  error: unknown,
): string | null {
  const fields = fieldErrorsOf(error);
  for (const [field, message] of Object.entries(fields)) {
    form.setError(field as Path<Values>, { type: "server", message });
  }
  if (Object.keys(fields).length > 0) return null;
  if (error instanceof ApiError && error.code === "lead_tooMany") return leadsMessages.leadRateLimited;
  if (error instanceof ApiError) return error.message;
  return commonMessages.somethingWentWrong;
}
