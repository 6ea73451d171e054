import { accountsMessages } from "@vn/contract/messages/accounts";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/api-error";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";

/**
 * A refused save of a form that sets a handle (profile, company): a taken handle, or one the plan
 * does not allow, goes on the handle field and focuses it; the API's per-field messages go on the
 * `fields` the form has; anything else is the form's alert (`showAlert`).
 */
export function showHandleSaveError<Values extends FieldValues & { slug: string }>(
  error: unknown,
  {
    fields,
    setError,
    showAlert,
  }: { fields: readonly string[]; setError: UseFormSetError<Values>; showAlert: (text: string) => void },
): void {
  const slug = "slug" as Path<Values>;
  if (error instanceof ApiError && error.code === "slug_alreadyTakenConflict") {
    setError(slug, { message: accountsMessages.handleTaken }, { shouldFocus: true });
  } else if (error instanceof ApiError && error.code === "account_accessForbiddenByPlan") {
    setError(slug, { message: error.message }, { shouldFocus: true });
  } else {
    const byField = fieldErrorsOf(error);
    const known = Object.keys(byField).filter((field) => fields.includes(field));
    for (const field of known) setError(field as Path<Values>, { message: byField[field] });
    if (known.length === 0) showAlert(submitErrorMessage(error));
  }
}
