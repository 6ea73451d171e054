import { messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  createMember,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  expectSnackbar,
  signInAt,
  signInWithForm,
} from "../support/accounts";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { DEMO_STAFF, totpCode } from "../support/staff";
import { useBrowser } from "../support/suite";

const suite = useBrowser();

/** A 6-digit code the server refuses now (none of the codes one step either side). */
function wrongCode(secret: string): string {
  const now = Date.now();
  const valid = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, now + offset)));
  let candidate = Number(totpCode(secret, now));
  do candidate = (candidate + 271_829) % 1_000_000;
  while (valid.has(String(candidate).padStart(6, "0")));
  return String(candidate).padStart(6, "0");
}

describe("staff sign in with a second factor (issue 16)", () => {
  it("admin@demo signs in with the password, then the authenticator's code; a wrong code is refused", async () => {
    const { context, page } = await suite.open(1280);
    const { email, secret } = DEMO_STAFF.admin;
    await page.goto("/login");
    await signInWithForm(page, email, DEMO_PASSWORD);

    // The second step: a 6-digit field for the authenticator's code, no session yet.
    const field = page.getByLabel(messages.twoFactorCodeLabel, { exact: true });
    await field.waitFor();
    expect(await field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await field.getAttribute("inputmode")).toBe("numeric");
    await page.getByRole("heading", { name: messages.twoFactorTitle }).waitFor();
    const session = await page.evaluate(async () => (await fetch("/api/auth/session")).json());
    expect(session).toBeNull();
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "staff-sign-in-code");
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page, 360);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A wrong code: the catalogue's sentence on the field; still on /login.
    await field.fill(wrongCode(secret));
    await page.getByRole("button", { name: messages.twoFactorVerify, exact: true }).click();
    await page.getByText(messages.invalidCode, { exact: true }).waitFor();
    expect(messages.invalidCode).toBe("Invalid code. Try again.");
    expect(new URL(page.url()).pathname).toBe("/login");
    await expectNoAxeViolations(page);

    // The backup-code way is one toggle away, and back.
    await page.getByRole("button", { name: messages.twoFactorUseBackupCode }).click();
    await page.getByLabel(messages.twoFactorBackupCodeLabel, { exact: true }).waitFor();
    await page.getByRole("button", { name: messages.twoFactorUseAuthenticator }).click();

    // The right code (computed from the README's key) signs in and leaves /login.
    await page.getByLabel(messages.twoFactorCodeLabel, { exact: true }).fill(totpCode(secret));
    await page.getByRole("button", { name: messages.twoFactorVerify, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const signedIn = await page.evaluate(async () => (await fetch("/api/auth/session")).json());
    expect(signedIn.user).toMatchObject({ email, staffRole: "admin", twoFactorEnabled: true });

    // Settings tells it is on.
    await page.goto("/settings#two-factor");
    await page.getByText(messages.twoFactorOn).waitFor();
    await context.close();
  });

  /** The member who turned it on in the test before, with one of their backup codes. */
  let enrolled: { email: string; password: string; backup: string } | null = null;

  it("anyone turns the second factor on in Settings and sees the backup codes once", async () => {
    const member = await createMember("two-factor", "Tara Factor");
    const { context, page } = await suite.open(1280);
    await signInAt(page, member.email, member.password, `/${member.slug}`);
    await page.goto("/settings#two-factor");
    const section = page.locator("section#two-factor");
    await section.getByText(messages.twoFactorExplain).waitFor();

    await section.getByLabel(messages.currentPasswordLabel, { exact: true }).fill("not my password");
    await section.getByRole("button", { name: messages.twoFactorSetUp }).click();
    await section.getByText(messages.wrongCurrentPassword).waitFor();
    await section.getByLabel(messages.currentPasswordLabel, { exact: true }).fill(member.password);
    await section.getByRole("button", { name: messages.twoFactorSetUp }).click();

    // The key as text to copy (no QR code), grouped by four.
    await section.getByText(messages.twoFactorSecretHint).waitFor();
    const shown = (await section.locator("code").first().textContent()) ?? "";
    const secret = shown.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect.poll(() => section.locator("code").nth(1).textContent()).toContain(`secret=${secret}`);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "settings-two-factor-setup");
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page, 360);
    await page.setViewportSize({ width: 1280, height: 900 });

    const code = section.getByLabel(messages.twoFactorCodeLabel, { exact: true });
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    await code.fill(wrongCode(secret));
    await section.getByRole("button", { name: messages.twoFactorConfirm, exact: true }).click();
    await section.getByText(messages.invalidCode, { exact: true }).waitFor();
    await code.fill(totpCode(secret));
    await section.getByRole("button", { name: messages.twoFactorConfirm, exact: true }).click();

    // The backup codes, this once.
    const codes = section.getByRole("list", { name: messages.twoFactorBackupCodesTitle });
    await codes.waitFor();
    await expect.poll(() => codes.getByRole("listitem").count()).toBe(10);
    const backup = ((await codes.getByRole("listitem").first().textContent()) ?? "").trim();
    expect(backup).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "settings-two-factor-backup-codes");
    await section.getByRole("button", { name: messages.twoFactorBackupCodesDone }).click();
    await section.getByText(messages.twoFactorOn).waitFor();
    await context.close();
    enrolled = { email: member.email, password: member.password, backup };
  });

  it("then signs in in two steps (a backup code instead of the code) and turns it off with the password", async () => {
    if (!enrolled) throw new Error("needs the enrolment of the test before");
    const member = enrolled;
    const { backup } = member;
    const second = await suite.open(360);
    await second.page.goto("/login");
    await signInWithForm(second.page, member.email, member.password);
    await second.page.getByRole("button", { name: messages.twoFactorUseBackupCode }).click();
    const field = second.page.getByLabel(messages.twoFactorBackupCodeLabel, { exact: true });
    await field.fill(backup);
    await second.page.getByRole("button", { name: messages.twoFactorVerify, exact: true }).click();
    await second.page.waitForURL((url) => !url.pathname.startsWith("/login"));

    // Turning it off asks for the password.
    await second.page.goto("/settings#two-factor");
    const again = second.page.locator("section#two-factor");
    await again.getByText(messages.twoFactorOn).waitFor();
    await again.getByLabel(messages.currentPasswordLabel, { exact: true }).fill(member.password);
    await again.getByRole("button", { name: messages.twoFactorDisable }).click();
    await expectSnackbar(second.page, messages.twoFactorDisabled);
    await again.getByText(messages.twoFactorExplain).waitFor();
    await second.context.close();
  });
});
