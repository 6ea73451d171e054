import { format, messages } from "@vn/contract";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { expectNoSidewaysScroll } from "../support/accounts";
import { expectNoAxeViolations, screenshotWidths } from "../support/browser";
import { newestPath } from "../support/content";
import { useBrowser } from "../support/suite";

/**
 * Images in comments (issue 6, docs/decisions/0011): one person comments with an image, the
 * other sees the comment and its image arrive live and opens it in the file viewer.
 */
const suite = useBrowser();
const signedInPage = (email: string, width?: number) => suite.signedIn(email, width);

const stamp = Date.now().toString(36);

/** A 640×480 picture made now (nothing binary in git): two colour bands. */
function picture(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#1f6feb" } })
    .composite([
      {
        input: { create: { width: 640, height: 160, channels: 3, background: "#f2c94c" } },
        left: 0,
        top: 320,
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

const commentWith = (page: Page, text: string) =>
  page
    .locator("li[data-comment-id]")
    .filter({ has: page.getByText(text, { exact: true }) })
    .last();

async function waitForComments(page: Page): Promise<void> {
  await page.getByRole("textbox", { name: messages.commentFieldLabel }).waitFor();
  await page.locator('section[data-live="true"]').waitFor();
}

/** The image is shown and its bytes decoded (not a broken image). */
async function imageLoaded(page: Page, text: string): Promise<boolean> {
  const image = commentWith(page, text).getByTestId("comment-image").locator("img");
  if ((await image.count()) === 0) return false;
  return image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

describe("images in comments", () => {
  it("one comments with an image; the other sees it live and opens it", { timeout: 120_000 }, async () => {
    const path = await newestPath("anna.kowalski", "posts");
    const anna = await signedInPage("anna@demo.verified.local");
    const priya = await signedInPage("priya@demo.verified.local");
    await anna.goto(path);
    await priya.goto(path);
    await waitForComments(anna);
    await waitForComments(priya);

    // Priya picks an image: a thumbnail with "Remove image" replaces "Add image".
    const composer = priya.locator("form").filter({
      has: priya.getByRole("textbox", { name: messages.commentFieldLabel }),
    });
    const addImage = composer.getByRole("button", { name: messages.chooseImage });
    await addImage.waitFor();
    await composer.getByTestId("comment-image-input").setInputFiles({
      name: `sunrise-${stamp}.jpg`,
      mimeType: "image/jpeg",
      buffer: await picture(),
    });
    const remove = composer.getByRole("button", { name: messages.removeImage });
    await remove.waitFor();
    expect(await addImage.count()).toBe(0);
    const thumbnail = composer.getByTestId("comment-image-pending").locator("img");
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // Removing it brings the button back; a second pick is the one sent.
    await remove.click();
    await addImage.waitFor();
    await composer.getByTestId("comment-image-input").setInputFiles({
      name: `sunrise-${stamp}.jpg`,
      mimeType: "image/jpeg",
      buffer: await picture(),
    });
    await remove.waitFor();
    const text = `A picture from Priya ${stamp}`;
    await composer.getByRole("textbox", { name: messages.commentFieldLabel }).fill(text);
    await expectNoAxeViolations(priya);
    await screenshotWidths(priya, "social-comments-image-composer");
    await composer.getByRole("button", { name: messages.commentSubmit, exact: true }).click();
    await expect.poll(() => imageLoaded(priya, text)).toBe(true);
    // The composer is empty again, ready for the next comment.
    await addImage.waitFor();

    // Anna sees the comment and its image without reloading.
    await expect.poll(() => imageLoaded(anna, text), { timeout: 15_000 }).toBe(true);
    const image = commentWith(anna, text).getByRole("button", { name: messages.viewImage });
    expect(await image.locator("img").getAttribute("alt")).toBe(
      format(messages.commentImageAlt, { name: "Priya Shah" }),
    );
    await expectNoAxeViolations(anna);
    await screenshotWidths(anna, "social-comments-image");
    await anna.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(anna, 360);
    await anna.setViewportSize({ width: 1280, height: 900 });

    // Keyboard: Enter on the image opens the viewer with the full picture; Escape returns focus.
    await image.focus();
    await anna.keyboard.press("Enter");
    const viewer = anna.getByRole("dialog", { name: "Priya Shah" });
    await viewer.waitFor();
    await expect
      .poll(() =>
        viewer.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 640),
      )
      .toBe(true);
    await expectNoAxeViolations(anna);
    await anna.keyboard.press("Escape");
    await expect.poll(() => viewer.count()).toBe(0);
    await expect.poll(() => image.evaluate((el) => el === document.activeElement)).toBe(true);

    // After a reload the image is still there (it came from the list, not only the event).
    await anna.reload();
    await waitForComments(anna);
    await expect.poll(() => imageLoaded(anna, text)).toBe(true);
    await anna.context().close();
    await priya.context().close();
  });
});
