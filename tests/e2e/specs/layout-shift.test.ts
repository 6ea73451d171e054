import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiCall, DEMO_PASSWORD } from "../support/accounts";
import { apiUrl } from "../support/browser";
import { signInSettled } from "../support/content";
import { useBrowser } from "../support/suite";

/**
 * Layout shift on load (docs/decisions/0027): the server-rendered frame of a page must be the one
 * it settles in. Each page is loaded at a phone's width with a PerformanceObserver installed
 * before any script of the page, and the layout-shift entries of the load and the 1.5 s after it
 * are summed (as CLS counts them: not those right after input). The budget is 0.05; before the
 * fix the publication page measured 0.09, the signed-in home 0.96 and a profile 0.06 here; a
 * publication with comments 0.067 (session 14).
 */
const browsers = useBrowser();
const budget = 0.05;

interface Shift {
  value: number;
  sources: string[];
}

/** Collects the page's layout shifts from its very first frame (an init script of the context). */
async function observeShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node;
            const name =
              node instanceof Element
                ? `${node.tagName.toLowerCase()}.${node.className}`
                : String(node?.nodeName);
            return `${name.slice(0, 80)} y ${source.previousRect.y}→${source.currentRect.y}`;
          }),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Loads `path`, waits for the load and 1.5 s more, and returns the shifts seen. */
async function shiftsOf(page: Page, path: string): Promise<{ total: number; shifts: Shift[] }> {
  await page.goto(path, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1500);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

describe("layout shift on load", () => {
  it("keeps the publication page still at 412 px (the aside does not move under the comments)", async () => {
    const response = await fetch(`${apiUrl()}/api/v2/profiles/anna.kowalski/content`);
    const body = (await response.json()) as { data: { path: string }[] };
    const newest = body.data[0]?.path;
    if (!newest) throw new Error("anna.kowalski has no publication");
    // And a short post with comments, its aside in view: when the first page of comments arrived,
    // one frame showed "no comments yet" before them, moving the aside up and down again (0.067).
    const signIn = await apiCall<{ token: string }>("/auth/sign-in/email", {
      body: { email: "daniel@demo.verified.local", password: DEMO_PASSWORD },
    });
    const token = signIn.body.token;
    const created = await apiCall<{ data: { id: string; path: string } }>("/v1/content", {
      token,
      body: { kind: "post", content: `A short one to discuss ${Date.now().toString(36)}` },
    });
    expect(created.status).toBe(201);
    for (const text of ["A first thought on it.", "And a second one, a little longer than the first."]) {
      const comment = await apiCall(`/v1/content/${created.body.data.id}/comments`, {
        token,
        body: { body: text },
      });
      expect(comment.status).toBe(201);
    }
    for (const path of [newest, created.body.data.path]) {
      const { context, page } = await browsers.open(412);
      await observeShifts(context);
      const { total, shifts } = await shiftsOf(page, path);
      expect(total, `${path}: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(budget);
      await context.close();
    }
  });

  it("keeps a profile still at 412 px and 1350 px (the Follow row is there before hydration)", async () => {
    for (const width of [412, 1350]) {
      const { context, page } = await browsers.open(width);
      await observeShifts(context);
      const { total, shifts } = await shiftsOf(page, "/anna.kowalski");
      expect(await page.getByRole("button", { name: /Follow Anna Kowalski/ }).count()).toBe(1);
      expect(total, `${width} px: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(budget);
      await context.close();
    }
  });

  it("keeps the signed-in home still at 412 px (nothing is inserted above the feed)", async () => {
    const { context, page } = await browsers.open(412);
    await signInSettled(page, "priya@demo.verified.local");
    await observeShifts(context);
    // A page of its own, so the observer is in place before the home's first frame.
    // Several loads: a browser that paints the HTML it has parsed so far did so before the
    // checklist (after the feed's cards in the HTML, above them on a phone) in about 3 loads of 8.
    for (let load = 0; load < 4; load++) {
      const home = await context.newPage();
      const { total, shifts } = await shiftsOf(home, "/priya.shah/network/suggested");
      expect(new URL(home.url()).pathname).toBe("/priya.shah/network/suggested");
      expect(total, `load ${load + 1}: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(budget);
      await home.close();
    }
    await context.close();
  });
});
