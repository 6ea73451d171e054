import { messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { handleFeedback, handleFormatError } from "../src/features/accounts/handle-check";
import { ApiError } from "../src/lib/api-error";
import { fieldErrorsOf } from "../src/lib/forms";
import { decideQueryIntent } from "../src/lib/query-intents";

describe("the live handle check (§5)", () => {
  const base = { unchanged: false, pending: false, answer: null, touched: true };

  it("reports the format before asking the server", () => {
    expect(handleFormatError("jane.doe.42")).toBeNull();
    expect(handleFormatError("jane doe")).toBe(messages.handleInvalidFormat);
    expect(handleFeedback("-jane", base)).toEqual({ tone: "error", text: messages.handleInvalidFormat });
    // An unfinished handle waits until the field is left once ("jane." may become "jane.42")…
    expect(handleFeedback("jane.", { ...base, touched: false })).toBeNull();
    expect(handleFeedback("jo", { ...base, touched: false })).toBeNull();
    // …one that typing on cannot mend is said at once (issue 18: no inline hint for an invalid handle).
    expect(handleFeedback("-jane", { ...base, touched: false })).toEqual({
      tone: "error",
      text: messages.handleInvalidFormat,
    });
    expect(handleFeedback("jane doe", { ...base, touched: false })?.tone).toBe("error");
  });

  it("says nothing about the account's own current handle", () => {
    expect(handleFeedback("jane", { ...base, unchanged: true })).toBeNull();
  });

  it("shows checking, available, taken and needs-Premium", () => {
    expect(handleFeedback("jane.42", { ...base, pending: true })).toEqual({
      tone: "pending",
      text: messages.handleChecking,
    });
    const answer = (extra: object) => ({ slug: "jane.42", available: false, ...extra });
    expect(handleFeedback("jane.42", { ...base, answer: answer({ available: true }) })?.text).toBe(
      messages.handleAvailable,
    );
    expect(handleFeedback("jane.42", { ...base, answer: answer({ reason: "taken" }) })?.text).toBe(
      messages.handleTaken,
    );
    expect(
      handleFeedback("jane", { ...base, answer: { ...answer({ reason: "needsPremium" }), slug: "jane" } }),
    ).toEqual({
      tone: "error",
      text: messages.handleNeedsPremium,
    });
  });

  it("ignores an answer about another handle than the one shown", () => {
    expect(handleFeedback("jane.43", { ...base, answer: { slug: "jane.42", available: true } })).toBeNull();
  });
});

describe("query parameters with meaning (§2)", () => {
  it("sends a visitor with an invitation to the join form, keeping the code", () => {
    expect(decideQueryIntent("/", "?type=invite&code=abc", false)).toEqual({
      type: "redirect",
      to: "/login?mode=signup&type=invite&code=abc",
    });
  });

  it("accepts a member's invitation and drops the parameters", () => {
    expect(decideQueryIntent("/companies", "?type=invite&code=abc&tab=x", true)).toEqual({
      type: "acceptInvite",
      code: "abc",
      rest: "/companies?tab=x",
    });
  });

  it("opens profile creation for intent=create-profile", () => {
    expect(decideQueryIntent("/faq", "?intent=create-profile", false)).toEqual({
      type: "redirect",
      to: "/login?mode=signup&intent=create-profile",
    });
    expect(decideQueryIntent("/faq", "?intent=create-profile", true)).toEqual({
      type: "redirect",
      to: "/create-profile",
    });
    expect(decideQueryIntent("/create-profile", "?intent=create-profile", true)).toEqual({ type: "none" });
  });

  it("leaves /login, /logout and pages without these parameters alone", () => {
    expect(decideQueryIntent("/login", "?type=invite&code=abc", false)).toEqual({ type: "none" });
    expect(decideQueryIntent("/logout", "?intent=create-profile", true)).toEqual({ type: "none" });
    expect(decideQueryIntent("/", "?type=invite", false)).toEqual({ type: "none" });
    expect(decideQueryIntent("/", "", false)).toEqual({ type: "none" });
  });
});

describe("field errors of a 422 answer", () => {
  it("maps body.<field> paths to the form's fields, first message each", () => {
    const error = new ApiError(422, "request_validationFailed", "The request is not valid.", [
      { path: "body.dateOfBirth", message: messages.mustBeAdult },
      { path: "body.dateOfBirth", message: "second" },
      { path: "body.value", message: messages.invalidPhone },
      { path: "query", message: "ignored" },
      "junk",
    ]);
    expect(fieldErrorsOf(error)).toEqual({ dateOfBirth: messages.mustBeAdult, value: messages.invalidPhone });
    expect(fieldErrorsOf(new Error("x"))).toEqual({});
  });
});
