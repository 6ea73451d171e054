import { IMAGE_MAX_PX, IMAGE_MIN_PX, IMAGE_VARIANT_MEDIUM_PX, type Media, messages } from "@vn/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { filesUnder, mediaDir, pathOf, uploadFile } from "./support/media";
import { executable, heic, jpeg, png, pngBomb } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Images (§3 image urls and upload types, §5 employee image rules, §9 limits and crops): variants
 * by sharp, EXIF stripped after turning upright, HEIC through our HEIF reader and ffmpeg, crops,
 * and the refusals: too small, too large, a 60,000² decompression bomb, a renamed executable.
 */
let testDb: TestDatabase;
let app: App;
let media: Awaited<ReturnType<typeof mediaDir>>;
let as: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  app = await buildApp(testConfig({ MEDIA_DIR: media.dir }), { database: testDb.database });
  const db = testDb.database.db;
  const person = await createPerson(db, {
    name: "Image Owner",
    email: "images@example.com",
    slug: "image.owner.11",
  });
  const someone = await createPerson(db, {
    name: "Someone Else",
    email: "else@example.com",
    slug: "someone.else.22",
  });
  as = await bearerFor(db, person.userId);
  other = await bearerFor(db, someone.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  await media.remove();
});

const get = (url: string | null, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: pathOf(url), headers });

async function variantMeta(url: string | null) {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("image/webp");
  return { res, meta: await sharp(res.rawPayload).metadata(), body: res.rawPayload };
}

describe("image uploads", () => {
  it("makes the four variants upright, without EXIF, and keeps the original private", async () => {
    // 1200×900 stored, orientation 6 (turn 90° clockwise to view): upright it is 900×1200.
    const { res, media: item } = await uploadFile(
      app,
      as,
      { uploadType: "post_image" },
      { name: "holiday.jpeg", data: await jpeg(1200, 900, { exifOrientation: 6 }) },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(item).toMatchObject({
      kind: "image",
      status: "ready",
      mime: "image/jpeg",
      width: 900,
      height: 1200,
    });
    const sizes: Record<string, [number, number]> = {
      full: [900, 1200],
      preview: [350, 448],
      small: [350, 350],
      extraSmall: [96, 96],
    };
    for (const [name, [w, h]] of Object.entries(sizes)) {
      const { meta } = await variantMeta(item!.urls[name as "full"]);
      expect([name, meta.width, meta.height]).toEqual([name, w, h]);
      // No EXIF at all: no GPS, no camera, no orientation left to apply twice.
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // The white block was top-left of the stored pixels; turned upright it is top-right.
    const full = await get(item!.urls.full);
    const { data, info } = await sharp(full.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(pixel(info.width - 5, 5).every((c) => c > 230)).toBe(true);
    expect(pixel(5, 5)[0]).toBeGreaterThan(150);
    expect(pixel(5, 5)[1]).toBeLessThan(120);

    // Originals are never served by name.
    const stored = await filesUnder(media.dir);
    expect(stored).toContain(`originals/${item!.id}/original`);
    for (const url of [
      `/api/media/originals/${item!.id}/original`,
      `/api/media/public/${item!.id}/original`,
      `/api/media/public/${item!.id}/..%2F..%2Foriginals%2F${item!.id}%2Foriginal`,
    ]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    // …and a profile photo's original has no download either.
    expect(item!.urls.download).toBeNull();
  });

  it("makes a whole-picture rendition for phones, 1080 px on its long side, in the picture's own shape", async () => {
    // Issue 18: a phone loads `medium`, not the 2560 px `full`.
    const wide = await uploadFile(
      app,
      as,
      { uploadType: "post_image" },
      { name: "wide.jpeg", data: await jpeg(3000, 2000) },
    );
    expect(wide.res.statusCode, wide.res.body).toBe(201);
    const full = await variantMeta(wide.media!.urls.full);
    expect([full.meta.width, full.meta.height]).toEqual([2560, 1707]);
    const medium = await variantMeta(wide.media!.urls.medium ?? null);
    expect([medium.meta.width, medium.meta.height]).toEqual([IMAGE_VARIANT_MEDIUM_PX, 720]);
    expect(medium.meta.exif).toBeUndefined();
    expect(medium.body.length).toBeLessThan(full.body.length);

    // Upright by its orientation tag first: a stored 1200×900 turned 90° is 900×1200, so 810×1080.
    const turned = await uploadFile(
      app,
      as,
      { uploadType: "post_image" },
      { name: "turned.jpeg", data: await jpeg(1200, 900, { exifOrientation: 6 }) },
    );
    const tall = await variantMeta(turned.media!.urls.medium ?? null);
    expect([tall.meta.width, tall.meta.height]).toEqual([810, 1080]);

    // A picture no larger than 1080 px has none: `full` is already that small.
    const small = await uploadFile(
      app,
      as,
      { uploadType: "post_image" },
      { name: "square.png", data: await png(800, 800) },
    );
    expect(small.media!.urls.medium).toBeNull();
    expect(small.media!.urls.full).not.toBeNull();
  });

  it("serves variants with ranges, strong ETags and immutable caching", async () => {
    const { media: item } = await uploadFile(
      app,
      as,
      { uploadType: "user_image" },
      { name: "me.png", data: await png(800, 800) },
    );
    const url = item!.urls.full;
    const whole = await get(url);
    expect(whole.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers.etag).toMatch(/^"[a-f0-9]{16}"$/);
    expect(whole.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const size = whole.rawPayload.length;

    const part = await get(url, { range: "bytes=10-19" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);

    const tail = await get(url, { range: "bytes=-5" });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 5))).toBe(true);

    const beyond = await get(url, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${size}`);
    expect(beyond.json().error.code).toBe("request_rangeNotSatisfiable");

    expect((await get(url, { "if-none-match": whole.headers.etag as string })).statusCode).toBe(304);
    // If-Range with another validator: the whole file, not a mismatched piece.
    const stale = await get(url, { range: "bytes=0-9", "if-range": '"0000000000000000"' });
    expect(stale.statusCode).toBe(200);

    const head = await app.inject({ method: "HEAD", url: pathOf(url) });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(size));
    expect(head.rawPayload.length).toBe(0);
  });

  it("cuts the crops the client chose, and re-crops from the private original", async () => {
    // The white block covers the top-left 400×300 of a 1600×1200 picture.
    const crops = {
      desktop: { x: 0, y: 0, width: 300, height: 300 },
      preview: { x: 800, y: 300, width: 700, height: 896 },
    };
    const { res, media: item } = await uploadFile(
      app,
      as,
      { uploadType: "release_image", crops: JSON.stringify(crops) },
      { name: "crop.jpg", data: await jpeg(1600, 1200) },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(item!.crops).toEqual(crops);
    const small = await sharp((await get(item!.urls.small)).rawPayload).stats();
    expect(small.channels[0]!.mean).toBeGreaterThan(240); // all white
    const preview = await sharp((await get(item!.urls.preview)).rawPayload).stats();
    expect(preview.channels[1]!.mean).toBeLessThan(100); // all red

    const moved = await app.inject({
      method: "PATCH",
      url: `/api/v1/media/${item!.id}/crops`,
      headers: as,
      payload: { desktop: { x: 1000, y: 800, width: 400, height: 400 } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json().data as Media;
    expect(after.urls.small).not.toBe(item!.urls.small);
    expect(after.urls.full).toBe(item!.urls.full);
    expect(after.crops).toEqual({ ...crops, desktop: { x: 1000, y: 800, width: 400, height: 400 } });
    const reSmall = await sharp((await get(after.urls.small)).rawPayload).stats();
    expect(reSmall.channels[1]!.mean).toBeLessThan(100); // red now
    // The replaced crop is gone; the old URL answers 404.
    expect((await get(item!.urls.small)).statusCode).toBe(404);

    const outside = await app.inject({
      method: "PATCH",
      url: `/api/v1/media/${item!.id}/crops`,
      headers: as,
      payload: { preview: { x: 1500, y: 0, width: 350, height: 448 } },
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error).toMatchObject({ code: "file_invalidCrop", message: messages.invalidCrop });
    // Another profile cannot touch it.
    const foreign = await app.inject({
      method: "PATCH",
      url: `/api/v1/media/${item!.id}/crops`,
      headers: other,
      payload: { desktop: { x: 0, y: 0, width: 400, height: 400 } },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("file_notFound");
  });

  it("converts HEIC (iPhone grid images and rotation) through ffmpeg", async () => {
    const grid = await uploadFile(
      app,
      as,
      { uploadType: "employee_image" },
      { name: "IMG_0001.HEIC", data: heic({ width: 600, height: 450, columns: 2, rows: 2 }) },
    );
    expect(grid.res.statusCode, grid.res.body).toBe(201);
    expect(grid.media).toMatchObject({ mime: "image/heic", width: 600, height: 450, status: "ready" });
    const full = await variantMeta(grid.media!.urls.full);
    expect([full.meta.width, full.meta.height]).toEqual([600, 450]);

    const turned = await uploadFile(
      app,
      as,
      { uploadType: "user_image" },
      { name: "portrait.heic", data: heic({ width: 640, height: 480, irot: 1 }) },
    );
    expect(turned.res.statusCode, turned.res.body).toBe(201);
    expect(turned.media).toMatchObject({ width: 480, height: 640 });
  });

  it("accepts the wider formats only where the type allows them", async () => {
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#0a0" } })
      .gif()
      .toBuffer();
    const forPost = await uploadFile(app, as, { uploadType: "post_image" }, { name: "anim.gif", data: gif });
    expect(forPost.res.statusCode, forPost.res.body).toBe(201);
    const forAvatar = await uploadFile(
      app,
      as,
      { uploadType: "user_image" },
      { name: "anim.gif", data: gif },
    );
    expect(forAvatar.res.statusCode).toBe(422);
    expect(forAvatar.res.json().error).toMatchObject({
      code: "file_invalidType",
      message: messages.fileInvalidType,
    });
  });

  it("judges by content, not by name", async () => {
    // A PNG named .jpg is a PNG; an executable named .jpg is refused.
    const renamed = await uploadFile(
      app,
      as,
      { uploadType: "user_image" },
      { name: "photo.jpg", data: await png(400, 400) },
    );
    expect(renamed.res.statusCode).toBe(201);
    expect(renamed.media!.mime).toBe("image/png");

    const before = await filesUnder(media.dir);
    const exe = await uploadFile(
      app,
      as,
      { uploadType: "user_image" },
      { name: "photo.jpg", data: executable() },
    );
    expect(exe.res.statusCode).toBe(422);
    expect(exe.res.json().error).toMatchObject({
      code: "file_invalidType",
      message: messages.fileInvalidType,
    });
    const text = await uploadFile(
      app,
      as,
      { uploadType: "post_image" },
      { name: "notes.jpg", data: Buffer.from("just text") },
    );
    expect(text.res.json().error.code).toBe("file_invalidType");
    expect(await filesUnder(media.dir)).toEqual(before);
  });

  it("refuses images outside 350–6000 px and above 15 MB with the contract's messages", async () => {
    const small = await uploadFile(
      app,
      as,
      { uploadType: "user_image" },
      { name: "tiny.png", data: await png(349, 800) },
    );
    expect(small.res.statusCode).toBe(422);
    expect(small.res.json().error).toMatchObject({
      code: "file_imageTooSmall",
      message: `The image must be at least ${IMAGE_MIN_PX} × ${IMAGE_MIN_PX} pixels.`,
    });
    const wide = await uploadFile(
      app,
      as,
      { uploadType: "post_image" },
      { name: "wide.png", data: await png(6001, 400) },
    );
    expect(wide.res.statusCode).toBe(422);
    expect(wide.res.json().error).toMatchObject({
      code: "file_imageDimensionsTooLarge",
      message: `The image must be at most ${IMAGE_MAX_PX} × ${IMAGE_MAX_PX} pixels.`,
    });
    const big = await uploadFile(
      app,
      as,
      { uploadType: "post_image" },
      { name: "big.jpg", data: Buffer.alloc(15 * 1024 * 1024 + 1, 0xff) },
    );
    expect(big.res.statusCode).toBe(413);
    expect(big.res.json().error).toMatchObject({ code: "file_tooLarge", message: messages.fileTooLarge });
  });

  it("refuses a 60,000 × 60,000 decompression bomb from its header, without decoding it", async () => {
    const bomb = await pngBomb(60_000, 60_000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const { res } = await uploadFile(app, as, { uploadType: "post_image" }, { name: "bomb.png", data: bomb });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("file_imageDimensionsTooLarge");
    expect(res.json().error.details).toMatchObject({ width: 60_000, height: 60_000 });
    // 3.6 gigapixels were never decoded: no time, no memory.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
    // The app still serves afterwards.
    const ok = await uploadFile(
      app,
      as,
      { uploadType: "user_image" },
      { name: "after.png", data: await png(400, 400) },
    );
    expect(ok.res.statusCode).toBe(201);
  });

  it("refuses a damaged image", async () => {
    const good = await jpeg(800, 600);
    const { res } = await uploadFile(
      app,
      as,
      { uploadType: "post_image" },
      { name: "cut.jpg", data: good.subarray(0, good.length / 2) },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("file_damaged");
  });

  it("needs a session, and fields before the file", async () => {
    const anonymous = await uploadFile(
      app,
      {},
      { uploadType: "user_image" },
      { name: "a.png", data: await png(400, 400) },
    );
    expect(anonymous.res.statusCode).toBe(401);
    const noType = await uploadFile(app, as, {}, { name: "a.png", data: await png(400, 400) });
    expect(noType.res.statusCode).toBe(422);
    expect(noType.res.json().error.code).toBe("request_validationFailed");
  });
});
