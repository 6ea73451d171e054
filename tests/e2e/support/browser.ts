import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { repoRoot } from "./servers";

/** The flags this closed network needs (no background calls), for every Chromium the suite starts. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, headless, with chromiumArgs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: chromiumArgs });
}

export const webUrl = () => inject("webUrl");
export const apiUrl = () => inject("apiUrl");

export function newContext(browser: Browser, width = 1280): Promise<BrowserContext> {
  return browser.newContext({ baseURL: webUrl(), viewport: { width, height: width < 768 ? 800 : 900 } });
}

/** No axe violations on the page as it stands (WCAG 2.1 A and AA rules). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Pages render per request (CSP nonces), so Next streams their metadata: the <title> can land a
  // moment after the content a test waited for. Judge the page once it has arrived; a page that
  // never gets one still fails below (axe's document-title rule).
  await page
    .waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 5000 })
    .catch(() => undefined);
  // Colours are judged as they settle: a dialog fading in has half-opaque text for ~200 ms.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Endless ones (skeleton pulses, spinners) never finish; only wait for those that do.
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().iterations ?? 1))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Something may start moving while axe works (a snackbar timing out and fading away): judge
  // every element at its resting colours by ending animations for the length of the check.
  const still = await page.addStyleTag({
    content:
      "*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;transition:none!important}",
  });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze()
    .finally(() => still.evaluate((node) => (node as HTMLStyleElement).remove()).catch(() => undefined));
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** Keeps a screenshot of the page for people to look at (tests/e2e/artifacts/screens). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(repoRoot, "tests/e2e/artifacts/screens");
  fs.mkdirSync(dir, { recursive: true });
  // From the top (a sticky header would otherwise sit mid-page), with animations finished.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: "disabled" });
}

/** Screenshots at 360 and 1280 px (name-360.png, name-1280.png), then back to the page's own size. */
export async function screenshotWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
    await screenshot(page, `${name}-${width}`);
  }
  if (original) await page.setViewportSize(original);
}
