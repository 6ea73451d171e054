import fs from "node:fs";
import { messages } from "@vn/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, newContext, screenshotWidths } from "../support/browser";
import { gotoRetrying, signInSettled } from "../support/content";
import { type Fixtures, makeFixtures } from "./media-fixtures";

let browser: Browser;
let files: Fixtures;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  [browser, files] = await Promise.all([launchBrowser(), makeFixtures(stamp)]);
});
afterAll(async () => {
  await browser?.close();
  if (files) fs.rmSync(files.dir, { recursive: true, force: true });
});

const fillMeta = async (page: Page, title: string) => {
  await page.getByLabel(messages.fieldTitle, { exact: true }).fill(title);
  await page.getByLabel(messages.fieldDescription).fill(`About ${title}.`);
};

/** The file field's media once its job is done (file.conversion.finished, or the poll). */
async function waitForReady(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId("file-field-media").getAttribute("data-status"), {
      timeout: 90_000,
      interval: 500,
    })
    .toBe("ready");
}

const signIn = (page: Page) => signInSettled(page, "anna@demo.verified.local");

async function publish(page: Page): Promise<void> {
  await page.getByRole("button", { name: messages.publishAction }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/create/"), { timeout: 30_000 });
}

describe("media", () => {
  it("uploads an image through the crop dialog and shows its variant", { timeout: 120_000 }, async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signIn(page);
    await gotoRetrying(page, "/create/article");
    const title = `Cropped ${stamp}`;
    await page.getByLabel(messages.fieldTitle, { exact: true }).fill(title);
    await page.getByRole("textbox", { name: messages.fieldBody }).click();
    await page.keyboard.type("Body with a picture.");

    // Bad picks are refused with the contract's messages before anything is sent.
    await page.getByTestId("article_image-input").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not an image"),
    });
    await expect.poll(() => page.getByText(messages.fileInvalidType).isVisible()).toBe(true);
    await page.getByTestId("article_image-input").setInputFiles({
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(15 * 1024 * 1024 + 1),
    });
    await expect.poll(() => page.getByText(messages.fileTooLarge).isVisible()).toBe(true);

    await page.getByTestId("article_image-input").setInputFiles(files.image);
    const dialog = page.getByRole("dialog", { name: "Crop image" });
    await dialog.waitFor();
    const frame = dialog.getByTestId("crop-frame");
    await frame.waitFor();
    const before = JSON.parse((await frame.getAttribute("data-crop")) ?? "{}") as { x: number };
    // Keyboard: the square frame moves left to the red half.
    await frame.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press("Shift+ArrowLeft");
    const after = JSON.parse((await frame.getAttribute("data-crop")) ?? "{}") as { x: number; width: number };
    expect(after.x).toBeLessThan(before.x);
    expect(after.x).toBe(0);
    expect(after.width).toBe(600);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "media-crop-dialog");
    await dialog.getByText("Preview (350 × 448)").click();
    const preview = JSON.parse((await frame.getAttribute("data-crop")) ?? "{}") as {
      width: number;
      height: number;
    };
    expect(Math.round((preview.width / preview.height) * 448)).toBe(350);
    await dialog.getByRole("button", { name: "Apply and upload" }).click();

    const variant = page.getByTestId("article_image-variant");
    await expect.poll(() => variant.getAttribute("src"), { timeout: 30_000 }).toContain("/api/media/public/");
    const src = (await variant.getAttribute("src")) ?? "";
    // The preview variant (350×448) of the uploaded image is served and decodes.
    const size = await page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, src);
    expect(size).toEqual({ width: 350, height: 448 });
    await publish(page);
    await expect.poll(() => page.getByText(title).first().isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('img[src*="/api/media/public/"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await context.close();
  });

  it("cancels an upload in flight", async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signIn(page);
    // The part is held on its way: the upload stays in flight until it is cancelled.
    await page.route("**/api/v1/media/uploads/**", async (route) =>
      route.request().method() === "PUT" ? undefined : route.continue(),
    );
    await gotoRetrying(page, "/create/document");
    await fillMeta(page, `Cancelled ${stamp}`);
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && response.url().endsWith("/api/v1/media/uploads"),
    );
    await page.getByTestId("document_file-input").setInputFiles(files.pdf);
    const session = (await (await created).json()) as { data: { id: string } };
    const bar = page.getByRole("progressbar");
    await bar.waitFor();
    await page.getByRole("button", { name: "Cancel upload" }).click();
    await expect.poll(() => page.getByText("Upload cancelled.").isVisible()).toBe(true);
    // The server dropped the upload and its parts.
    await page.unroute("**/api/v1/media/uploads/**");
    await expect
      .poll(() =>
        page.evaluate(async (id) => {
          const response = await fetch(`/api/v1/media/uploads/${id}`);
          if (!response.ok) return response.status;
          return ((await response.json()) as { data: { status: string } }).data.status;
        }, session.data.id),
      )
      .not.toBe("open");
    expect(await bar.count()).toBe(0);
    await context.close();
  });

  it("uploads a PDF and a .docx, previews them after conversion, opens the file viewer and downloads", {
    timeout: 240_000,
  }, async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signIn(page);
    await gotoRetrying(page, "/create/document");
    // Documents are publications of their own: the title comes first (§5).
    await page.getByTestId("document_file-input").setInputFiles(files.pdf);
    await expect.poll(() => page.getByText(messages.fileTitleRequired).isVisible()).toBe(true);

    const pdfTitle = `Brief ${stamp}`;
    await fillMeta(page, pdfTitle);
    await page.getByTestId("document_file-input").setInputFiles(files.pdf);
    await waitForReady(page);
    await page.getByTestId("document-preview").waitFor();

    // The .docx goes through LibreOffice; the preview appears once file.conversion.finished arrives.
    await page.getByTestId("document_file-input").setInputFiles(files.docx);
    await waitForReady(page);
    const preview = page.getByTestId("document-preview");
    await preview.waitFor();
    const pdfUrl = (await preview.getAttribute("src")) ?? "";
    const head = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get("content-type") };
    }, pdfUrl);
    expect(head).toEqual({ status: 200, type: "application/pdf" });
    await expectNoAxeViolations(page);
    await publish(page);
    await expect.poll(() => page.getByText(pdfTitle).first().isVisible()).toBe(true);

    await page.getByRole("button", { name: "Open document" }).first().click();
    const viewer = page.getByRole("dialog");
    await viewer.getByTestId("file-viewer-pdf").waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "media-file-viewer");

    // A failed download says so (§8).
    await page.route("**/api/v1/media/*/download", (route) => route.fulfill({ status: 503, body: "" }));
    await viewer.getByRole("button", { name: messages.downloadFile }).click();
    await expect.poll(() => page.getByText(messages.downloadFailed).first().isVisible()).toBe(true);
    await page.unroute("**/api/v1/media/*/download");
    await viewer.getByRole("button", { name: messages.close }).click();
    await expect.poll(() => page.getByTestId("file-viewer-pdf").count()).toBe(0);

    // A working download arrives as the original file.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: messages.downloadFile }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`memo-${stamp}.docx`);
    await context.close();
  });

  it("plays podcasts in the global audio player: play, pause, next and previous cycle, stays while navigating", {
    timeout: 240_000,
  }, async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signIn(page);
    const titles = [`Episode A ${stamp}`, `Episode B ${stamp}`];
    const sources = [files.audioA, files.audioB];
    for (const [i, title] of titles.entries()) {
      await gotoRetrying(page, "/create/podcast");
      await fillMeta(page, title);
      await page.getByTestId("recording_audio_file-input").setInputFiles(sources[i] ?? "");
      await waitForReady(page);
      await publish(page);
    }
    await gotoRetrying(page, "/anna.kowalski");
    const player = page.getByTestId("audio-player");
    const trackName = () => page.getByTestId("audio-track-name").innerText();
    for (const title of titles) {
      const play = page.getByRole("button", { name: `Play: ${title}` }).first();
      await play.waitFor({ timeout: 20_000 });
      await play.click();
      await expect.poll(trackName).toContain(title);
    }
    await expect.poll(trackName).toContain(titles[1]);
    const audioPlaying = () =>
      page.getByTestId("audio-element").evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 0);
    await expect.poll(audioPlaying, { timeout: 15_000 }).toBe(true);

    await player.getByRole("button", { name: "Pause" }).click();
    expect(await page.getByTestId("audio-element").evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
    await player.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(audioPlaying).toBe(true);

    // Two tracks: next from the last goes round to the first, previous from the first to the last.
    await player.getByRole("button", { name: "Next track" }).click();
    await expect.poll(trackName).toContain(titles[0]);
    await player.getByRole("button", { name: "Previous track" }).click();
    await expect.poll(trackName).toContain(titles[1]);
    await player.getByRole("button", { name: "Previous track" }).click();
    await expect.poll(trackName).toContain(titles[0]);
    await expect.poll(() => page.getByTestId("audio-time").innerText()).toMatch(/^\d\d:\d\d:\d\d$/);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "media-audio-player");

    // A client-side navigation keeps the player and its track.
    await page.evaluate(() => {
      (window as unknown as { __stay: number }).__stay = 1;
    });
    await player.getByRole("button", { name: "Pause" }).click();
    // The header's Companies link: a client-side navigation to another page.
    await page.getByRole("banner").getByRole("link", { name: "Companies" }).first().click();
    await page.waitForURL((url) => url.pathname === "/companies");
    expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);
    await expect.poll(trackName).toContain(titles[0]);
    expect(await player.isVisible()).toBe(true);
    await player.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(audioPlaying).toBe(true);
    await context.close();
  });

  it("plays a short video in the modal: plays, seeks, closes with Escape", { timeout: 180_000 }, async () => {
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await signIn(page);
    const title = `Clip ${stamp}`;
    await gotoRetrying(page, "/create/video");
    await fillMeta(page, title);
    await page.getByTestId("recording_video_file-input").setInputFiles(files.video);
    await waitForReady(page);
    await publish(page);
    const open = page.getByRole("button", { name: `Play video: ${title}` }).first();
    await open.waitFor({ timeout: 20_000 });
    await open.click();
    const modal = page.getByRole("dialog");
    const video = modal.getByTestId("video-modal-player");
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => !el.paused && el.currentTime > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    // Seeking: range requests let it jump.
    await video.evaluate((el: HTMLVideoElement) => {
      el.pause();
      el.currentTime = 1.5;
    });
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeCloseTo(1.5, 0);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "media-video-modal");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("video-modal-player").count()).toBe(0);
    // Focus goes back to the preview that opened it.
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);

    // In a list the topmost visible video previews (muted), and only that one (§9).
    await gotoRetrying(page, "/anna.kowalski");
    const previews = page.getByTestId("video-preview");
    await previews.first().scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.locator('[data-testid="video-preview"][data-previewing="true"]').count())
      .toBe(1);
    await expect
      .poll(() =>
        page
          .locator('[data-testid="video-preview"][data-previewing="true"] video')
          .evaluate((el: HTMLVideoElement) => el.muted && !el.paused),
      )
      .toBe(true);
    await context.close();
  });
});
