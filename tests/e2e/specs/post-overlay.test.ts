import { format, messages } from "@vn/contract";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCall, DEMO_PASSWORD } from "../support/accounts";
import { apiUrl, expectNoAxeViolations, screenshot } from "../support/browser";
import { useBrowser } from "../support/suite";

/**
 * The post overlay's query (issue 18, §2 post overlay) is read back, not only written: open a
 * gallery post in the overlay over a profile, look at its second picture (gallery=2), reload,
 * and the page shows that picture again; text-only mode (textOnly=true) survives a reload too.
 * Stepping to the next post writes navigate=true and owner=true (the list is the owner's posts):
 * the reloaded page steps through the same posts, keeping the query, in this tab and in another.
 */
const suite = useBrowser();
const stamp = Date.now().toString(36);
const text = `Two pictures from the workshop ${stamp}`;
let imageIds: string[] = [];
/** The path of each gallery picture's full rendition (the viewer shows it). */
let imagePaths: string[] = [];

async function picture(r: number, g: number, b: number): Promise<Blob> {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: "image/png" });
}

beforeAll(async () => {
  const signIn = await apiCall<{ token: string }>("/auth/sign-in/email", {
    body: { email: "anna@demo.verified.local", password: DEMO_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  const headers = { authorization: `Bearer ${signIn.body.token}` };
  imageIds = [];
  for (const [name, blob] of [
    ["red.png", await picture(220, 40, 40)],
    ["green.png", await picture(20, 160, 60)],
  ] as const) {
    const form = new FormData();
    form.append("uploadType", "post_image");
    form.append("file", blob, name);
    const uploaded = await fetch(`${apiUrl()}/api/v1/media`, { method: "POST", headers, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    imageIds.push(((await uploaded.json()) as { data: { id: string } }).data.id);
  }
  const created = await apiCall<{ data: { id: string } }>("/v1/content", {
    token: signIn.body.token,
    body: { kind: "post", content: text, media: { galleryIds: imageIds } },
  });
  expect(created.status).toBe(201);
  // The pictures are shown once their renditions are ready.
  type Gallery = { images: { id: string; status: string; urls: { full: string | null } }[] };
  let gallery: Gallery = { images: [] };
  // (expect.poll is for tests only: a plain wait here.)
  for (let tries = 0; ; tries++) {
    const item = await apiCall<{ data: { gallery: Gallery } }>(`/v1/content/${created.body.data.id}`, {
      token: signIn.body.token,
    });
    gallery = item.body.data.gallery;
    if (gallery.images.every((image) => image.status === "ready")) break;
    if (tries > 60) throw new Error("the gallery's pictures were never ready");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  expect(gallery.images.map((image) => image.id)).toEqual(imageIds);
  imagePaths = gallery.images.map((image) => new URL(image.urls.full ?? "", "http://x").pathname);
}, 120_000);

async function openOverlay(page: Page) {
  await page.goto("/anna.kowalski/posts");
  const card = page.getByRole("article", { name: text });
  await card.getByRole("link", { name: new RegExp(`^${messages.openPublication}`) }).click();
  const overlay = page.getByRole("dialog", { name: format(messages.postBy, { name: "Anna Kowalski" }) });
  await overlay.waitFor();
  await page.waitForURL((url) => url.pathname.startsWith("/anna.kowalski/posts/"));
  return overlay;
}

/** The file viewer's picture: the one whose address names the gallery picture. */
async function viewerPath(page: Page): Promise<string> {
  const src = await page
    .getByRole("dialog")
    .locator("img[alt]")
    .last()
    .getAttribute("src", { timeout: 2000 })
    .catch(() => null);
  return src ? new URL(src, "http://x").pathname : "";
}

describe.each([360, 1280])("the post overlay's URL at %i px", (width) => {
  it("opens a gallery post at picture 2; a reload shows picture 2 again", { timeout: 120_000 }, async () => {
    const { context, page } = await suite.open(width);
    const overlay = await openOverlay(page);
    await overlay.getByRole("button", { name: `${messages.viewImage} 2` }).click();
    await page.waitForURL((url) => url.searchParams.get("gallery") === "2");
    await expect.poll(() => viewerPath(page)).toBe(imagePaths[1]);
    const url = new URL(page.url());
    expect(url.searchParams.get("postSlug")).toBeTruthy();
    expect(url.searchParams.get("initiator")).toBe("/anna.kowalski/posts");

    await page.reload();
    // The page of the post, with the same picture open.
    await expect.poll(() => viewerPath(page), { timeout: 15_000 }).toBe(imagePaths[1]);
    expect(new URL(page.url()).searchParams.get("gallery")).toBe("2");
    await screenshot(page, `post-overlay-gallery-reloaded-${width}`);

    // Closing the viewer drops the picture from the URL.
    await page.keyboard.press("Escape");
    await page.waitForURL((next) => next.searchParams.get("gallery") === null);
    await context.close();
  });

  it("text-only mode survives a reload", { timeout: 120_000 }, async () => {
    const { context, page } = await suite.open(width);
    const overlay = await openOverlay(page);
    await expect
      .poll(() => overlay.getByRole("button", { name: `${messages.viewImage} 1` }).isVisible())
      .toBe(true);
    await overlay.getByRole("button", { name: messages.textOnlyOn }).click();
    await page.waitForURL((url) => url.searchParams.get("textOnly") === "true");
    expect(await overlay.getByRole("button", { name: `${messages.viewImage} 1` }).count()).toBe(0);

    await page.reload();
    const showPictures = page.getByRole("button", { name: messages.textOnlyOff });
    await expect.poll(() => showPictures.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await showPictures.getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByText(text).first().isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: `${messages.viewImage} 1` }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, `post-overlay-text-only-${width}`);

    // And back: the pictures return and the URL forgets the mode.
    await showPictures.click();
    await page.waitForURL((url) => url.searchParams.get("textOnly") === null);
    await expect
      .poll(() => page.getByRole("button", { name: `${messages.viewImage} 1` }).isVisible())
      .toBe(true);
    await context.close();
  });
});

/** The reloaded page's previous/next of the overlay's list. */
const listNavigation = (page: Page) => page.getByRole("navigation", { name: messages.postNavigation });

async function linkPath(page: Page, name: string): Promise<URL> {
  const href = await listNavigation(page).getByRole("link", { name }).getAttribute("href");
  return new URL(href ?? "", "http://x");
}

describe.each([360, 1280])("the post overlay's list at %i px", (width) => {
  it("steps to the next post; a reload keeps navigate and owner, and the page steps through the same posts", {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await suite.open(width);
    const overlay = await openOverlay(page);
    const first = new URL(page.url());
    expect(first.searchParams.get("navigate")).toBe("true");
    expect(first.searchParams.get("owner")).toBe("true");
    await overlay.getByRole("button", { name: messages.nextPost }).click();
    await page.waitForURL(
      (url) => url.pathname.startsWith("/anna.kowalski/posts/") && url.pathname !== first.pathname,
    );
    const second = new URL(page.url());
    // Switching keeps the initiator (§2).
    expect(second.searchParams.get("initiator")).toBe("/anna.kowalski/posts");

    await page.reload();
    // The page of the second post, with the list's previous (the first) and the query kept.
    await expect.poll(() => listNavigation(page).isVisible(), { timeout: 15_000 }).toBe(true);
    const previous = await linkPath(page, messages.previousPost);
    expect(previous.pathname).toBe(first.pathname);
    expect(previous.searchParams.get("navigate")).toBe("true");
    expect(previous.searchParams.get("owner")).toBe("true");
    expect(previous.searchParams.get("initiator")).toBe("/anna.kowalski/posts");
    // The suggested publications' own previous/next stand aside for it.
    expect(await page.getByRole("navigation", { name: messages.suggestedNavigation }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, `post-overlay-list-reloaded-${width}`);

    await listNavigation(page).getByRole("link", { name: messages.previousPost }).click();
    await page.waitForURL((url) => url.pathname === first.pathname);
    await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await linkPath(page, messages.nextPost)).pathname).toBe(second.pathname);

    // Another tab keeps nothing of this one: owner=true asks for the owner's posts instead.
    const other = await suite.open(width);
    await other.page.goto(`${second.pathname}${second.search}`);
    await expect.poll(() => listNavigation(other.page).isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await linkPath(other.page, messages.previousPost)).pathname).toBe(first.pathname);
    await other.context.close();
    await context.close();
  });
});
