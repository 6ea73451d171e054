import { describe, expect, it } from "vitest";
import {
  AppError,
  annualPrice,
  cleanFormValues,
  cleanQuery,
  cleanText,
  entitlement,
  errorCodes,
  errorMessage,
  errorStatus,
  format,
  hasFeature,
  messages,
  safeRedirectTarget,
  truncateText,
  urlMaxLength,
} from "../src/index";

describe("error catalogue", () => {
  it("gives every §8 code its status and a message from the catalogue", () => {
    const expected: Record<string, number> = {
      user_registrationNotFinished: 403,
      user_profileNotCompleted: 403,
      request_invalidSessionToken: 401,
      request_unavailable: 503,
      request_invalidCredentials: 401,
      request_tooMany: 429,
      accountManager_permissionNotProvided: 403,
      accountManager_ownerNotFound: 403,
      company_notFound: 404,
      user_notVerified: 403,
      slug_alreadyTakenConflict: 409,
      account_accessForbiddenByPlan: 403,
      company_notVerified: 403,
      content_isBlocked: 403,
      account_unavailable: 403,
    };
    for (const [code, status] of Object.entries(expected)) {
      expect(errorCodes).toContain(code);
      expect(errorStatus(code as never)).toBe(status);
    }
    const all = Object.values(messages) as string[];
    for (const code of errorCodes) expect(all).toContain(errorMessage(code));
  });
  it("AppError carries code, status and the default message", () => {
    const error = new AppError("request_tooMany");
    expect([error.status, error.message]).toEqual([429, "Too many requests. Please try again later."]);
  });
});

describe("messages", () => {
  it("keeps the spec's sentences verbatim", () => {
    expect(messages.loggedOut).toBe("Logged out");
    expect(messages.invalidCode).toBe("Invalid code. Try again.");
    expect(messages.quoteNoteRequired).toBe("Note should not be empty for quote");
    expect(messages.nextPageFailed).toBe("Looks like we could not load next page.");
    expect(format(messages.maxLineBreaks, { count: 3 })).toBe("Maximum 3 line breaks.");
  });
});

describe("text cleanup", () => {
  it("trims, collapses spaces and blank lines", () => {
    expect(cleanText("  Hello    world \n\n\n\n second   line  ")).toBe("Hello world\n\nsecond line");
  });
  it("never touches password fields", () => {
    expect(cleanFormValues({ name: "  Anna  ", password: "  pass  word ", confirmPassword: " x " })).toEqual({
      name: "Anna",
      password: "  pass  word ",
      confirmPassword: " x ",
    });
  });
  it("cuts to a limit on a word boundary", () => {
    const cut = truncateText("word ".repeat(50), 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
    expect(truncateText("short", 160)).toBe("short");
  });
});

describe("URLs", () => {
  const origin = "https://verified.example";
  it("allows only our own origin as a redirect target", () => {
    expect(safeRedirectTarget("/settings?tab=1", origin)).toBe("/settings?tab=1");
    expect(safeRedirectTarget("https://verified.example/anna", origin)).toBe("/anna");
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "http://verified.example/x",
    ]) {
      expect(safeRedirectTarget(bad, origin)).toBeNull();
    }
  });
  it("applies the URL length rule", () => {
    expect(urlMaxLength("https://a")).toBe(2000);
    expect(urlMaxLength("/path")).toBe(1993);
    expect(safeRedirectTarget(`/${"a".repeat(1993)}`, origin)).toBeNull();
  });
  it("drops missing, empty and zero query values but keeps booleans", () => {
    expect(cleanQuery({ a: undefined, b: "", c: 0, d: null, e: false, f: true, g: 2, h: "x" })).toEqual({
      e: "false",
      f: "true",
      g: "2",
      h: "x",
    });
  });
});

describe("plans", () => {
  it("prices annual plans with the 16% discount", () => {
    expect(annualPrice(9.99)).toBe(100.7);
    expect(annualPrice(299)).toBe(3013.92);
  });
  it("maps tiers to entitlements", () => {
    expect(entitlement("user", "basic", "post.characterLimit")).toBe(1000);
    expect(entitlement("company", "premium", "post.characterLimit")).toBe(25_000);
    expect(hasFeature("user", "basic", "messenger.use")).toBe(false);
    expect(hasFeature("user", "standard", "messenger.use")).toBe(true);
    expect(hasFeature("user", "creator", "monetization.use")).toBe(true);
    expect(hasFeature("company", "enterprise", "monetization.use")).toBe(false);
  });
});
