import { format, messages } from "@vn/contract";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  createMember,
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  expectSnackbar,
  openAccountMenu,
  signInAt,
  signInWithForm,
} from "../support/accounts";
import { expectNoAxeViolations, screenshot, screenshotWidths } from "../support/browser";
import { useBrowser } from "../support/suite";

const suite = useBrowser();

/**
 * Editing pages (issue 14, item 6): a person edits their social links, contacts and background on
 * their own page; the demo company's owner, acting as Northwind Analytics, edits its about and
 * website. Each sees the new values on the page after saving.
 */

async function openEditor(page: Page, title: string) {
  await page.getByRole("button", { name: messages.editPage }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  return dialog;
}

describe("editing a page", () => {
  it("a person adds social links, contacts and a background and sees them on their page", {
    timeout: 120_000,
  }, async () => {
    const member = await createMember("page-editing", "Nora Editor");
    const { context, page } = await suite.open(1280);
    await page.goto("/login");
    await signInWithForm(page, member.email, member.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.waitForLoadState("networkidle");
    await page.goto(`/${member.slug}`);

    const dialog = await openEditor(page, messages.editPageTitle);
    await expectNoAxeViolations(page);

    // The spec's messages, before anything is sent: a phone without +, a twitter link elsewhere.
    await dialog.getByLabel(messages.mainPhoneLabel).fill("601 234 567");
    await dialog.getByLabel(messages.twitterLabel).fill("https://example.com/nora");
    await dialog.getByRole("button", { name: messages.saveChanges }).click();
    await expect.poll(() => dialog.getByText(messages.phoneMustStartWithPlus).isVisible()).toBe(true);
    await expect
      .poll(() =>
        dialog.getByText(format(messages.socialLinkWrongHost, { hosts: "twitter.com or x.com" })).isVisible(),
      )
      .toBe(true);
    await dialog.getByLabel(messages.mainPhoneLabel).fill("+351 91");
    await dialog.getByRole("button", { name: messages.saveChanges }).click();
    await expect.poll(() => dialog.getByText(messages.phoneTooShort).isVisible()).toBe(true);

    await dialog.getByLabel(messages.mainPhoneLabel).fill("+351 912 345 678");
    await dialog.getByLabel(messages.twitterLabel).fill("https://x.com/nora_editor");
    await dialog.getByLabel(messages.websiteLabel).fill("https://nora.example.com");
    await dialog.getByLabel(messages.mainEmailLabel).fill("studio@nora.example.com");

    // A background: picked, cropped in the crop dialog, uploaded.
    const picture = await sharp({
      create: { width: 1200, height: 500, channels: 3, background: { r: 10, g: 102, b: 194 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId("user_background_image-input")
      .setInputFiles({ name: "banner.jpg", mimeType: "image/jpeg", buffer: picture });
    const crop = page.getByRole("dialog", { name: "Crop image" });
    await crop.waitFor();
    await crop.getByRole("button", { name: "Apply and upload" }).click();
    await expect
      .poll(() => page.getByTestId("user_background_image-variant").getAttribute("src"), { timeout: 30_000 })
      .toContain("/api/media/public/");
    await screenshotWidths(page, "page-editing-person-form");

    await dialog.getByRole("button", { name: messages.saveChanges }).click();
    await expectSnackbar(page, messages.pageSaved);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The page shows what was saved.
    const contacts = page.getByRole("region", { name: messages.contactsHeading });
    await expect
      .poll(() => contacts.getByRole("link", { name: "studio@nora.example.com" }).isVisible())
      .toBe(true);
    expect(await contacts.getByRole("link", { name: "+351 912 345 678" }).getAttribute("href")).toBe(
      "tel:+351 912 345 678",
    );
    expect(await contacts.getByRole("link", { name: "X (Twitter)" }).getAttribute("href")).toBe(
      "https://x.com/nora_editor",
    );
    expect(await contacts.getByRole("link", { name: "Website" }).getAttribute("href")).toBe(
      "https://nora.example.com/",
    );
    const banner = page.getByRole("region", { name: "Nora Editor" }).locator("img").first();
    await expect.poll(() => banner.getAttribute("src")).toContain("/api/media/public/");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "page-editing-person-page");

    // Still there after a reload (saved, not only shown).
    await page.reload();
    await expect
      .poll(() => page.getByRole("link", { name: "studio@nora.example.com" }).isVisible())
      .toBe(true);
    await context.close();
  });

  it("the demo company's owner, acting as it, edits its about and website", {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await suite.open(360);
    await signInAt(page, "anna@demo.verified.local", DEMO_PASSWORD, "/anna.kowalski");
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: /^Northwind Analytics/ }).click();
    await expectSnackbar(page, format(messages.switchedTo, { name: "Northwind Analytics" }));
    await page.waitForURL((url) => url.pathname === "/northwind");

    const dialog = await openEditor(page, messages.editCompanyPageTitle);
    // The form opens on the page as it is.
    await expect
      .poll(() => dialog.getByLabel(messages.companyNameLabel).inputValue())
      .toBe("Northwind Analytics");
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page, 360);
    await screenshot(page, "page-editing-company-form-360");

    // Keyboard only: the about field, then on to the website.
    const about = "Analytics for banks, insurers and public bodies, built in Warsaw and Oslo.";
    await dialog.getByLabel(messages.aboutLabel).focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(about);
    await dialog.getByLabel(messages.websiteLabel).fill("https://northwind.example.com");
    await dialog.getByLabel(messages.websiteLabel).press("Enter");
    await expectSnackbar(page, messages.pageSaved);

    await expect.poll(() => page.getByText(about).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Website" }).getAttribute("href")).toBe(
      "https://northwind.example.com/",
    );
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "page-editing-company-page");

    // Back to the person, so later specs find Anna as herself.
    await page
      .getByRole("button", { name: format(messages.switchAccount, { name: "Anna Kowalski" }) })
      .click();
    await page.waitForURL((url) => url.pathname === "/anna.kowalski");
    await context.close();
  });
});
