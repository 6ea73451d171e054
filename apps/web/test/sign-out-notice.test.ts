import { messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { signOutNotice, signOutNoticeKeys } from "../src/features/accounts/sign-out-notice";

/** Issue 11 item 13: /logout?message= shows only notices of ours, never text from the address. */
describe("the notice /logout shows", () => {
  it("is Logged out without a message", () => {
    expect(signOutNotice(null)).toBe(messages.loggedOut);
    expect(signOutNotice("")).toBe(messages.loggedOut);
  });

  it("is an allowed notice named by its key or by its exact sentence (what links send today)", () => {
    expect(signOutNotice("accountDeleted")).toBe(messages.accountDeleted);
    expect(signOutNotice(messages.accountDeleted)).toBe(messages.accountDeleted);
    expect(signOutNotice(messages.sessionExpired)).toBe(messages.sessionExpired);
    for (const key of signOutNoticeKeys) expect(signOutNotice(key)).toBe(messages[key]);
  });

  it("never an attacker's words: anything else is the plain Logged out", () => {
    for (const attack of [
      "Your account was compromised. Call +1 555 0100 or visit https://evil.example to restore it.",
      `${messages.accountDeleted} Call +1 555 0100.`,
      ` ${messages.accountDeleted}`,
      "<img src=x onerror=alert(1)>",
      "invalidCredentials",
      "constructor",
      "__proto__",
    ]) {
      expect(signOutNotice(attack), attack).toBe(messages.loggedOut);
    }
  });
});
