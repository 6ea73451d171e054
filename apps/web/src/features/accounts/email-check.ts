/**
 * The sign-up form's live email check (spec §4 "email validation states"): what the field says
 * while the person types. The states the browser can decide alone (emptyField, minCharError,
 * invalidEmailFormat) are decided at once; a well-formed address is "loading" until the server
 * answers used or notUsed (POST /api/v1/users/email/check, debounced).
 */
import { EMAIL_MIN, type EmailValidationState, format, localEmailState } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { sharedMessages } from "@vn/contract/messages/shared";

/** How long typing must pause before the server is asked. */
export const EMAIL_CHECK_DEBOUNCE_MS = 400;

export interface EmailCheck {
  /** The value the state belongs to. */
  value: string;
  /** null: not known (the check failed or was refused); the server judges on submit. */
  state: EmailValidationState | null;
}

export type EmailCheckAction =
  | { type: "typed"; value: string }
  | {
      type: "answered";
      value: string;
      state: "used" | "notUsed" | "invalidEmailFormat" | "minCharError" | "emptyField";
    }
  | { type: "failed"; value: string };

export const initialEmailCheck: EmailCheck = { value: "", state: "emptyField" };

/** The state of a freshly typed value: a local verdict, or "loading" when the server must say. */
export function stateForTyped(value: string): EmailValidationState {
  return localEmailState(value) ?? "loading";
}

export function emailCheckReducer(current: EmailCheck, action: EmailCheckAction): EmailCheck {
  switch (action.type) {
    case "typed":
      if (action.value === current.value && current.state !== null) return current;
      return { value: action.value, state: stateForTyped(action.value) };
    case "answered":
      // An answer for a value the person has already changed is stale.
      return action.value === current.value ? { value: action.value, state: action.state } : current;
    case "failed":
      return action.value === current.value && current.state === "loading"
        ? { value: action.value, state: null }
        : current;
  }
}

export type FeedbackTone = "error" | "success" | "pending";

export interface EmailFeedback {
  tone: FeedbackTone;
  text: string;
  /** "used" offers a way to the sign-in form. */
  offerSignIn?: boolean;
}

/**
 * What to show under the field. Format problems wait until the field was left once (or the form
 * was submitted), so nobody is scolded for an address they are still typing; the server's
 * answers and the pending check show at once.
 */
export function emailFeedback(state: EmailValidationState | null, touched: boolean): EmailFeedback | null {
  switch (state) {
    case "used":
      return { tone: "error", text: accountsMessages.emailAlreadyLinked, offerSignIn: true };
    case "notUsed":
      return { tone: "success", text: accountsMessages.emailAvailable };
    case "loading":
      return { tone: "pending", text: accountsMessages.emailChecking };
    case "emptyField":
      return touched ? { tone: "error", text: sharedMessages.fieldRequired } : null;
    case "minCharError":
      return touched ? { tone: "error", text: format(sharedMessages.minChars, { count: EMAIL_MIN }) } : null;
    case "invalidEmailFormat":
      return touched ? { tone: "error", text: sharedMessages.invalidEmail } : null;
    default:
      return null;
  }
}

/** True when the form must not be sent with this state (the server would refuse it anyway). */
export function blocksSubmit(state: EmailValidationState | null): boolean {
  return state === "used";
}
