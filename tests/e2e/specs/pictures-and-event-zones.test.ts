import { format, IMAGE_VARIANT_MEDIUM_PX, messages } from "@vn/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, screenshotWidths, webUrl } from "../support/browser";
import { gotoRetrying, signInSettled } from "../support/content";

/**
 * Issue 18, item 5: pictures are described for people who cannot see them and come in a size
 * that fits the screen (a phone loads the 1080 px rendition, not the 2560 px one); an event's
 * times are shown in its own zone and, when the reader's clock reads differently, in theirs.
 */

let browser: Browser;
/** A large landscape picture (3000×2000): big enough for both whole-picture renditions. */
let large: Buffer;
/** A smaller one, for a gallery beside it. */
let green: Buffer;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  const half = await sharp({
    create: { width: 1500, height: 2000, channels: 3, background: { r: 220, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  [large, green] = await Promise.all([
    sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 30, g: 90, b: 200 } } })
      .composite([{ input: half, left: 0, top: 0 }])
      .jpeg()
      .toBuffer(),
    sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 20, g: 160, b: 60 } } })
      .png()
      .toBuffer(),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

/** A context at this width whose clock is in `timezoneId`. */
function contextIn(width: number, timezoneId: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: webUrl(),
    viewport: { width, height: width < 768 ? 800 : 900 },
    timezoneId,
  });
}

/** Picks a picture in the post composer's gallery and applies the crop dialog. */
async function addPicture(page: Page, input: string, file: { name: string; buffer: Buffer }) {
  await page
    .getByTestId(input)
    .setInputFiles({ ...file, mimeType: file.name.endsWith(".png") ? "image/png" : "image/jpeg" });
  const dialog = page.getByRole("dialog", { name: messages.cropTitle });
  await dialog.getByTestId("crop-frame").waitFor();
  await dialog.getByRole("button", { name: messages.applyCrop }).click();
  await dialog.waitFor({ state: "detached", timeout: 30_000 });
}

describe("pictures", () => {
  it("asks for alt text, shows it on the post, and serves a phone the 1080 px rendition", {
    timeout: 240_000,
  }, async () => {
    const context = await contextIn(360, "Europe/Warsaw");
    const page = await context.newPage();
    await signInSettled(page, "anna@demo.verified.local");

    // A post with one picture, described.
    await gotoRetrying(page, "/create/post");
    const single = `One picture ${stamp}`;
    await page.getByLabel(messages.fieldPostContent).fill(single);
    await addPicture(page, "post_image-input", { name: "harbour.jpg", buffer: large });
    const alt = page.getByTestId("gallery-alt");
    await expect.poll(() => alt.count(), { timeout: 30_000 }).toBe(1);
    // The field says what it is for, is optional, and takes at most the contract's length.
    await page
      .getByLabel(format(messages.imageAltLabelOf, { name: "Image 1" }))
      .fill("A harbour at dusk, boats moored");
    expect(await alt.getAttribute("maxlength")).toBe("250");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "pictures-alt-composer");
    await page.getByRole("button", { name: messages.publishAction }).click();
    await page.waitForURL((url) => url.pathname.includes("/anna.kowalski/posts/"), { timeout: 30_000 });

    const picture = page.getByRole("main").getByTestId("gallery-picture");
    await picture.waitFor();
    expect(await picture.getAttribute("alt")).toBe("A harbour at dusk, boats moored");
    // The whole picture in its own shape, from the rendition that fits: 1080 w and 2560 w offered,
    // and at 360 px the browser takes the 1080 px one.
    const srcset = (await picture.getAttribute("srcset")) ?? "";
    expect(srcset).toMatch(new RegExp(`/medium-[0-9a-f]+\\.webp ${IMAGE_VARIANT_MEDIUM_PX}w`));
    expect(srcset).toMatch(/\/full-[0-9a-f]+\.webp 2560w/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/\/medium-[0-9a-f]+\.webp/);
    // The rendition itself is 1080 px on its long side, in the picture's own 3:2 shape.
    const natural = await picture.evaluate(async (img: HTMLImageElement) => {
      const copy = new Image();
      copy.src = img.currentSrc;
      await copy.decode();
      return [copy.naturalWidth, copy.naturalHeight];
    });
    expect(natural).toEqual([IMAGE_VARIANT_MEDIUM_PX, 720]);
    // The button says what it does; the picture's alt describes it.
    await expect
      .poll(() =>
        page
          .getByRole("main")
          .getByRole("button", { name: `${messages.viewImage} 1`, exact: true })
          .getAttribute("aria-describedby"),
      )
      .toBe(await picture.getAttribute("id"));
    await expectNoAxeViolations(page);

    // A gallery: one picture described, the other not (it gets a neutral description, never its file name).
    await gotoRetrying(page, "/create/post");
    const gallery = `Two pictures ${stamp}`;
    await page.getByLabel(messages.fieldPostContent).fill(gallery);
    await addPicture(page, "post_image-input", { name: "harbour.jpg", buffer: large });
    await expect.poll(() => page.getByTestId("gallery-entry").count(), { timeout: 30_000 }).toBe(1);
    await addPicture(page, "post_image-input", { name: "green-field-IMG_0042.png", buffer: green });
    await expect.poll(() => page.getByTestId("gallery-entry").count(), { timeout: 30_000 }).toBe(2);
    await page.getByLabel(format(messages.imageAltLabelOf, { name: "Image 1" })).fill("Boats in the harbour");
    await page.getByRole("button", { name: messages.publishAction }).click();
    await page.waitForURL((url) => url.pathname.includes("/anna.kowalski/posts/"), { timeout: 30_000 });
    const pictures = page.getByRole("main").getByTestId("gallery-picture");
    await expect.poll(() => pictures.count()).toBe(2);
    expect(await pictures.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")))).toEqual([
      "Boats in the harbour",
      format(messages.pictureAltFallbackPosition, { position: 2, count: 2, name: "Anna Kowalski" }),
    ]);

    // The profile shows both posts: every content picture there has a description.
    await gotoRetrying(page, "/anna.kowalski");
    await expect.poll(() => page.getByText(gallery).first().isVisible(), { timeout: 20_000 }).toBe(true);
    const alts = await page
      .getByRole("main")
      .getByTestId("gallery-picture")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt") ?? ""));
    expect(alts.length).toBeGreaterThanOrEqual(3);
    expect(alts.every((text) => text.length > 0 && !/\.(png|jpe?g|webp)$/i.test(text))).toBe(true);
    expect(alts).toContain("A harbour at dusk, boats moored");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "pictures-profile");
    await context.close();
  });
});

describe("an event's own time zone", () => {
  it("defaults to the author's zone, can be changed, and shows the event's time and the reader's", {
    timeout: 180_000,
  }, async () => {
    // The author is in Warsaw; the event happens in New York.
    const context = await contextIn(1280, "Europe/Warsaw");
    const page = await context.newPage();
    await signInSettled(page, "anna@demo.verified.local");
    await gotoRetrying(page, "/create/event");
    const title = `Harbour meetup ${stamp}`;
    await page.getByLabel(messages.fieldTitle, { exact: true }).fill(title);
    await page.getByLabel(messages.fieldDescription).fill("An evening by the water.");
    const zone = page.getByLabel(messages.fieldTimeZone);
    await expect.poll(() => zone.inputValue()).toBe("Europe/Warsaw");
    await zone.selectOption("America/New_York");
    // Typed as the clock in New York reads: 7 PM to 9 PM on 10 July 2027 (EDT, UTC−4).
    await page.getByLabel(messages.fieldStartsAt).fill("2027-07-10T19:00");
    await page.getByLabel(messages.fieldEndsAt).fill("2027-07-10T21:00");
    await page.getByLabel(messages.fieldPlace).fill("Pier 17, New York");
    // A picture for the event, described.
    await addPicture(page, "event_image-input", { name: "pier.jpg", buffer: large });
    await page.getByTestId("main-image-alt").fill("The pier at night");
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "event-zone-composer");
    const created = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith("/api/v1/content"),
    );
    await page.getByRole("button", { name: messages.publishAction }).click();
    const body = (await (await created).json()) as {
      data: { path: string; event: { startsAt: string; timeZone: string } };
    };
    expect(body.data.event).toMatchObject({
      startsAt: "2027-07-10T23:00:00.000Z",
      timeZone: "America/New_York",
    });
    await page.waitForURL((url) => url.pathname.includes("/anna.kowalski/events/"), { timeout: 30_000 });

    // The author, in Warsaw: New York's time, and their own under it.
    const times = page.getByRole("main").getByTestId("event-time");
    await expect.poll(() => times.first().textContent()).toBe("Jul 10, 2027, 7:00 PM EDT (New York)");
    await expect
      .poll(() => page.getByRole("main").getByTestId("event-time-yours").first().textContent())
      .toBe(format(messages.eventTimeYours, { time: "Jul 11, 2027, 1:00 AM GMT+2" }));
    const main = page.getByRole("main").getByTestId("main-picture");
    expect(await main.getAttribute("alt")).toBe("The pier at night");
    expect(await main.getAttribute("srcset")).toContain(`${IMAGE_VARIANT_MEDIUM_PX}w`);
    await expectNoAxeViolations(page);
    await screenshotWidths(page, "event-zone-detail");

    // The edit form reads the times on the event's clock again.
    await page.goto(`${body.data.path}/edit/`);
    await expect.poll(() => page.getByLabel(messages.fieldStartsAt).inputValue()).toBe("2027-07-10T19:00");
    await expect.poll(() => page.getByLabel(messages.fieldTimeZone).inputValue()).toBe("America/New_York");

    // A reader in New York: the time once, as their clock reads the same.
    const visitor = await contextIn(360, "America/New_York");
    const reader = await visitor.newPage();
    await reader.goto(body.data.path);
    await expect
      .poll(() => reader.getByRole("main").getByTestId("event-time").first().textContent())
      .toBe("Jul 10, 2027, 7:00 PM EDT (New York)");
    expect(await reader.getByRole("main").getByTestId("event-time-yours").count()).toBe(0);
    await expectNoAxeViolations(reader);
    await visitor.close();
    await context.close();
  });
});
