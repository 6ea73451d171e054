import { format, messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  apiCall,
  createMember,
  expectNoSidewaysScroll,
  expectSnackbar,
  signInAt,
  signInWithForm,
} from "../support/accounts";
import { expectNoAxeViolations, screenshot, screenshotWidths } from "../support/browser";
import { readAccessChangeCode, readResetLink, waitForMail } from "../support/mail";
import { useBrowser } from "../support/suite";

const suite = useBrowser();

describe("the account lifecycle", () => {
  it("deletes an account in settings and restores it from the sign-in dialog", async () => {
    const member = await createMember("restore", "Clara Weiss");
    const { context, page } = await suite.open(1280);

    await signInAt(page, member.email, member.password, `/${member.slug}`);

    await page.goto("/settings");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messages.settingsTitle);
    await expect
      .poll(() => page.getByLabel(messages.nameLabel, { exact: true }).inputValue())
      .toBe(member.name);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "settings");
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page, 360);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The profile section saves like the wizard does.
    await page.getByLabel(messages.professionLabel).fill("Head of design");
    await page.getByRole("button", { name: messages.saveChanges }).click();
    await expectSnackbar(page, messages.changesSaved);

    // Delete, behind a confirmation.
    await page.getByRole("button", { name: messages.deleteAccount }).click();
    const confirm = page.getByRole("dialog", { name: messages.deleteConfirmTitle });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: messages.deleteAccount }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expectSnackbar(page, messages.accountDeleted);

    // Signing in to it offers restore or create-new; restore has its own confirmation.
    await signInWithForm(page, member.email, member.password);
    const choice = page.getByRole("dialog", { name: messages.deletedDialogTitle });
    await choice.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "deleted-dialog-1280");
    await choice.getByRole("button", { name: messages.restoreAccount }).click();
    const restore = page.getByRole("dialog", { name: messages.restoreConfirmTitle });
    await restore.waitFor();
    await screenshotWidths(page, "restore-confirm");
    await restore.getByRole("button", { name: messages.restoreConfirm, exact: true }).click();

    // Restored, the person lands on their home (/{slug}/network/suggested, issue 18).
    await page.waitForURL((url) => url.pathname === `/${member.slug}/network/suggested`);
    await expectSnackbar(page, messages.accountRestored);
    await page.goto(`/${member.slug}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(member.name);
    await expect.poll(() => page.getByText("Head of design").isVisible()).toBe(true);
    await context.close();
  });

  it("removes a deleted account for good with create-new, freeing its email", async () => {
    const member = await createMember("removal", "Tariq Haddad");
    const deleted = await apiCall("/v1/users/me", { method: "DELETE", token: member.token });
    expect(deleted.status).toBe(200);

    const { context, page } = await suite.open(360);
    await page.goto("/login");
    await signInWithForm(page, member.email, member.password);
    const choice = page.getByRole("dialog", { name: messages.deletedDialogTitle });
    await choice.waitFor();
    await screenshot(page, "deleted-dialog-360");
    await choice.getByRole("button", { name: messages.createNewAccount }).click();
    const remove = page.getByRole("dialog", { name: messages.removeConfirmTitle });
    await remove.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "remove-confirm-360");
    // Cancel goes back to the choice.
    await remove.getByRole("button", { name: messages.cancel }).click();
    await choice.waitFor();
    await choice.getByRole("button", { name: messages.createNewAccount }).click();
    await remove.getByRole("button", { name: messages.removeConfirm }).click();

    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("mode") === "signup");
    await expectSnackbar(page, messages.accountRemoved);
    await page.getByLabel(messages.emailLabel, { exact: true }).fill(member.email);
    await expect.poll(() => page.getByText(messages.emailAvailable).isVisible()).toBe(true);
    await context.close();
  });

  it("answers wrong credentials, an unknown email for a reset, and a bad token with the spec's messages", async () => {
    const { context, page } = await suite.open(1280);
    await page.goto("/login?error=invalidToken");
    await expect.poll(() => page.getByText(messages.invalidToken).isVisible()).toBe(true);

    await signInWithForm(page, "anna@demo.verified.local", "not-the-password");
    await expect.poll(() => page.getByText(messages.invalidCredentials).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "login-error");

    await page.getByRole("button", { name: messages.forgotPassword }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(messages.forgotTitle);
    await page.getByLabel(messages.emailLabel, { exact: true }).fill("nobody-here@e2e.verified.local");
    await page.getByRole("button", { name: messages.sendResetLink }).click();
    await expect.poll(() => page.getByText(messages.userEmailNotFound).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "forgot");

    await page.goto("/login/reset-password?token=not-a-real-token");
    await page.getByLabel(messages.newPasswordLabel, { exact: true }).fill("brand-new-password");
    await page.getByLabel(messages.newPasswordConfirmLabel, { exact: true }).fill("brand-new-password");
    await page.getByRole("button", { name: messages.resetSubmit }).click();
    await expect.poll(() => page.getByText(messages.resetLinkExpired).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: messages.requestNewLink }).isVisible()).toBe(true);
    await context.close();
  });

  it("resets a forgotten password with the mailed link", async () => {
    const member = await createMember("reset", "Ines Duarte");
    const { context, page } = await suite.open(360);
    await page.goto("/login?mode=forgot");
    await page.getByLabel(messages.emailLabel, { exact: true }).fill(member.email);
    const since = Date.now();
    await page.getByRole("button", { name: messages.sendResetLink }).click();
    await expect.poll(() => page.getByText(messages.resetLinkSent).isVisible()).toBe(true);
    await screenshot(page, "forgot-sent-360");

    const link = new URL(await readResetLink(member.email, since));
    await page.goto(`${link.pathname}${link.search}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(messages.resetTitle);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "reset-password");
    await page.getByLabel(messages.newPasswordLabel, { exact: true }).fill("a-fresh-password");
    await page.getByLabel(messages.newPasswordConfirmLabel, { exact: true }).fill("a-fresh-password");
    await page.getByRole("button", { name: messages.resetSubmit }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expectSnackbar(page, messages.resetDone);

    await signInWithForm(page, member.email, member.password);
    await expect.poll(() => page.getByText(messages.invalidCredentials).isVisible()).toBe(true);
    await signInWithForm(page, member.email, "a-fresh-password");
    // Sign-in lands on the home (issue 18).
    await page.waitForURL((url) => url.pathname === `/${member.slug}/network/suggested`);
    await context.close();
  });

  it("sends a blocked-or-unavailable account to /not-available", async () => {
    const { context, page } = await suite.open(360);
    await page.goto("/not-available?email=someone%40example.com");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messages.notAvailableTitle);
    await expect.poll(() => page.getByText(messages.accountDeletedOrBlocked).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "not-available");
    await context.close();
  });
});

describe("settings", () => {
  it("changes the password (other sessions end) and the email with a code sent to the new address", async () => {
    const member = await createMember("settings", "Leo Martins");
    const { context, page } = await suite.open(1280);
    await signInAt(page, member.email, member.password, `/${member.slug}`);
    await page.goto("/settings#password");
    // The email and phone sections ask for the current password too (issue 11): each form by its section.
    const passwordSection = page.locator("section#password");
    const emailSection = page.locator("section#email");

    await passwordSection.getByLabel(messages.currentPasswordLabel, { exact: true }).fill("not-my-password");
    await page.getByLabel(messages.newPasswordLabel, { exact: true }).fill("next-password-2026");
    await page.getByLabel(messages.newPasswordConfirmLabel, { exact: true }).fill("next-password-2026");
    await page.getByRole("button", { name: messages.changePassword }).click();
    await expect.poll(() => passwordSection.getByText(messages.wrongCurrentPassword).isVisible()).toBe(true);
    await passwordSection.getByLabel(messages.currentPasswordLabel, { exact: true }).fill(member.password);
    await page.getByRole("button", { name: messages.changePassword }).click();
    await expectSnackbar(page, messages.passwordChanged);
    // The API client's own session (made when the member was created) has ended.
    expect((await apiCall("/v1/users/me", { token: member.token })).status).toBe(401);

    const newEmail = `new.${member.email}`;
    await emailSection.getByLabel(messages.newEmailLabel, { exact: true }).fill(newEmail);
    // A wrong current password sends no code.
    await emailSection.getByLabel(messages.currentPasswordLabel, { exact: true }).fill("not-my-password");
    await emailSection.getByRole("button", { name: messages.sendCode }).click();
    await expect.poll(() => emailSection.getByText(messages.wrongCurrentPassword).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    const since = Date.now();
    await emailSection.getByLabel(messages.currentPasswordLabel, { exact: true }).fill("next-password-2026");
    await emailSection.getByRole("button", { name: messages.sendCode }).click();
    const code = await readAccessChangeCode(newEmail, since);
    await page.getByLabel(messages.codeLabel).fill(code);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: messages.confirmChange }).click();
    await expectSnackbar(page, messages.emailChanged);
    await expect
      .poll(() => page.getByText(format(messages.currentEmail, { email: newEmail })).isVisible())
      .toBe(true);

    // The old address is told, with a link that undoes the change after asking (issue 11).
    const notice = await waitForMail(
      member.email,
      (mail) => mail.subject === messages.mailEmailChangedSubject,
      {
        since,
      },
    );
    const undo = /https?:\/\/[^\s"<>]+\/\?type=access-change-undo&(?:amp;)?token=[A-Za-z0-9_-]+/.exec(
      notice.text,
    )?.[0];
    expect(undo).toBeDefined();
    const link = new URL((undo ?? "").replace(/&amp;/g, "&"));
    await page.goto(`${link.pathname}${link.search}`);
    const dialog = page.getByRole("dialog", { name: messages.accessChangeUndoTitle });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, "settings-undo-access-change-1280");
    await dialog.getByRole("button", { name: messages.accessChangeUndoConfirm }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expectSnackbar(page, format(messages.accessChangeUndone, { email: member.email }));
    expect(
      (
        await apiCall("/auth/sign-in/email", {
          body: { email: member.email, password: "next-password-2026" },
        })
      ).status,
    ).toBe(200);
    await context.close();
  });
});

describe("an unfinished profile", () => {
  it("opens the wizard after sign-in, and keeps the member there", async () => {
    const { context, page } = await suite.open(1280);
    await signInAt(page, "sam@demo.verified.local", "demo-password-2026", "/create-profile/profile");
    await page.goto("/settings");
    await page.waitForURL((url) => url.pathname === "/create-profile/profile");
    await context.close();
  });
});
