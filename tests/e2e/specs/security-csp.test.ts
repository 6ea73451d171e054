import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newestPath, signInDemo } from "../support/content";
import { useBrowser } from "../support/suite";

/**
 * Issue 11, item 6: every page is sent with a nonce-based Content-Security-Policy whose nonce its
 * own scripts carry (so the app still runs), while an injected inline script or event handler
 * does not; the socket connects with a single-use ticket, and no page reads the session token.
 */
const suite = useBrowser();

/** Records CSP violations from the first byte of every document of the page. */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`.trim());
    });
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []);

/** Opens `path` and checks the policy, the nonce on every script, and that the app started. */
async function expectNonceOnEveryScript(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const policy = (await response?.headerValue("content-security-policy")) ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, `${path}: ${policy}`).toBeTruthy();
  expect(policy).toContain("'strict-dynamic'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // Every script the server sent carries this response's nonce (the chunks the runtime loads
  // later need none: 'strict-dynamic' trusts what trusted scripts load).
  const scripts = ((await response?.text()) ?? "").match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, path).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  // The app booted: Next's client runtime ran (it is blocked when the nonce does not match).
  await expect.poll(() => page.evaluate(() => "next" in window), { timeout: 10_000 }).toBe(true);
  await page.waitForTimeout(300);
  expect(await violations(page), path).toEqual([]);
  return nonce ?? "";
}

describe("Content-Security-Policy on every page", () => {
  it("visitors: per-response nonces on rendered pages, the cached render keeps working", {
    timeout: 120_000,
  }, async () => {
    const post = await newestPath("anna.kowalski", "posts");
    const { context, page } = await suite.open();
    await watchViolations(page);
    const seen = new Set<string>();
    for (const path of ["/", "/login", "/faq", "/search", "/no-such-page/at-all"]) {
      seen.add(await expectNonceOnEveryScript(page, path));
    }
    // Pages rendered per request never repeat a nonce.
    expect(seen.size).toBe(5);
    // The cached anonymous render (decision 0010): the second visit comes from Next's page cache.
    for (const path of ["/anna.kowalski", "/anna.kowalski", post, post]) {
      await expectNonceOnEveryScript(page, path);
    }
    await context.close();
  });

  it("an injected inline script, event handler or javascript: URL does not run", async () => {
    const post = await newestPath("anna.kowalski", "posts");
    const { context, page } = await suite.open();
    await watchViolations(page);
    for (const path of ["/login", post]) {
      await page.goto(path);
      await expect.poll(() => page.evaluate(() => "next" in window), { timeout: 10_000 }).toBe(true);
      // What an injection into the HTML would be: markup the parser meets. (A script element made
      // by a script that already runs is trusted under 'strict-dynamic'; that needs a foothold.)
      await page.evaluate(() => {
        const host = document.createElement("div");
        host.innerHTML = `<img src="data:," onerror="window.__pwned = 'handler'"><a id="js-link" href="javascript:window.__pwned='link'">x</a>`;
        document.body.append(host);
        const frame = document.createElement("iframe");
        frame.srcdoc = "<script>parent.__pwned = 'parsed script'</script><p>framed</p>";
        document.body.append(frame);
        document.getElementById("js-link")?.click();
      });
      await page.waitForTimeout(1000);
      expect(
        await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null),
        path,
      ).toBeNull();
      const seen = await violations(page);
      expect(
        seen.filter((v) => v.startsWith("script-src")).length,
        `${path} ${seen.join(" | ")}`,
      ).toBeGreaterThanOrEqual(2);
    }
    await context.close();
  });

  it("signed in: pages keep their nonce, the socket connects with a ticket, no page reads the token", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await suite.open();
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/auth/") || url.pathname === "/api/v1/realtime/ticket") {
        asked.push(`${request.method()} ${url.pathname}`);
      }
    });
    await watchViolations(page);
    await signInDemo(page, "priya@demo.verified.local");
    const post = await newestPath("anna.kowalski", "posts");
    await expectNonceOnEveryScript(page, post);
    // Live comments: the socket is connected (connect-src allows the API origin).
    await page.locator('section[data-live="true"]').waitFor({ timeout: 20_000 });
    expect(asked).toContain("POST /api/v1/realtime/ticket");
    expect(asked.filter((call) => call.includes("session"))).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
