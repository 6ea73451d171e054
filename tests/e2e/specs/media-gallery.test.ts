import fs from "node:fs";
import { format, MEDIA_GALLERY_MAX_VIDEOS, messages } from "@vn/contract";
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiUrl,
  expectNoAxeViolations,
  launchBrowser,
  newContext,
  screenshotWidths,
} from "../support/browser";
import { gotoRetrying, signInSettled } from "../support/content";
import { type Fixtures, makeFixtures } from "./media-fixtures";

let browser: Browser;
let files: Fixtures;
/** A second picture, green, so the two gallery images differ. */
let green: Buffer;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  [browser, files, green] = await Promise.all([
    launchBrowser(),
    makeFixtures(stamp),
    sharp({ create: { width: 700, height: 500, channels: 3, background: { r: 20, g: 160, b: 60 } } })
      .png()
      .toBuffer(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  if (files) fs.rmSync(files.dir, { recursive: true, force: true });
});

const signIn = (page: Page) => signInSettled(page, "anna@demo.verified.local");

const entries = (page: Page) => page.getByTestId("gallery-entry");
const entryIds = (page: Page) =>
  entries(page).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")));

/** Picks an image for the gallery and applies the crop dialog as it opens. */
async function addImage(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const before = await entries(page).count();
  await page.getByTestId("post_image-input").setInputFiles(file);
  const dialog = page.getByRole("dialog", { name: messages.cropTitle });
  await dialog.getByTestId("crop-frame").waitFor();
  await dialog.getByRole("button", { name: messages.applyCrop }).click();
  await expect.poll(() => entries(page).count(), { timeout: 30_000 }).toBe(before + 1);
}

/**
 * The red share r / (r + b) of the middle pixel of an image. The fixture is red (220, 40, 40:
 * 0.85) on the left and blue (30, 90, 200: 0.13) on the right.
 */
async function redness(page: Page, image: Locator): Promise<number> {
  const src = (await image.getAttribute("src")) ?? "";
  return page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d");
    if (!context) return -1;
    context.drawImage(img, 0, 0);
    const [r = 0, , b = 0] = context.getImageData(
      Math.floor(img.naturalWidth / 2),
      Math.floor(img.naturalHeight / 2),
      1,
      1,
    ).data;
    return r / Math.max(1, r + b);
  }, src);
}

describe("post gallery", () => {
  it("publishes a post with two images and a video, re-crops an image, plays the video from the post", {
    timeout: 240_000,
  }, async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signIn(page);
    await gotoRetrying(page, "/create/post");
    const text = `Gallery ${stamp}`;
    await page.getByLabel(messages.fieldPostContent).fill(text);
    await expect.poll(() => page.getByText(messages.galleryEmpty).isVisible()).toBe(true);

    await addImage(page, files.image);
    await addImage(page, { name: "green.png", mimeType: "image/png", buffer: green });

    // The video goes up in resumable parts, then its job transcodes it (processing → ready).
    await page.getByTestId("post_video_file-input").setInputFiles(files.video);
    await expect.poll(() => entries(page).count(), { timeout: 30_000 }).toBe(3);
    const video = entries(page).nth(2);
    expect(await video.getAttribute("data-kind")).toBe("video");
    await expect
      .poll(() => video.getAttribute("data-status"), { timeout: 90_000, interval: 500 })
      .toBe("ready");
    // Its poster replaces the processing state.
    await expect
      .poll(() => video.getByTestId("gallery-variant").getAttribute("src"))
      .toContain("/api/media/public/");

    // Reorder with the keyboard: Image 2 moves before Image 1; the video stays after the images
    // (ContentItem.gallery lists images, then videos), so it cannot move before them.
    const [first, second, clip] = await entryIds(page);
    await page.getByRole("button", { name: format(messages.moveLater, { name: "Image 1" }) }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => entryIds(page)).toEqual([second, first, clip]);
    await expect
      .poll(() =>
        page.getByText(format(messages.entryMoved, { name: "Image 1", position: 2, count: 2 })).count(),
      )
      .toBe(1);
    expect(
      await page
        .getByRole("button", { name: format(messages.moveEarlier, { name: "Video 1" }) })
        .isDisabled(),
    ).toBe(true);
    // Back as it was: the red and blue picture first.
    await page.getByRole("button", { name: format(messages.moveEarlier, { name: "Image 2" }) }).click();
    await expect.poll(() => entryIds(page)).toEqual([first, second, clip]);

    // Re-crop Image 1 from the keyboard: the square frame goes to the red half, the variant changes.
    const thumb = entries(page).first().getByTestId("gallery-variant");
    const before = (await thumb.getAttribute("src")) ?? "";
    const redBefore = await redness(page, thumb);
    await page.getByRole("button", { name: format(messages.editCropOf, { name: "Image 1" }) }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: messages.cropTitle });
    const frame = dialog.getByTestId("crop-frame");
    await frame.waitFor({ timeout: 20_000 });
    // It opens on the crop the image has: the centred square of the 900×600 original.
    expect(JSON.parse((await frame.getAttribute("data-crop")) ?? "{}")).toMatchObject({ x: 150, width: 600 });
    await frame.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press("Shift+ArrowLeft");
    expect(JSON.parse((await frame.getAttribute("data-crop")) ?? "{}")).toMatchObject({ x: 0 });
    await expectNoAxeViolations(page);
    const saved = page.waitForResponse(
      (response) => response.request().method() === "PATCH" && response.url().includes("/crops"),
    );
    await dialog.getByRole("button", { name: messages.applyRecrop }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => thumb.getAttribute("src")).not.toBe(before);
    await expect.poll(() => page.getByText(messages.cropSaved).isVisible()).toBe(true);
    // The new square variant is mostly the red half; the centred one was half and half.
    const redAfter = await redness(page, thumb);
    expect(redAfter).toBeGreaterThan(0.8);
    expect(redAfter).toBeGreaterThan(redBefore);
    // Focus is back on the button that opened the dialog.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(format(messages.editCropOf, { name: "Image 1" }));

    await expectNoAxeViolations(page);
    await entries(page).first().scrollIntoViewIfNeeded();
    await screenshotWidths(page, "media-gallery-editor");

    await page.getByRole("button", { name: messages.publishAction }).click();
    await page.waitForURL((url) => url.pathname.includes("/anna.kowalski/posts/"), { timeout: 30_000 });
    await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
    // All three on the post's page: two pictures and the video.
    const main = page.getByRole("main");
    await expect.poll(() => main.getByRole("button", { name: /^View image \d$/ }).count()).toBe(2);
    const play = main.getByRole("button", { name: /^Play video: Video 1/ });
    await play.waitFor({ timeout: 20_000 });
    // The page shows the re-cropped picture's preview variant (the API made it with the new crop).
    const images = await main
      .getByRole("button", { name: /^View image \d$/ })
      .locator("img")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src") ?? ""));
    expect(images.every((src) => src.includes("/api/media/public/"))).toBe(true);
    // Each picture once: the first gallery picture is not repeated above the gallery.
    const everyImage = await main
      .locator("article img")
      .evaluateAll((imgs) =>
        imgs.map((img) => /\/api\/media\/public\/([^/]+)\//.exec(img.getAttribute("src") ?? "")?.[1] ?? ""),
      );
    const galleryIds = images.map((src) => /\/api\/media\/public\/([^/]+)\//.exec(src)?.[1] ?? "");
    expect(galleryIds.every(Boolean)).toBe(true);
    for (const id of galleryIds) expect(everyImage.filter((other) => other === id)).toHaveLength(1);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "media-gallery-detail");

    await play.click();
    const player = page.getByRole("dialog").getByTestId("video-modal-player");
    await player.waitFor();
    await expect
      .poll(() => player.evaluate((el: HTMLVideoElement) => !el.paused && el.currentTime > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("video-modal-player").count()).toBe(0);

    // Editing: the gallery comes back as the post has it; removing Image 2 goes with the edit
    // (the media travel in the PATCH itself).
    const postPath = new URL(page.url()).pathname;
    await main.getByRole("link", { name: `${messages.editAction}:` }).click();
    await page.waitForURL((url) => url.pathname.includes("/edit"));
    await expect.poll(() => entryIds(page), { timeout: 20_000 }).toEqual([first, second, clip]);
    await page.getByRole("button", { name: format(messages.removeEntry, { name: "Image 2" }) }).click();
    const patch = page.waitForRequest(
      (request) => request.method() === "PATCH" && /\/api\/v1\/content\/[^/]+$/.test(request.url()),
    );
    await page.getByRole("button", { name: messages.saveChanges }).click();
    expect((await patch).postDataJSON()).toMatchObject({ media: { galleryIds: [first, clip] } });
    await page.waitForURL((url) => url.pathname === postPath, { timeout: 30_000 });
    await expect.poll(() => main.getByRole("button", { name: /^View image \d$/ }).count()).toBe(1);
    await main.getByRole("button", { name: /^Play video: Video 1/ }).waitFor();
    await context.close();
  });

  it("sends the media with the publication: a refused file saves nothing, sending again publishes once", {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signIn(page);
    await gotoRetrying(page, "/create/post");
    const text = `Atomic ${stamp}`;
    await page.getByLabel(messages.fieldPostContent).fill(text);
    await addImage(page, { name: "green.png", mimeType: "image/png", buffer: green });
    const [image] = await entryIds(page);

    // The first attempt names a file that does not exist beside the real one: the API refuses the
    // whole request, so no publication is left behind.
    const creates: unknown[] = [];
    let separateMediaRequests = 0;
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().endsWith("/media")) separateMediaRequests++;
    });
    await page.route("**/api/v1/content", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const body = route.request().postDataJSON() as { media?: { galleryIds?: string[] } };
      creates.push(body);
      if (creates.length > 1) return route.continue();
      const galleryIds = [...(body.media?.galleryIds ?? []), "missing-file"];
      await route.continue({ postData: JSON.stringify({ ...body, media: { ...body.media, galleryIds } }) });
    });
    await page.getByRole("button", { name: messages.publishAction }).click();
    await expect
      .poll(() => page.getByText(messages.documentNotFound).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe("/create/post");
    expect(creates[0]).toMatchObject({ content: text, media: { galleryIds: [image] } });

    // Sending the same form again publishes it, once.
    await page.getByRole("button", { name: messages.publishAction }).click();
    await page.waitForURL((url) => url.pathname.includes("/anna.kowalski/posts/"), { timeout: 30_000 });
    await expect
      .poll(() => page.getByRole("main").getByRole("button", { name: "View image 1" }).count())
      .toBe(1);
    expect(separateMediaRequests).toBe(0);
    // The profile's posts hold it once: the refused attempt left nothing behind.
    const query = new URLSearchParams({ tab: "media", filter: JSON.stringify({ section: "posts" }) });
    const response = await fetch(`${apiUrl()}/api/v2/profiles/anna.kowalski/content?${query.toString()}`);
    const posts = ((await response.json()) as { data: { content: string | null }[] }).data;
    expect(posts.filter((post) => post.content === text)).toHaveLength(1);
    await context.close();
  });

  it(`refuses a video beyond the gallery's ${MEDIA_GALLERY_MAX_VIDEOS} before sending it`, {
    timeout: 180_000,
  }, async () => {
    const context = await newContext(browser, 360);
    const page = await context.newPage();
    await signIn(page);
    await gotoRetrying(page, "/create/post");
    for (let i = 1; i <= MEDIA_GALLERY_MAX_VIDEOS; i++) {
      await page.getByTestId("post_video_file-input").setInputFiles(files.video);
      await expect.poll(() => entries(page).count(), { timeout: 30_000 }).toBe(i);
    }
    let sent = 0;
    page.on("request", (request) => {
      // Uploads start with a POST (the list's processing videos are read with GETs meanwhile).
      if (request.method() === "POST" && request.url().includes("/api/v1/media")) sent++;
    });
    await page.getByTestId("post_video_file-input").setInputFiles(files.video);
    await expect.poll(() => page.getByText(messages.fileMaxEmbeddedImages).isVisible()).toBe(true);
    expect(sent).toBe(0);
    expect(await entries(page).count()).toBe(MEDIA_GALLERY_MAX_VIDEOS);

    // Removing one makes room again; focus stays in the list.
    await page.getByRole("button", { name: format(messages.removeEntry, { name: "Video 4" }) }).click();
    await expect.poll(() => entries(page).count()).toBe(MEDIA_GALLERY_MAX_VIDEOS - 1);
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("[data-testid=gallery-entry]") !== null),
      )
      .toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("keeps a picture added while a video is still on its way", { timeout: 120_000 }, async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signIn(page);
    await gotoRetrying(page, "/create/post");
    // The video's upload is held at its start until the picture has joined the gallery.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/media/uploads", async (route) => {
      const body = route.request().postDataJSON() as { uploadType?: string } | null;
      if (body?.uploadType === "post_video_file") await held;
      await route.continue();
    });
    await page.getByTestId("post_video_file-input").setInputFiles(files.video);
    await page.getByRole("progressbar").waitFor();
    await addImage(page, files.image);
    release();
    await expect.poll(() => entries(page).count(), { timeout: 30_000 }).toBe(2);
    expect(
      await entries(page).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-kind"))),
    ).toEqual(["image", "video"]);
    await context.close();
  });

  it("re-crops the main image of an article (Edit crop on the image field)", {
    timeout: 120_000,
  }, async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signIn(page);
    await gotoRetrying(page, "/create/article");
    await page.getByTestId("article_image-input").setInputFiles(files.image);
    const dialog = page.getByRole("dialog", { name: messages.cropTitle });
    await dialog.getByTestId("crop-frame").waitFor();
    await dialog.getByRole("button", { name: messages.applyCrop }).click();
    const variant = page.getByTestId("article_image-variant");
    await expect.poll(() => variant.getAttribute("src"), { timeout: 30_000 }).toContain("/api/media/public/");
    const before = (await variant.getAttribute("src")) ?? "";

    await page.getByTestId("article_image-edit-crop").click();
    const frame = dialog.getByTestId("crop-frame");
    await frame.waitFor({ timeout: 20_000 });
    // The preview crop (350×448, what the field shows) moves right, onto the blue half.
    await dialog.getByText(messages.cropPreview).click();
    await frame.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press("Shift+ArrowRight");
    await dialog.getByRole("button", { name: messages.applyRecrop }).click();
    await expect.poll(() => variant.getAttribute("src"), { timeout: 30_000 }).not.toBe(before);
    expect(await redness(page, variant)).toBeLessThan(0.2);

    // Saved, then opened again on another visit: the main image can still be re-cropped.
    const title = `Cropped article ${stamp}`;
    await page.getByLabel(messages.fieldTitle, { exact: true }).fill(title);
    await page.getByRole("textbox", { name: messages.fieldBody }).click();
    await page.keyboard.type("An article whose picture is cropped twice.");
    await page.getByRole("button", { name: messages.publishAction }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/create/"), { timeout: 30_000 });
    await page
      .getByRole("main")
      .getByRole("link", { name: `${messages.editAction}:` })
      .click();
    await page.waitForURL((url) => url.pathname.includes("/edit"));
    const saved = (await variant.getAttribute("src")) ?? "";
    await page.getByTestId("article_image-edit-crop").click();
    await frame.waitFor({ timeout: 20_000 });
    await dialog.getByText(messages.cropPreview).click();
    await frame.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press("Shift+ArrowLeft");
    await dialog.getByRole("button", { name: messages.applyRecrop }).click();
    await expect.poll(() => variant.getAttribute("src"), { timeout: 30_000 }).not.toBe(saved);
    expect(await redness(page, variant)).toBeGreaterThan(0.5);
    await context.close();
  });
});
