import { messages } from "@vn/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, signInWithForm } from "../support/accounts";
import { launchBrowser, newContext, webUrl } from "../support/browser";
import { signInDemo } from "../support/content";

/**
 * The cached anonymous render of profile and detail pages (docs/decisions/0010): cookie-less
 * visitors share one render kept for a short window; anyone with a session gets their own. The
 * web server takes ANONYMOUS_PAGE_MAX_AGE_SECONDS (default 30) from this process's environment (set
 * it to 2 for a quicker run); the polls below wait at most that maximum age plus a margin, and
 * never assert how long anything took.
 */
const maxAgeSeconds = Number(process.env.ANONYMOUS_PAGE_MAX_AGE_SECONDS || 30);
const withinWindow = { timeout: (maxAgeSeconds + 20) * 1000, interval: 500 };

const OWNER = "anna.kowalski";
const stamp = Date.now().toString(36);

interface Page {
  status: number;
  html: string;
  headers: Headers;
}

async function get(path: string, cookie?: string): Promise<Page> {
  const response = await fetch(`${webUrl()}${path}`, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** Loads a page anonymously until Next answers it from its page cache (the first load renders it). */
async function cachedAnonymous(path: string): Promise<Page> {
  let page = await get(path);
  for (let attempt = 0; attempt < 5 && !/HIT|STALE/.test(page.headers.get("x-nextjs-cache") ?? ""); attempt++)
    page = await get(path);
  expect(page.headers.get("x-nextjs-cache")).toMatch(/HIT|STALE/);
  return page;
}

/** The owner's session: the cookie for page requests, the token for API writes. */
async function signInOwner(): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${webUrl()}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: webUrl(), "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ email: "anna@demo.verified.local", password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
  // A sign-in with an Origin is a browser's: the answer carries no token (decision 0015), only the
  // session cookie, whose value ("token.signature") the API also takes as a bearer.
  const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? "");
  expect(token).not.toBe("");
  return { cookie, token };
}

interface Created {
  id: string;
  path: string;
}

async function publish(token: string, body: Record<string, unknown>): Promise<Created> {
  const response = await fetch(`${webUrl()}/api/v1/content`, {
    method: "POST",
    headers: {
      origin: webUrl(),
      "content-type": "application/json",
      accept: "application/json",
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: Created }).data;
}

async function remove(token: string, id: string): Promise<void> {
  const response = await fetch(`${webUrl()}/api/v1/content/${id}`, {
    method: "DELETE",
    headers: { origin: webUrl(), accept: "application/json", authorization: `Bearer ${token}` },
  });
  expect(response.status).toBeLessThan(300);
}

/** Personal data in the page's HTML or its embedded RSC payload (escaped or not). */
const personal = /isOwner\\?":true|followed\\?":true/;

let browser: Browser;
let owner: { cookie: string; token: string };
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signInOwner();
});
afterAll(async () => {
  await browser.close();
});

describe("the anonymous render of profile and detail pages", () => {
  it("is shared by cookie-less visitors, carries nothing personal, and is never stored downstream", async () => {
    const profile = await cachedAnonymous(`/${OWNER}`);
    expect(profile.status).toBe(200);
    expect(profile.html).toContain("Anna Kowalski");
    expect(profile.html).not.toMatch(personal);
    expect(profile.html).not.toContain(messages.viewAsVisitor);
    expect(profile.headers.get("set-cookie")).toBeNull();
    expect(profile.headers.get("cache-control")).toContain("no-store");
    expect(profile.headers.get("cache-control")).toContain("private");

    // The owner, right after, gets their own render: owner mode in the first HTML.
    const own = await get(`/${OWNER}`, owner.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("x-nextjs-cache")).toBeNull();
    expect(own.html).toMatch(/isOwner\\?":true/);
    expect(own.html).toContain(messages.viewAsVisitor);
  });

  it("keeps drafts to their owner", async () => {
    const text = `Draft kept private ${stamp}`;
    const draft = await publish(owner.token, { kind: "post", content: text, draft: true });
    const anonymous = await get(draft.path);
    expect(anonymous.status).toBe(404);
    expect(anonymous.html).not.toContain(text);
    // Also when answered from the cache.
    expect((await cachedAnonymous(draft.path)).status).toBe(404);
    const own = await get(draft.path, owner.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain(text);
    expect(own.html).toContain(messages.statusDraft);
    await remove(owner.token, draft.id);
  });

  it("shows a signed-in owner owner mode on pages an anonymous visitor has just loaded", async () => {
    const post = await publish(owner.token, { kind: "post", content: `Owner mode check ${stamp}` });
    await cachedAnonymous(post.path);
    await cachedAnonymous(`/${OWNER}`);

    const visitor = await (await newContext(browser)).newPage();
    await visitor.goto(post.path);
    await expect.poll(() => visitor.getByText(`Owner mode check ${stamp}`).first().isVisible()).toBe(true);
    expect(await visitor.getByRole("link", { name: new RegExp(`^${messages.editAction}`) }).count()).toBe(0);
    await visitor.context().close();

    const context = await newContext(browser);
    const page = await context.newPage();
    await signInDemo(page, "anna@demo.verified.local");
    await page.goto(post.path);
    await expect
      .poll(() => page.getByRole("link", { name: new RegExp(`^${messages.editAction}`) }).isVisible())
      .toBe(true);
    await page.goto(`/${OWNER}`);
    await page.getByRole("link", { name: messages.viewAsVisitor }).click();
    await page.waitForURL((url) => url.searchParams.get("viewas") === "live");
    await expect.poll(() => page.getByText(messages.liveModeBanner).isVisible()).toBe(true);
    await context.close();
    await remove(owner.token, post.id);
  });

  it("gives a visitor who signs in their own render of a page they saw without a session", async () => {
    const text = `Back after signing in ${stamp}`;
    const post = await publish(owner.token, { kind: "post", content: text });
    await cachedAnonymous(post.path);
    const page = await (await newContext(browser)).newPage();
    await page.goto(post.path);
    await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
    // Client navigations all the way: the router keeps the anonymous payload of the post's URL.
    await page.getByRole("link", { name: messages.signIn, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/login");
    await signInWithForm(page, "anna@demo.verified.local", DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === post.path);
    const detail = page.locator('article[aria-labelledby="content-title"]');
    await expect.poll(() => detail.getByText(text).isVisible()).toBe(true);
    await expect
      .poll(() => detail.getByRole("link", { name: new RegExp(`^${messages.editAction}`) }).isVisible())
      .toBe(true);
    await page.context().close();
    await remove(owner.token, post.id);
  });

  it("shows a new publication, and drops a removed one, within the stated freshness", async () => {
    await cachedAnonymous(`/${OWNER}`);
    const text = `Fresh within the window ${stamp}`;
    const post = await publish(owner.token, { kind: "post", content: text });
    await expect.poll(async () => (await get(`/${OWNER}`)).html.includes(text), withinWindow).toBe(true);
    const detail = await cachedAnonymous(post.path);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain(text);

    await remove(owner.token, post.id);
    await expect.poll(async () => (await get(post.path)).status, withinWindow).toBe(404);
    await expect.poll(async () => (await get(`/${OWNER}`)).html.includes(text), withinWindow).toBe(false);
  });

  it("answers unknown profiles and items with the not-found page and a 404, cached or not", async () => {
    for (const path of [`/no-such-profile-${stamp}`, `/${OWNER}/posts/no-such-post-${stamp}`]) {
      const first = await get(path);
      expect(first.status).toBe(404);
      expect(first.html).toContain(messages.notFoundTitle);
      expect((await cachedAnonymous(path)).status).toBe(404);
      expect((await get(path, owner.cookie)).status).toBe(404);
    }
    // The anonymous render has no address of its own.
    expect((await get(`/${OWNER}/~anonymous`)).status).toBe(404);
    expect((await get(`/${OWNER}/%7Eanonymous/feed`)).status).toBe(404);
  });

  it("serves the post overlay's deep link as the full page, with its query intact", async () => {
    const post = await publish(owner.token, { kind: "post", content: `Overlay deep link ${stamp}` });
    const query = new URLSearchParams({
      postSlug: post.path.split("/").pop() ?? "",
      ownerSlug: OWNER,
      navigate: "true",
      initiator: `/${OWNER}`,
      owner: "false",
      disableRefresh: "true",
    });
    const page = await (await newContext(browser)).newPage();
    const response = await page.goto(`${post.path}?${query.toString()}`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByText(`Overlay deep link ${stamp}`).first().isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get("initiator")).toBe(`/${OWNER}`);
    expect(new URL(page.url()).pathname).toBe(post.path);
    await page.context().close();
    await remove(owner.token, post.id);
  });
});
