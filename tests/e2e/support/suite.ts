import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser, newContext } from "./browser";
import { signInDemo } from "./content";

export interface BrowserSuite {
  /** A fresh context at `width` px (see newContext) and a page in it; the test closes the context. */
  open(width?: number): Promise<{ context: BrowserContext; page: Page }>;
  /** A page of its own context with a demo member signed in (left /login). */
  signedIn(email: string, width?: number): Promise<Page>;
}

/**
 * One Chromium for the spec file that calls it (at its top level): launched before its tests,
 * closed after them.
 */
export function useBrowser(): BrowserSuite {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(width = 1280) {
      if (!browser) throw new Error("useBrowser: the browser is launched in beforeAll");
      const context = await newContext(browser, width);
      return { context, page: await context.newPage() };
    },
    async signedIn(email, width = 1280) {
      const { page } = await this.open(width);
      await signInDemo(page, email);
      return page;
    },
  };
}
