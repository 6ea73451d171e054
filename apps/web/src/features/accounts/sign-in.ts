/**
 * Signing in with email and password, as /login and the sign-in dialog both do it: one call to the
 * auth client (POST /api/auth/sign-in/email) and one reading of its answer, so the two never
 * differ. A person with a second factor (staff, issue 16) gets no session from this call: the
 * answer says so and the caller sends them to /login, where the second step is.
 */
import { api } from "../../lib/api-client";
import { type AuthOutcome, signInOutcome } from "./auth-outcomes";

export type SignInResult =
  /** The session cookie is set. */
  | { kind: "signedIn" }
  /** The password was right; the authenticator's code is asked next (on /login). */
  | { kind: "secondFactor" }
  | AuthOutcome;

/** True when the sign-in answer asks for the second step instead of starting a session. */
export function needsSecondFactor(answer: unknown): boolean {
  return (
    typeof answer === "object" &&
    answer !== null &&
    (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  try {
    const answer = await api.accounts.signInEmail({ body: { email, password } });
    return needsSecondFactor(answer) ? { kind: "secondFactor" } : { kind: "signedIn" };
  } catch (error) {
    return signInOutcome(error, email);
  }
}
