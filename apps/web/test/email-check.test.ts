import { EMAIL_MIN, format, messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  blocksSubmit,
  type EmailCheck,
  emailCheckReducer,
  emailFeedback,
  initialEmailCheck,
  stateForTyped,
} from "../src/features/accounts/email-check";

describe("the email state of a typed value (§4)", () => {
  it.each([
    ["", "emptyField"],
    ["   ", "emptyField"],
    ["a@b.c", "minCharError"],
    ["anna", "minCharError"],
    ["not-an-email", "invalidEmailFormat"],
    ["anna@@example.com", "invalidEmailFormat"],
    ["anna@example.com", "loading"],
    ["  anna@example.com  ", "loading"],
  ])("%j is %s", (value, state) => {
    expect(stateForTyped(value)).toBe(state);
  });
});

describe("the live check", () => {
  const typed = (check: EmailCheck, value: string) => emailCheckReducer(check, { type: "typed", value });

  it("waits for the server for a well-formed address, then takes its answer", () => {
    const loading = typed(initialEmailCheck, "anna@example.com");
    expect(loading.state).toBe("loading");
    const used = emailCheckReducer(loading, { type: "answered", value: "anna@example.com", state: "used" });
    expect(used).toEqual({ value: "anna@example.com", state: "used" });
  });

  it("ignores an answer for a value the person has changed since", () => {
    const first = typed(initialEmailCheck, "anna@example.com");
    const second = typed(first, "anna@example.org");
    const stale = emailCheckReducer(second, { type: "answered", value: "anna@example.com", state: "used" });
    expect(stale).toEqual({ value: "anna@example.org", state: "loading" });
  });

  it("gives up quietly when the check fails (the server judges on submit)", () => {
    const loading = typed(initialEmailCheck, "anna@example.com");
    expect(emailCheckReducer(loading, { type: "failed", value: "anna@example.com" }).state).toBeNull();
    // A failure for an old value changes nothing.
    const other = typed(loading, "x@example.com");
    expect(emailCheckReducer(other, { type: "failed", value: "anna@example.com" })).toBe(other);
  });

  it("keeps the same state object when the same value is typed again", () => {
    const loading = typed(initialEmailCheck, "anna@example.com");
    expect(typed(loading, "anna@example.com")).toBe(loading);
  });
});

describe("what the field says", () => {
  it("says used and notUsed at once, and offers sign-in for a used address", () => {
    expect(emailFeedback("used", false)).toEqual({
      tone: "error",
      text: messages.emailAlreadyLinked,
      offerSignIn: true,
    });
    expect(emailFeedback("notUsed", false)).toEqual({ tone: "success", text: messages.emailAvailable });
    expect(emailFeedback("loading", false)).toEqual({ tone: "pending", text: messages.emailChecking });
  });

  it("holds format problems back until the field was left once", () => {
    for (const state of ["emptyField", "minCharError", "invalidEmailFormat"] as const) {
      expect(emailFeedback(state, false)).toBeNull();
    }
    expect(emailFeedback("emptyField", true)?.text).toBe(messages.fieldRequired);
    expect(emailFeedback("minCharError", true)?.text).toBe(format(messages.minChars, { count: EMAIL_MIN }));
    expect(emailFeedback("invalidEmailFormat", true)?.text).toBe(messages.invalidEmail);
    expect(emailFeedback(null, true)).toBeNull();
  });

  it("blocks the submit only for an address already in use", () => {
    expect(blocksSubmit("used")).toBe(true);
    for (const state of ["notUsed", "loading", "emptyField", null] as const)
      expect(blocksSubmit(state)).toBe(false);
  });
});
