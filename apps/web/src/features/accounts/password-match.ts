import { sharedMessages } from "@vn/contract/messages/shared";

/**
 * The confirmation's live verdict: "Passwords must match." as soon as both are typed and differ —
 * once the confirmation is as long as the password, or the person has left the field — so nobody
 * learns of it only after fixing every other field.
 */
export function passwordMismatch(
  password: string,
  confirmation: string,
  confirmationLeft: boolean,
): string | null {
  if (!password || !confirmation || password === confirmation) return null;
  return confirmationLeft || confirmation.length >= password.length
    ? sharedMessages.passwordsMustMatch
    : null;
}
