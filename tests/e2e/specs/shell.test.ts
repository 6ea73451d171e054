import { messages, SNACKBAR_DURATION_MS } from "@vn/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, newContext, screenshot } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe.each([360, 1280])("the shell at %i px", (width) => {
  it("shows the 404 page with a way home, and no axe violations", async () => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    const response = await page.goto("/this-page-does-not-exist/really/not");
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messages.notFoundTitle);
    await expect.poll(() => page.getByText(messages.notFoundBody).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, `not-found-${width}`);
    // No page scrolls sideways at the narrowest width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.getByRole("link", { name: messages.notFoundAction }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });

  it("shows the Logged out snackbar on /logout, and a custom message when given", async () => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    await page.goto("/logout");
    await page.waitForURL((url) => url.pathname === "/login");
    const status = page.getByRole("status").filter({ hasText: messages.loggedOut });
    await expect.poll(() => status.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, `logged-out-${width}`);

    await page.goto(`/logout?message=${encodeURIComponent(messages.sessionExpired)}`);
    await page.waitForURL((url) => url.pathname === "/login");
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: messages.sessionExpired }).isVisible())
      .toBe(true);
    await context.close();
  });

  it("sends a visitor on a protected route to /login and back after", async () => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    await page.goto("/settings");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/settings");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, `login-${width}`);

    for (const path of [
      "/chats",
      "/create/post",
      "/anna.kowalski/posts/x/edit/",
      "/create-profile/profile",
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/login");
    }
    await context.close();
  });

  it("keeps public pages public", async () => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    for (const path of [
      "/",
      "/terms",
      "/privacy",
      "/cookies",
      "/trust-center",
      "/companies",
      "/blog",
      "/faq",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname, path).toBe(path);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    }
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe("new page version (§2)", () => {
  it("answers /version.json with the version of the build the page runs, never from a cache", async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await page.goto("/terms");
    const running = await page.evaluate(() =>
      fetch("/version.json", { cache: "no-store" }).then(async (r) => ({
        body: (await r.json()) as { version: string },
        cacheControl: r.headers.get("cache-control"),
      })),
    );
    expect(running.body.version).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
    expect(running.cacheControl).toContain("no-store");
    // The bundle carries the same value, so a page of this build sees no newer version and stays.
    const html = await (await page.request.get("/terms")).text();
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
    let found = false;
    for (const src of scripts) {
      if ((await (await page.request.get(src)).text()).includes(running.body.version)) found = true;
    }
    expect(found).toBe(true);
    await context.close();
  });
});

describe("a message for the next page (§2 Logged out)", () => {
  it("waits for /login when it is slow to arrive, so its 5 seconds are spent on screen", async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    // /login's server part takes longer than the snackbar's whole duration: on a slow network
    // the message used to time out on /logout before /login was shown.
    const slowMs = SNACKBAR_DURATION_MS + 1500;
    await page.route(
      (url) => url.pathname === "/login" && url.searchParams.has("_rsc"),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, slowMs));
        await route.continue().catch(() => undefined);
      },
    );
    await page.goto("/logout");
    // The router asks for /login twice (the navigation, then the refresh that drops signed-in pages).
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 4 * slowMs });
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: messages.loggedOut }).isVisible())
      .toBe(true);
    await context.close();
  });
});
