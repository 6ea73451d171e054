import { messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  accountCreationOutcome,
  codeFailure,
  resetFailureMessage,
  restoreFailureMessage,
  signInOutcome,
  twoFactorFailure,
} from "../src/features/accounts/auth-outcomes";
import { ApiError } from "../src/lib/api-error";

const email = "anna@example.com";
const noResponse = new ApiError(0, null, messages.errorSendingRequest);

describe("sign-in failures", () => {
  it("wrong credentials and too many attempts get the spec's sentences", () => {
    const wrong = new ApiError(401, "request_invalidCredentials", "whatever the server said");
    expect(signInOutcome(wrong, email)).toEqual({ kind: "message", text: messages.invalidCredentials });
    const many = new ApiError(429, "request_tooMany", "Slow down");
    expect(signInOutcome(many, email)).toEqual({ kind: "message", text: messages.tooManyRequests });
  });

  it("a deleted account with a restore token opens the restore-or-create-new choice", () => {
    const error = new ApiError(403, "user_deleted", messages.accountDeletedRestorable, {
      email: "ANNA@example.com",
      restoreToken: "tok",
    });
    expect(signInOutcome(error, email)).toEqual({
      kind: "deleted",
      email: "ANNA@example.com",
      restoreToken: "tok",
    });
    const withoutToken = new ApiError(403, "user_deleted", messages.accountDeletedRestorable, { email });
    expect(signInOutcome(withoutToken, email)).toEqual({
      kind: "message",
      text: messages.accountDeletedRestorable,
    });
  });

  it("an unavailable (blocked) account goes to /not-available with its email", () => {
    const error = new ApiError(403, "account_unavailable", messages.accountDeletedOrBlocked, {
      email: "b@x.io",
    });
    expect(signInOutcome(error, email)).toEqual({ kind: "notAvailable", email: "b@x.io" });
    expect(signInOutcome(new ApiError(403, "account_unavailable", "x"), email)).toEqual({
      kind: "notAvailable",
      email,
    });
  });

  it("an unfinished registration continues at the code step", () => {
    const error = new ApiError(403, "user_registrationNotFinished", messages.registrationNotFinished, {
      email,
      codeSent: false,
    });
    expect(signInOutcome(error, email)).toEqual({
      kind: "registrationNotFinished",
      email,
      text: messages.registrationNotFinished,
      codeSent: false,
    });
  });

  it("anything else shows the server's sentence; a non-API failure the generic one", () => {
    expect(signInOutcome(new ApiError(503, "request_unavailable", "Down"), email)).toEqual({
      kind: "message",
      text: "Down",
    });
    expect(signInOutcome(new Error("boom"), email)).toEqual({
      kind: "message",
      text: messages.somethingWentWrong,
    });
  });
});

describe("account creation failures (§8)", () => {
  it("no response gives createError", () => {
    expect(accountCreationOutcome(noResponse, email)).toEqual({
      kind: "message",
      text: messages.createError,
    });
    expect(accountCreationOutcome(new TypeError("fetch failed"), email)).toEqual({
      kind: "message",
      text: messages.createError,
    });
  });

  it("401 and 5xx show the server's message", () => {
    expect(
      accountCreationOutcome(new ApiError(401, "user_restoreTokenInvalid", "Invalid token."), email),
    ).toEqual({
      kind: "message",
      text: "Invalid token.",
    });
    expect(accountCreationOutcome(new ApiError(500, "server_internal", "Internal"), email)).toEqual({
      kind: "message",
      text: "Internal",
    });
  });

  it("403 account_unavailable goes to /not-available; 403 user_registrationNotFinished shows the message", () => {
    expect(accountCreationOutcome(new ApiError(403, "account_unavailable", "x", { email }), email)).toEqual({
      kind: "notAvailable",
      email,
    });
    expect(
      accountCreationOutcome(
        new ApiError(403, "user_registrationNotFinished", messages.registrationNotFinished),
        email,
      ),
    ).toEqual({ kind: "message", text: messages.registrationNotFinished });
  });
});

describe("restore, reset and code failures", () => {
  it("restore shows the server's message, or the spec's fallback when there is none", () => {
    expect(restoreFailureMessage(new ApiError(401, "user_restoreTokenInvalid", "Invalid token."))).toBe(
      "Invalid token.",
    );
    expect(restoreFailureMessage(noResponse)).toBe(messages.restoreFailed);
    expect(restoreFailureMessage(new ApiError(502, null, messages.internalServerIssue))).toBe(
      messages.restoreFailed,
    );
  });

  it("an expired reset link gets the spec's sentence", () => {
    expect(resetFailureMessage(new ApiError(400, "user_resetLinkExpired", "x"))).toEqual({
      text: messages.resetLinkExpired,
      expired: true,
    });
    expect(resetFailureMessage(new ApiError(429, "request_tooMany", messages.tooManyRequests))).toEqual({
      text: messages.tooManyRequests,
      expired: false,
    });
  });

  it("a wrong code is a field error; an expired code or too many tries needs a new code", () => {
    expect(codeFailure(new ApiError(400, "code_invalid", "x"))).toEqual({
      text: messages.invalidCode,
      needsNewCode: false,
    });
    expect(codeFailure(new ApiError(400, "code_expired", "x"))).toEqual({
      text: messages.codeExpired,
      needsNewCode: true,
    });
    expect(codeFailure(new ApiError(429, "code_tooManyAttempts", "x"))).toEqual({
      text: messages.tooManyRequests,
      needsNewCode: true,
    });
  });
});

describe("the sign-in's second step (issue 16)", () => {
  it("a wrong code is the field's; a lost challenge means signing in again; the rest is the server's", () => {
    expect(twoFactorFailure(new ApiError(400, "code_invalid", "x"))).toEqual({
      kind: "field",
      text: "Invalid code. Try again.",
    });
    expect(twoFactorFailure(new ApiError(401, "twoFactor_challengeExpired", "x"))).toEqual({
      kind: "restart",
      text: messages.twoFactorChallengeExpired,
    });
    expect(twoFactorFailure(new ApiError(429, "code_tooManyAttempts", "x"))).toEqual({
      kind: "restart",
      text: messages.tooManyRequests,
    });
    expect(twoFactorFailure(new ApiError(429, "request_tooManyForEmail", "Wait a while"))).toEqual({
      kind: "message",
      text: "Wait a while",
    });
    expect(twoFactorFailure(new Error("boom")).kind).toBe("message");
  });
});
