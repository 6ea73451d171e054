/**
 * The live handle check (spec §5 handle: taken, invalid format, a handle without two digits needs
 * Premium): the local format verdict first, then the server's answer for that exact handle.
 */
import { HANDLE_MAX, handlePattern, handleSchema } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { sharedMessages } from "@vn/contract/messages/shared";
import type { FeedbackTone } from "./email-check";

export const HANDLE_CHECK_DEBOUNCE_MS = 400;

export interface HandleAnswer {
  slug: string;
  available: boolean;
  reason?: "taken" | "needsPremium";
  message?: string;
}

/** The format problem of a handle, or null when it is well formed. */
export function handleFormatError(value: string): string | null {
  const result = handleSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? sharedMessages.handleInvalidFormat);
}

/**
 * True when typing on cannot make the handle valid (a character handles never take, a dot or dash
 * first, too long): said at once, while a handle that is only unfinished ("jo", "jane.") waits for
 * the person to leave the field.
 */
export function handleCannotBecomeValid(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === "") return false;
  return trimmed.length > HANDLE_MAX || !handlePattern.test(`${trimmed}a`);
}

export interface HandleFeedback {
  tone: FeedbackTone;
  text: string;
}

/**
 * What to show under the handle field. `unchanged` (the person's current handle) needs no check;
 * `answer` counts only when it is for the value shown.
 */
export function handleFeedback(
  value: string,
  options: { unchanged: boolean; pending: boolean; answer: HandleAnswer | null; touched: boolean },
): HandleFeedback | null {
  if (options.unchanged) return null;
  const formatError = handleFormatError(value);
  if (formatError)
    return options.touched || handleCannotBecomeValid(value) ? { tone: "error", text: formatError } : null;
  const answer = options.answer && options.answer.slug === value.trim() ? options.answer : null;
  if (options.pending || !answer)
    return options.pending ? { tone: "pending", text: accountsMessages.handleChecking } : null;
  if (answer.available) return { tone: "success", text: accountsMessages.handleAvailable };
  if (answer.reason === "needsPremium") return { tone: "error", text: accountsMessages.handleNeedsPremium };
  return { tone: "error", text: answer.message ?? accountsMessages.handleTaken };
}
