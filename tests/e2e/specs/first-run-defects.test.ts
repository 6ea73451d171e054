import { messages } from "@vn/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, newContext, screenshot } from "../support/browser";
import { signInSettled } from "../support/content";

/** Issue 18, item 5: the defects a new user met, as they render. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function frameCounts(page: Page): Promise<{ headers: number; mains: number }> {
  return page.evaluate(() => ({
    headers: document.querySelectorAll("header").length,
    mains: document.querySelectorAll("main").length,
  }));
}

/** WCAG relative luminance contrast of two computed colours ("rgb(…)" / "rgba(…)"). */
async function contrastOf(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    ([first, second]) => {
      const luminance = (colour: string) => {
        const [r, g, bl] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((n) => {
          const c = Number(n) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        }) as [number, number, number];
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
      };
      const [hi, lo] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    },
    [a, b] as const,
  );
}

describe.each([360, 1280])("404 pages at %i px", (width) => {
  it("have one header and one main, whichever route answered", async () => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    for (const path of [
      "/this-page-does-not-exist/really/not",
      "/not-found",
      "/no-such-profile-q9x7",
      "/anna.kowalski/posts/no-such-post-q9x7",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).textContent())
        .toBe(messages.notFoundTitle);
      expect(await frameCounts(page), path).toEqual({ headers: 1, mains: 1 });
    }
    await screenshot(page, `first-run-404-${width}`);
    await expectNoAxeViolations(page);

    // notFound() inside a member's page of the (site) group.
    await signInSettled(page, "anna@demo.verified.local");
    const response = await page.goto("/create/no-such-kind");
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe(messages.notFoundTitle);
    expect(await frameCounts(page)).toEqual({ headers: 1, mains: 1 });
    await context.close();
  });
});

describe("the header and the focus ring", () => {
  it("gives the header search form a submit button that searches", async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await page.goto("/faq");
    const form = page.locator("search form");
    expect(await form.locator('button[type="submit"]').count()).toBe(1);
    await page.getByRole("searchbox", { name: messages.searchLabel }).fill("anna");
    await form.getByRole("button", { name: messages.searchLabel }).click();
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("search") === "anna");
    await context.close();
  });

  it("draws a focus ring on a blue button that contrasts 3:1 with the button and the page", async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await page.goto("/login?mode=signup");
    const submit = page.getByRole("button", { name: messages.joinSubmit });
    await submit.waitFor();
    // Keyboard focus (focus-visible): tab until the join button has it.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      if (await submit.evaluate((el) => el === document.activeElement)) break;
    }
    // Buttons transition their colours (the outline's included) for 150 ms: read the ring once the
    // transition has ended, not mid-fade.
    await page.waitForFunction(
      (el) => el instanceof Element && el.getAnimations().every((a) => a.playState !== "running"),
      await submit.elementHandle(),
    );
    const style = await submit.evaluate((el) => {
      const css = getComputedStyle(el);
      let page: Element | null = el.parentElement;
      let pageColour = "rgb(255, 255, 255)";
      while (page) {
        const bg = getComputedStyle(page).backgroundColor;
        if (bg && bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") {
          pageColour = bg;
          break;
        }
        page = page.parentElement;
      }
      return {
        outlineStyle: css.outlineStyle,
        outlineWidth: Number.parseFloat(css.outlineWidth),
        outline: css.outlineColor,
        band: css.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? null,
        button: css.backgroundColor,
        page: pageColour,
      };
    });
    expect(style.outlineStyle).toBe("solid");
    expect(style.outlineWidth).toBeGreaterThanOrEqual(2);
    // The dark ring against the page, the white band against the button.
    expect(await contrastOf(page, style.outline, style.page)).toBeGreaterThanOrEqual(3);
    expect(style.band).not.toBeNull();
    expect(await contrastOf(page, style.band ?? "", style.button)).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});

describe("forms a newcomer fills", () => {
  it("says the passwords differ before the rest of the sign-up form is right", async () => {
    const context = await newContext(browser, 360);
    const page = await context.newPage();
    await page.goto("/login?mode=signup");
    await page.getByLabel(messages.passwordLabel, { exact: true }).fill("correct-horse-battery");
    await page.getByLabel(messages.passwordConfirmLabel, { exact: true }).fill("correct-horse-batterz");
    // Name, email and the consents are all still empty: the mismatch is said anyway, without submitting.
    await expect.poll(() => page.getByText(messages.passwordsMustMatch).isVisible()).toBe(true);
    await page.getByLabel(messages.passwordConfirmLabel, { exact: true }).fill("correct-horse-battery");
    await expect.poll(() => page.getByText(messages.passwordsMustMatch).count()).toBe(0);
    await context.close();
  });
});

describe("profiles and search", () => {
  it("offers no Follow button on one's own search result", async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signInSettled(page, "anna@demo.verified.local");
    await page.goto("/search?search=Anna%20Kowalski&kind=people");
    const own = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Anna Kowalski" }) });
    await own.first().waitFor();
    expect(await own.first().getByRole("button", { name: messages.followAction }).count()).toBe(0);
    await context.close();
  });

  it("tells an unverified person the truth about who sees their profile", async () => {
    const context = await newContext(browser, 360);
    const page = await context.newPage();
    await signInSettled(page, "tomas@demo.verified.local");
    await page.goto("/tomas.alvarez");
    await expect.poll(() => page.getByText(messages.profileVerifyPrompt).isVisible()).toBe(true);
    await screenshot(page, "first-run-unverified-profile-360");
    // …and it is true: a visitor does not see the profile.
    const visitor = await newContext(browser, 360);
    const outside = await visitor.newPage();
    const response = await outside.goto("/tomas.alvarez");
    expect(response?.status()).toBe(404);
    await visitor.close();
    await context.close();
  });
});

describe.each([360, 1280])("the article editor at %i px", (width) => {
  it("keeps blocks apart, leaves a quote, and links without a selection", async () => {
    const context = await newContext(browser, width);
    const page = await context.newPage();
    await signInSettled(page, "anna@demo.verified.local");
    await page.goto("/create/article");
    const editor = page.getByRole("textbox", { name: messages.fieldBody });
    await editor.click();
    await page.getByRole("button", { name: `${messages.editorHeading2} H2` }).click();
    await page.keyboard.type("Getting started");
    await page.keyboard.press("Enter");
    await page.keyboard.type("This is bold text");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: messages.editorQuote }).click();
    await page.keyboard.type("Quoted words");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("After the quote");
    const html = await editor.innerHTML();
    expect(html).toContain("<h2>Getting started</h2>");
    expect(html).toMatch(/<p>This is bold text<\/p>/);
    expect(html).not.toContain("<div>");
    // The line after the quote is outside it.
    expect(
      await editor.evaluate((root) => {
        const quote = root.querySelector("blockquote");
        return { quote: quote?.textContent ?? null, last: root.lastElementChild?.textContent ?? null };
      }),
    ).toEqual({ quote: "Quoted words", last: "After the quote" });

    // The link button with nothing selected inserts the address as a link.
    await page.keyboard.press("Enter");
    page.once("dialog", (dialog) => void dialog.accept("https://example.com/guide"));
    await page.getByRole("button", { name: messages.editorLink }).click();
    await expect
      .poll(() => editor.locator('a[href="https://example.com/guide"]').textContent())
      .toBe("https://example.com/guide");
    await screenshot(page, `first-run-article-editor-${width}`);
    await context.close();
  });
});
