import { messages } from "@vn/contract";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, signInWithForm } from "../support/accounts";
import { expectNoAxeViolations, launchBrowser, newContext } from "../support/browser";

let browser: Browser;
let photo: Buffer;
beforeAll(async () => {
  browser = await launchBrowser();
  // Two-tone (a red left quarter on blue): variants are named by their content's hash, so a new
  // crop shows as a new name only when it takes in other pixels.
  const red = await sharp({
    create: { width: 200, height: 600, channels: 3, background: { r: 220, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 102, b: 194 } },
  })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await browser.close();
});

describe("profile pictures", () => {
  it("uploads a profile photo in settings (square crop) and a logo on the company form", {
    timeout: 120_000,
  }, async () => {
    const member = await createMember("media-photo", "Rosa Photo");
    const context = await newContext(browser, 1280);
    const page = await context.newPage();
    await page.goto("/login");
    await signInWithForm(page, member.email, member.password);
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.waitForLoadState("networkidle");

    await page.goto("/settings");
    // A profile picture takes the §5 formats only: a GIF is refused before it is sent.
    await page
      .getByTestId("user_image-input")
      .setInputFiles({ name: "a.gif", mimeType: "image/gif", buffer: photo });
    await expect.poll(() => page.getByText(messages.fileInvalidType).isVisible()).toBe(true);
    await page
      .getByTestId("user_image-input")
      .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    const dialog = page.getByRole("dialog", { name: "Crop image" });
    await dialog.waitFor();
    // Profile pictures need the square crop only.
    expect(await dialog.getByText("Preview (350 × 448)").count()).toBe(0);
    await dialog.getByTestId("crop-frame").focus();
    await page.keyboard.press("ArrowRight");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Apply and upload" }).click();
    const variant = page.getByTestId("user_image-variant");
    await expect.poll(() => variant.getAttribute("src"), { timeout: 30_000 }).toContain("/api/media/public/");
    // The profile now carries the uploaded picture.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const response = await fetch("/api/v1/users/me/general-info");
          return JSON.stringify(await response.json());
        }),
      )
      .toContain("/api/media/public/");

    // Edit crop: the dialog opens on the uploaded photo; a new crop is a new variant under a new
    // name, and the profile takes it (the old variant is deleted).
    const first = (await variant.getAttribute("src")) ?? "";
    await page.getByTestId("user_image-edit-crop").click();
    const frame = dialog.getByTestId("crop-frame");
    await frame.waitFor({ timeout: 20_000 });
    await frame.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowLeft");
    await dialog.getByRole("button", { name: messages.applyRecrop }).click();
    await expect.poll(() => variant.getAttribute("src"), { timeout: 30_000 }).not.toBe(first);
    const recropped = (await variant.getAttribute("src")) ?? "";
    expect(recropped).toContain("/api/media/public/");
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const response = await fetch("/api/v1/users/me/general-info");
          return JSON.stringify(await response.json());
        }),
      )
      .toContain(recropped);
    // Focus is back on "Edit crop".
    expect(
      await page.getByTestId("user_image-edit-crop").evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await page.goto("/create/company");
    await page.getByTestId("company_image-input").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: await sharp(photo).png().toBuffer(),
    });
    await page
      .getByRole("dialog", { name: "Crop image" })
      .getByRole("button", { name: "Apply and upload" })
      .click();
    await expect
      .poll(() => page.getByTestId("company_image-variant").getAttribute("src"), { timeout: 30_000 })
      .toContain("/api/media/public/");
    await expectNoAxeViolations(page);
    await context.close();
  });
});
