import { format, messages } from "@vn/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSnackbar, openAccountMenu } from "../support/accounts";
import { expectNoAxeViolations, launchBrowser, newContext, screenshotWidths } from "../support/browser";
import { newestPath, signInDemo } from "../support/content";

let browser: Browser;

/** Goes to a path right after sign-in: the landing page may still be redirecting (ERR_ABORTED). */
async function gotoAfterSignIn(page: Page, path: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  try {
    await page.goto(path);
  } catch {
    await page.waitForLoadState("networkidle");
    await page.goto(path);
  }
}
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("feedback and report forms", () => {
  it("sends feedback from the account menu after the required fields are given", async () => {
    const context = await newContext(browser, 360);
    const page = await context.newPage();
    await signInDemo(page, "tomas@demo.verified.local");
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: messages.feedbackAction }).click();
    const dialog = page.getByRole("dialog", { name: messages.feedbackTitle });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: messages.feedbackSubmit }).click();
    await expect.poll(() => dialog.getByText(messages.fieldRequired).count()).toBe(2);
    await dialog.getByLabel(format(messages.feedbackRatingValue, { count: 4 })).check({ force: true });
    await dialog.getByLabel(messages.feedbackMessageLabel).fill("The home feed is exactly what I needed.");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: messages.feedbackSubmit }).click();
    await expectSnackbar(page, messages.feedbackSent);
    await context.close();
  });

  it("reports a publication with a reason", async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signInDemo(page, "tomas@demo.verified.local");
    await gotoAfterSignIn(page, await newestPath("priya.shah", "insights"));
    await page.getByRole("button", { name: messages.reportAction }).first().click();
    const dialog = page.getByRole("dialog", { name: messages.reportTitle });
    await dialog.getByRole("button", { name: messages.reportSubmit }).click();
    await expect.poll(() => dialog.getByText(messages.fieldRequired).first().isVisible()).toBe(true);
    await dialog.getByLabel(messages.reportReasonLabel).selectOption("spam");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: messages.reportSubmit }).click();
    await expectSnackbar(page, messages.reportSent);
    await context.close();
  });
});

describe("followers list", () => {
  it("lists a profile's followers with follow buttons", async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signInDemo(page, "lena@demo.verified.local");
    await gotoAfterSignIn(page, "/anna.kowalski");
    await page
      .getByRole("link", { name: /followers?$/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === "/anna.kowalski/network/followers");
    await expect.poll(() => page.getByRole("link", { name: "Priya Shah" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "social-followers");
    await context.close();
  });
});

describe("block and mute", () => {
  it("blocks a profile from its menu, which hides the follow button, and unblocks it", async () => {
    const context = await newContext(browser, 360);
    const page = await context.newPage();
    await signInDemo(page, "tomas@demo.verified.local");
    await gotoAfterSignIn(page, "/lena.fischer");
    const more = page.getByRole("button", {
      name: format(messages.profileMoreActions, { name: "Lena Fischer" }),
    });
    await more.click();
    await page.getByRole("menuitem", { name: messages.muteAction }).click();
    await more.click();
    await expect
      .poll(() => page.getByRole("menuitem", { name: messages.unmuteAction }).isVisible())
      .toBe(true);
    await page.getByRole("menuitem", { name: messages.blockAction }).click();
    await expect.poll(() => page.getByText(messages.blockedNotice).isVisible()).toBe(true);
    expect(
      await page.getByRole("button", { name: `${messages.followAction} Lena Fischer`, exact: true }).count(),
    ).toBe(0);
    await expectNoAxeViolations(page);
    await more.click();
    await page.getByRole("menuitem", { name: messages.unblockAction }).click();
    await expect
      .poll(() =>
        page.getByRole("button", { name: `${messages.followAction} Lena Fischer`, exact: true }).isVisible(),
      )
      .toBe(true);
    await context.close();
  });
});

describe("home feed failure", () => {
  it("says the page could not load and loads it on retry", async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signInDemo(page, "priya@demo.verified.local");
    await page.waitForLoadState("networkidle");
    await page.route("**/api/v1/feed**", (route) => route.abort());
    await gotoAfterSignIn(page, "/priya.shah/network/suggested");
    // The first cards come with the page (read by the server); the next page is the browser's,
    // asked for as the reader nears the end of the list.
    const alert = page.getByRole("alert").filter({ hasText: messages.nextPageFailed });
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return alert.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const shown = await page.getByRole("article").count();
    await page.unroute("**/api/v1/feed**");
    await alert.getByRole("button", { name: messages.tryAgain }).click();
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(shown);
    await context.close();
  });
});
