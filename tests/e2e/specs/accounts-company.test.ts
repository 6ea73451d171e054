import { format, messages } from "@vn/contract";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  expectSnackbar,
  openAccountMenu,
  signInAt,
} from "../support/accounts";
import { expectNoAxeViolations, screenshot, screenshotWidths } from "../support/browser";
import { useBrowser } from "../support/suite";

const suite = useBrowser();

async function switchTo(page: Page, name: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole("menuitem", { name: new RegExp(`^${name}`) }).click();
  await expectSnackbar(page, format(messages.switchedTo, { name }));
}

describe("acting as a company", () => {
  it("switches from the person to their company and back with the header switcher", async () => {
    const { context, page } = await suite.open(1280);
    await signInAt(page, "anna@demo.verified.local", DEMO_PASSWORD, "/anna.kowalski");
    await expect.poll(() => page.getByText(messages.verifiedBadge).first().isVisible()).toBe(true);

    await openAccountMenu(page);
    await expect
      .poll(() => page.getByRole("menuitem", { name: /^Northwind Analytics/ }).isVisible())
      .toBe(true);
    expect(await page.getByRole("menuitem", { name: /^Anna Kowalski/ }).getAttribute("aria-current")).toBe(
      "true",
    );
    await expectNoAxeViolations(page);
    await screenshot(page, "account-menu-1280");
    await page.keyboard.press("Escape");

    await switchTo(page, "Northwind Analytics");
    await page.waitForURL((url) => url.pathname === "/northwind");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Northwind Analytics");
    await expect.poll(() => page.getByText(messages.companyPageBadge).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "profile-company");

    // The company page offers the way back too.
    await page
      .getByRole("button", { name: format(messages.switchAccount, { name: "Anna Kowalski" }) })
      .click();
    await expectSnackbar(page, format(messages.switchedTo, { name: "Anna Kowalski" }));
    await page.waitForURL((url) => url.pathname === "/anna.kowalski");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Anna Kowalski");
    await context.close();
  });

  it("creates a company page, acts as it, and switches back", async () => {
    const { context, page } = await suite.open(360);
    await signInAt(page, "anna@demo.verified.local", DEMO_PASSWORD, "/anna.kowalski");

    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: messages.createCompanyPage }).click();
    await page.waitForURL((url) => url.pathname === "/create/company");
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messages.createCompanyTitle);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page, 360);
    await screenshot(page, "create-company-empty-360");

    // Required fields first.
    await page.getByRole("button", { name: messages.createCompanySubmit }).click();
    await expect.poll(() => page.getByText(messages.fieldRequired).first().isVisible()).toBe(true);

    const name = `Acme Robotics ${Date.now().toString(36).slice(-4)}`;
    await page.getByLabel(messages.companyNameLabel).fill(name);
    await page.getByRole("button", { name: messages.handleGenerate }).click();
    const handleField = page.getByLabel(messages.handleLabel, { exact: true });
    await expect.poll(() => handleField.inputValue()).toMatch(/^acme-robotics/);
    await expect.poll(() => page.getByText(messages.handleAvailable).isVisible()).toBe(true);
    const slug = await handleField.inputValue();
    await page.getByLabel(messages.aboutLabel).fill("Robots for small warehouses.");
    await screenshotWidths(page, "create-company");
    await page.getByRole("button", { name: messages.createCompanySubmit }).click();

    await page.waitForURL((url) => url.pathname === `/${slug}`);
    await expectSnackbar(page, format(messages.companyCreated, { name }));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    await expect.poll(() => page.getByText("Robots for small warehouses.").isVisible()).toBe(true);

    await openAccountMenu(page);
    await expect
      .poll(() => page.getByRole("menuitem", { name: new RegExp(`^${name}`) }).getAttribute("aria-current"))
      .toBe("true");
    await expect
      .poll(() => page.getByRole("menuitem", { name: /^Northwind Analytics/ }).isVisible())
      .toBe(true);
    await screenshot(page, "account-menu-360");
    await page.keyboard.press("Escape");

    await switchTo(page, "Anna Kowalski");
    await page.waitForURL((url) => url.pathname === "/anna.kowalski");
    await context.close();
  });

  it("shows a visitor the public profile without owner controls, and an unknown handle as not found", async () => {
    const { context, page } = await suite.open(1280);
    await page.goto("/anna.kowalski");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Anna Kowalski");
    await expect.poll(() => page.getByText(messages.verifiedBadge).first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: messages.editProfile }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "profile-visitor-1280");

    // An unknown handle is a real 404 with the not-found page (search engines must not index it).
    const missing = await page.goto("/no-such-member-anywhere");
    expect(missing?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messages.notFoundTitle);
    await context.close();
  });
});
