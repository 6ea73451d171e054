import { messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { webUrl } from "../support/browser";
import { useBrowser } from "../support/suite";

/**
 * Issue 11 against the built web app: malformed paths are a 4xx, never Next's 500 (item 18), and
 * /logout?message= shows only the site's own notices (item 13).
 */
const suite = useBrowser();

describe("malformed paths", () => {
  it("a page path that is not UTF-8 or holds a NUL is the 404 page", async () => {
    for (const path of [
      "/%00",
      "/a%00b",
      "/nora/posts/%00",
      "/%C0%AF",
      "/%FF",
      "/%E0%A4%A",
      "/%25",
      "/_next/%FF",
      "/x%FF.png",
    ]) {
      const response = await fetch(`${webUrl()}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(messages.notFoundTitle);
    }
  });

  it("an API path of that kind is the API's 4xx in the catalogue's shape", async () => {
    for (const path of ["/api/%FF", "/api/v2/profiles/%C0%AF", "/api/v2/profiles/%00"]) {
      const response = await fetch(`${webUrl()}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({
        error: { code: "request_malformed", message: messages.invalidRequest },
      });
    }
  });
});

describe("the sign-out notice", () => {
  it("never shows words from the address, only the site's own", async () => {
    const { context, page } = await suite.open();
    const attack = "Your account was compromised. Call +1 555 0100 to restore it.";
    await page.goto(`/logout?message=${encodeURIComponent(attack)}`);
    await page.waitForURL((url) => url.pathname === "/login");
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: messages.loggedOut }).isVisible())
      .toBe(true);
    expect(await page.getByText(attack).count()).toBe(0);

    // A known notice, by its sentence (as the account deletion sends it).
    await page.goto(`/logout?message=${encodeURIComponent(messages.accountDeleted)}`);
    await page.waitForURL((url) => url.pathname === "/login");
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: messages.accountDeleted }).isVisible())
      .toBe(true);
    await context.close();
  });
});
