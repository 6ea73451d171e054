import { describe, expect, it } from "vitest";
import { codeMsLeft, formatCountdown, resendSecondsLeft } from "../src/features/accounts/code-timer";
import { destinationAfterSignIn } from "../src/features/accounts/destination";
import { resumeTarget, stepAfter, stepNumber, type WizardFacts } from "../src/features/accounts/wizard";

const fresh: WizardFacts = { status: "profile-not-completed", personSlug: "jane.doe.42" };
const active: WizardFacts = { ...fresh, status: "active", verificationStatus: "not_verified" };

describe("the create-profile wizard's order", () => {
  it("goes profile → get verified → company → the home (issue 18)", () => {
    expect(stepAfter("profile", active)).toBe("/create-profile/get-verified");
    expect(stepAfter("verify", active)).toBe("/create-profile/company");
    expect(stepAfter("company", active)).toBe("/jane.doe.42/network/suggested");
  });

  it("skips verification for a verified person and the company step once it is done", () => {
    const verified = { ...active, verificationStatus: "verified" };
    expect(stepAfter("profile", verified)).toBe("/create-profile/company");
    expect(stepAfter("profile", { ...verified, isCompanyWizardCompleted: true })).toBe(
      "/jane.doe.42/network/suggested",
    );
    expect(stepAfter("verify", { ...active, countCompanyProfiles: 1 })).toBe(
      "/jane.doe.42/network/suggested",
    );
  });

  it("resumes at the first step not done", () => {
    expect(resumeTarget(fresh)).toBe("/create-profile/profile");
    expect(resumeTarget({ ...fresh, status: "profile_not_completed" })).toBe("/create-profile/profile");
    expect(resumeTarget(active)).toBe("/create-profile/get-verified");
  });

  it("numbers the steps from 1", () => {
    expect([stepNumber("profile"), stepNumber("verify"), stepNumber("company")]).toEqual([1, 2, 3]);
  });
});

describe("where sign-in leads", () => {
  const origin = "https://verified.example";
  const user = { slug: "jane.doe.42", status: { id: "active" } };

  it("an unfinished profile goes to the wizard whatever was asked", () => {
    const incomplete = { ...user, status: { id: "profile-not-completed" } };
    expect(destinationAfterSignIn(incomplete, { redirect: "/settings", origin })).toBe(
      "/create-profile/profile",
    );
  });

  it("the create-profile intent opens the wizard", () => {
    expect(destinationAfterSignIn(user, { intent: "create-profile", origin })).toBe("/create-profile");
  });

  it("a safe redirect of our own origin is honoured; other origins and the sign-in pages are not", () => {
    expect(destinationAfterSignIn(user, { redirect: "/settings?x=1", origin })).toBe("/settings?x=1");
    expect(destinationAfterSignIn(user, { redirect: "https://evil.example/x", origin })).toBe(
      "/jane.doe.42/network/suggested",
    );
    expect(destinationAfterSignIn(user, { redirect: "//evil.example", origin })).toBe(
      "/jane.doe.42/network/suggested",
    );
    expect(destinationAfterSignIn(user, { redirect: "/login?mode=signup", origin })).toBe(
      "/jane.doe.42/network/suggested",
    );
    expect(destinationAfterSignIn(user, { redirect: "/logout", origin })).toBe(
      "/jane.doe.42/network/suggested",
    );
  });

  it("no session means back to /login", () => {
    expect(destinationAfterSignIn(null, { origin })).toBe("/login");
  });
});

describe("code timing", () => {
  it("formats what is left as m:ss, never negative", () => {
    expect(formatCountdown(600_000)).toBe("10:00");
    expect(formatCountdown(545_000)).toBe("9:05");
    expect(formatCountdown(400)).toBe("0:01");
    expect(formatCountdown(-5)).toBe("0:00");
  });

  it("counts the resend cooldown down from 60 s", () => {
    expect(resendSecondsLeft(1_000, 1_000)).toBe(60);
    expect(resendSecondsLeft(1_000, 31_500)).toBe(30);
    expect(resendSecondsLeft(1_000, 61_000)).toBe(0);
    expect(resendSecondsLeft(0, Date.now())).toBe(0);
  });

  it("knows when a code has expired", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(codeMsLeft("2026-01-01T00:10:00Z", now)).toBe(600_000);
    expect(codeMsLeft("2025-12-31T23:59:00Z", now)).toBe(0);
    expect(codeMsLeft(null, now)).toBe(0);
    expect(codeMsLeft("not a date", now)).toBe(0);
  });
});
