import type { Page } from "playwright-core";

/**
 * Other engineers' builds on this checkout rewrite public/version.json, which the running web
 * server serves; the page's version watch (§2) would then reload at the next navigation and a
 * test about media would lose its page state. The watch asks for `/version.json?t=…`: a glob like
 * "**\/version.json" does not match that query, so the pattern is a regular expression.
 */
export async function ignoreOtherBuilds(page: Page): Promise<void> {
  await page.route(/\/version\.json(\?|$)/, (route) => route.fulfill({ status: 404, body: "" }));
}
