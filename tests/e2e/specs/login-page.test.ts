import { messages } from "@vn/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, signInWithForm } from "../support/accounts";
import { expectNoAxeViolations, launchBrowser, newContext, screenshot, webUrl } from "../support/browser";
import { signInSettled } from "../support/content";

/** Issue 18, item 5: the login page's defects (server-rendered form, focus, autofill, signed in). */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const emailField = 'form[aria-label="Sign in"] input[type="email"]';

describe("/login", () => {
  it("is in the first HTML: the form works out before any script runs", async () => {
    const html = await (await fetch(`${webUrl()}/login`)).text();
    expect(html).toContain(`aria-label="${messages.signIn}"`);
    expect(html).toMatch(/<input[^>]*type="email"/);

    const context = await browser.newContext({ baseURL: webUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    expect(await page.locator(emailField).count()).toBe(1);
    expect(await page.getByLabel(messages.passwordLabel, { exact: true }).count()).toBe(1);
    // Sent before the script loads, the password does not end up in the address.
    expect(await page.locator(`form[aria-label="${messages.signIn}"]`).getAttribute("method")).toBe("post");
    // The join form renders on the server too when the query asks for it.
    await page.goto("/login?mode=signup");
    expect(await page.getByRole("heading", { name: messages.joinTitle }).count()).toBe(1);
    // Its form is in the same response (streamed after the card, shown by the inline script that
    // places it), with its fields disabled until the form's own script has run (auth-steps.tsx): they
    // wait for it instead of taking text its checks would never see, or a submit the browser would
    // send itself.
    const join = await (await fetch(`${webUrl()}/login?mode=signup`)).text();
    expect(join).toContain(`aria-label="${messages.joinNow}"`);
    const tags = join.match(/<(?:input|button)\b[^>]*>/g) ?? [];
    const email = tags.filter((tag) => tag.includes('type="email"'));
    const submit = tags.filter((tag) => tag.includes('type="submit"'));
    expect(email.length).toBeGreaterThan(0);
    expect(submit.length).toBeGreaterThan(0);
    for (const tag of [...email, ...submit]) expect(tag).toContain('disabled=""');
    await context.close();
  });

  it.each([360, 1280])("focuses the email field, which autofills as an email, at %i px", async (width) => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    await page.goto("/login");
    const field = page.getByLabel(messages.emailLabel, { exact: true });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await field.getAttribute("autocomplete")).toBe("email");
    expect(await field.getAttribute("type")).toBe("email");
    // Typing right away goes into the field.
    await page.keyboard.type("anna@demo.verified.local");
    expect(await field.inputValue()).toBe("anna@demo.verified.local");
    await screenshot(page, `login-page-${width}`);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("tells a signed-in person they are already logged in, with the way home", async () => {
    const context = await newContext(browser, 360);
    const page = await context.newPage();
    await signInSettled(page, "anna@demo.verified.local");

    // A page load of /login: the server answers with the sentence, not the form.
    const response = await page.goto("/login");
    expect(response?.status()).toBe(200);
    expect(await response?.text()).toContain(messages.alreadyLoggedIn);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messages.alreadyLoggedIn);
    // It stays: no redirect takes the sentence away.
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.locator(emailField).count()).toBe(0);
    // Their own header, not the visitor's "Sign in".
    await page.getByRole("button", { name: messages.openAccountMenu }).waitFor();
    expect(
      await page.locator("header").getByRole("link", { name: messages.signIn, exact: true }).count(),
    ).toBe(0);
    await screenshot(page, "login-page-already-signed-in-360");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: messages.alreadyLoggedInAction }).click();
    await page.waitForURL((url) => url.pathname === "/anna.kowalski/network/suggested");
    await context.close();
  });

  it("shows the sentence when a sign-in in another tab starts a session while the form is open", async () => {
    const context = await newContext(browser, 1280);
    const open = await context.newPage();
    await open.goto("/login");
    await open.locator(emailField).waitFor();

    const other = await context.newPage();
    await other.goto("/login");
    await signInWithForm(other, "anna@demo.verified.local", DEMO_PASSWORD);
    await other.waitForURL((url) => !url.pathname.startsWith("/login"));

    await open.bringToFront();
    await expect
      .poll(
        async () => {
          await open.evaluate(() => window.dispatchEvent(new Event("focus")));
          return open.getByRole("heading", { name: messages.alreadyLoggedIn }).count();
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe(1);
    await context.close();
  });
  it("switches between signing in and joining as tabs, by keyboard, each form loaded when chosen", async () => {
    const context = await newContext(browser, 360);
    const page = await context.newPage();
    await page.goto("/login");
    const field = page.getByLabel(messages.emailLabel, { exact: true });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);

    const signIn = page.getByRole("tab", { name: messages.signIn });
    const join = page.getByRole("tab", { name: messages.joinNow });
    expect(await signIn.getAttribute("aria-selected")).toBe("true");
    expect(await join.getAttribute("tabindex")).toBe("-1");
    // The selected tab is the list's one stop; Right selects the next, Home the first.
    await signIn.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => join.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.waitForURL((url) => url.searchParams.get("mode") === "signup");
    expect(await join.getAttribute("aria-selected")).toBe("true");
    const panel = page.getByRole("tabpanel", { name: messages.joinNow });
    await expect.poll(() => panel.getByRole("heading", { name: messages.joinTitle }).isVisible()).toBe(true);
    await expect.poll(() => panel.getByLabel(messages.emailLabel, { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, "login-page-join-360");

    await page.keyboard.press("Home");
    await page.waitForURL((url) => !url.searchParams.has("mode"));
    expect(await signIn.getAttribute("aria-selected")).toBe("true");
    await expect
      .poll(() => page.getByRole("tabpanel", { name: messages.signIn }).locator(emailField).isVisible())
      .toBe(true);
    // "Forgot password?" opens the reset request, loaded on demand too.
    await page.getByRole("button", { name: messages.forgotPassword }).click();
    await expect.poll(() => page.getByRole("heading", { name: messages.forgotTitle }).isVisible()).toBe(true);
    await context.close();
  });
});
