import { format, messages, type VerificationState } from "@vn/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminSections } from "../../../apps/web/src/features/admin/sections";
import {
  apiCall,
  createMember,
  expectNoSidewaysScroll,
  expectSnackbar,
  type Member,
  signInWithForm,
} from "../support/accounts";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { submitPassport } from "../support/identity-sandbox";
import { signInStaff } from "../support/staff";
import { useBrowser } from "../support/suite";

/**
 * The back-office shell and identity decisions (issue 16): /admin is a 404 to everyone but staff;
 * a moderator sees no admin-only section; an admin accepts a verification the sandbox vendor handed
 * to a person (document number ending 0004), and the person's processing page moves on live.
 */
const suite = useBrowser();

/** The page's h1 reads `title`. */
async function expectHeading(page: Page, title: string): Promise<void> {
  await expect
    .poll(() => page.getByRole("heading", { level: 1 }).first().textContent(), { timeout: 20_000 })
    .toBe(title);
}

/** `path` answers the app's own 404 page, with a 404 status. */
async function expectNotFound(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expectHeading(page, messages.notFoundTitle);
}

const verificationState = async (member: Member) =>
  (await apiCall<{ data: VerificationState }>("/v1/users/me/verification", { token: member.token })).body
    .data;

/**
 * Through the sandbox vendor's hosted capture calls (what /jumio sends): a passport whose number
 * ends in 0004, which the vendor hands to staff (pending_admin_action).
 */
async function sendForManualReview(member: Member): Promise<void> {
  await submitPassport(member, "PT-5550-0004");
}

describe("the back-office shell", () => {
  it("is the app's 404 to a visitor and to a signed-in person who is not staff", {
    timeout: 120_000,
  }, async () => {
    const { page: visitor } = await suite.open(1280);
    await expectNotFound(visitor, "/admin");
    await expectNotFound(visitor, "/admin/verifications");

    const member = await createMember("admin-404", "Nadia Costa");
    const { page } = await suite.open(1280);
    await page.goto("/login");
    await signInWithForm(page, member.email, member.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await expectNotFound(page, "/admin");
    await expectNotFound(page, "/admin/verifications");
    await expectNotFound(page, "/admin/kyb");
  });

  it("shows a moderator only the sections a moderator may use", { timeout: 120_000 }, async () => {
    const { page } = await suite.open(1280);
    await signInStaff(page, "moderator");
    await page.goto("/admin/verifications");
    await expectHeading(page, messages.adminVerificationsTitle);
    const nav = page.getByRole("navigation", { name: messages.adminNavLabel });
    for (const section of adminSections) {
      expect(await nav.getByRole("link", { name: section.label, exact: true }).count(), section.label).toBe(
        section.admin ? 0 : 1,
      );
    }
    const current = nav.getByRole("link", { name: "Identity verification", exact: true });
    expect(await current.getAttribute("aria-current")).toBe("page");
    // An admin-only page is a 404 to them as to anyone else.
    await expectNotFound(page, "/admin/kyb");
    await expectNotFound(page, "/admin/creators");
  });
});

describe("identity verification decisions", () => {
  it("an admin accepts a verification waiting for review; the person's processing page moves on live", {
    timeout: 240_000,
  }, async () => {
    // The person: documents sent, the vendor hands them to staff, the processing page waits.
    // Unique, and a name as the sign-up form takes it (letters only).
    const tag = Date.now()
      .toString(36)
      .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!);
    const name = `Inês Review ${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;
    const member = await createMember("admin-idv", name);
    await sendForManualReview(member);
    await expect
      .poll(async () => (await verificationState(member)).transaction?.status, { timeout: 30_000 })
      .toBe("pending_admin_action");
    const { page: person } = await suite.open(1280);
    await person.goto("/login");
    await signInWithForm(person, member.email, member.password);
    await person.waitForURL((url) => !url.pathname.startsWith("/login"));
    await person.goto("/verification/processing");
    await expectHeading(person, messages.processingTitle);

    // The admin: the queue, the item, its documents, the decision.
    const { page: admin } = await suite.open(1280);
    await signInStaff(admin, "admin");
    await admin.goto("/admin/verifications");
    await expectHeading(admin, messages.adminVerificationsTitle);
    const nav = admin.getByRole("navigation", { name: messages.adminNavLabel });
    for (const section of adminSections) {
      expect(await nav.getByRole("link", { name: section.label, exact: true }).count()).toBe(1);
    }
    const entry = admin.getByRole("link", { name: new RegExp(name) });
    await entry.waitFor();
    await expectNoAxeViolations(admin);
    await expectNoSidewaysScroll(admin, 1280);
    await screenshotWidths(admin, "admin-verifications");
    await admin.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(admin, 360);
    await admin.setViewportSize({ width: 1280, height: 900 });

    await entry.click();
    await expectHeading(admin, format(messages.adminVerificationDetailTitle, { name }));
    // The images arrive through the web's /api with the admin's session cookie, and are described.
    const images = admin.getByRole("img", { name: new RegExp(`of ${name}$`) });
    await expect.poll(() => images.count()).toBe(2);
    await expect
      .poll(() => images.evaluateAll((nodes) => nodes.every((n) => (n as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    await expectNoAxeViolations(admin);
    await screenshotWidths(admin, "admin-verification-detail");
    await admin.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(admin, 360);
    await admin.setViewportSize({ width: 1280, height: 900 });

    // Rejecting needs a reason: the form says so before anything is sent.
    await admin.getByRole("button", { name: messages.adminReject, exact: true }).click();
    await expect.poll(() => admin.getByText(messages.fieldRequired).isVisible()).toBe(true);

    await admin.getByLabel(messages.adminNoteLabel).fill("Passport checked by hand against the selfie.");
    await admin.getByRole("button", { name: messages.adminAccept, exact: true }).click();
    await expectSnackbar(admin, format(messages.adminDecisionSaved, { name }));
    await admin.waitForURL((url) => url.pathname === "/admin/verifications");
    await expect.poll(() => admin.getByRole("link", { name: new RegExp(name) }).count()).toBe(0);

    // The person's page moved on by itself (idv.transaction.completed on their socket).
    await person.waitForURL((url) => url.pathname === "/verification/success", { timeout: 30_000 });
    await expectHeading(person, messages.successTitle);
    expect((await verificationState(member)).status).toBe("verified");
  });
});
