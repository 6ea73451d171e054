import fs from "node:fs/promises";
import {
  AppError,
  CROP_DESKTOP,
  CROP_PREVIEW,
  type CropRect,
  format,
  IMAGE_MAX_PX,
  IMAGE_VARIANT_EXTRA_SMALL_PX,
  IMAGE_VARIANT_FULL_PX,
  IMAGE_VARIANT_MEDIUM_PX,
  type ImageCrops,
  type ImageVariantName,
  messages,
} from "@vn/contract";
import sharp, { type Sharp } from "sharp";
import { parseHeif } from "./heif";

/**
 * Image variants with sharp (§3 content item image urls, §9 limits and crops):
 *  - full: the whole picture, upright, fit inside 2560 px;
 *  - medium: the same whole picture fit inside 1080 px, for phones and the post column (issue 18),
 *    made only when the picture is larger than that (full is then no larger than medium would be);
 *  - small: the desktop crop at 350×350; extraSmall: the same crop at 96×96;
 *  - preview: the preview crop at 350×448.
 * Every variant is WebP without metadata: EXIF (GPS, camera) is dropped after the picture is
 * turned upright by its orientation tag. The original stays private.
 *
 * The picture is decoded once, shrunk on load to the working size; crops are cut from that
 * copy unless the crop is so small that it needs the original's pixels.
 */

/** Never decode more pixels than the largest allowed image (a decompression bomb guard). */
export const MAX_INPUT_PIXELS = IMAGE_MAX_PX * IMAGE_MAX_PX;
const WEBP = { quality: 82, effort: 2 } as const;

export type ImageInput =
  | { kind: "file"; path: string }
  | { kind: "raw"; data: Buffer; width: number; height: number; channels: 3 | 4 };

export interface ImageLimits {
  minPx: number;
  maxPx: number;
}

export interface RenderedVariant {
  name: ImageVariantName;
  buffer: Buffer;
  width: number;
  height: number;
  mime: "image/webp";
}

function open(input: ImageInput): Sharp {
  if (input.kind === "raw") {
    return sharp(input.data, {
      raw: { width: input.width, height: input.height, channels: input.channels },
      limitInputPixels: MAX_INPUT_PIXELS,
    });
  }
  return sharp(input.path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
}

function damaged(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const text = error instanceof Error ? error.message : String(error);
  // sharp's pixel-limit refusal, should a header lie about its size.
  if (/pixel limit/i.test(text))
    return new AppError("file_imageDimensionsTooLarge", {
      message: format(messages.imageDimensionsTooLarge, { max: IMAGE_MAX_PX }),
    });
  return new AppError("file_damaged", { details: { reason: text.slice(0, 200) } });
}

/**
 * Reads the upright size from the header only (nothing is decoded) and applies the limits.
 * HEIC is read by our own container parser and decoded by ffmpeg (heif.ts).
 */
export async function openImage(
  file: { path: string; ext: string },
  limits: ImageLimits,
  /** workDir: a private directory of this work, where a HEIC is decoded to (removed by the caller). */
  tools: { ffmpegPath: string; timeoutMs: number; workDir: string },
): Promise<{ input: ImageInput; width: number; height: number }> {
  let width: number;
  let height: number;
  let decodeHeic: (() => Promise<ImageInput>) | null = null;
  try {
    if (file.ext === "heic") {
      const heif = parseHeif(await fs.readFile(file.path));
      ({ width, height } = heif);
      // Decoded by ffmpeg into a file sharp reads like any other (its pixel limit applies too).
      decodeHeic = async () => ({ kind: "file", path: await heif.decode(tools) });
    } else {
      const meta = await sharp(file.path, { limitInputPixels: false }).metadata();
      if (!meta.width || !meta.height) throw new AppError("file_damaged", { details: { reason: "no size" } });
      const turned = (meta.orientation ?? 1) >= 5;
      width = turned ? meta.height : meta.width;
      height = turned ? meta.width : meta.height;
    }
  } catch (error) {
    throw damaged(error);
  }
  checkLimits(width, height, limits);
  const input = decodeHeic ? await decodeHeic().catch((e: unknown) => Promise.reject(damaged(e))) : null;
  return { input: input ?? { kind: "file", path: file.path }, width, height };
}

export function checkLimits(width: number, height: number, limits: ImageLimits): void {
  if (width > limits.maxPx || height > limits.maxPx) {
    throw new AppError("file_imageDimensionsTooLarge", {
      message: format(messages.imageDimensionsTooLarge, { max: limits.maxPx }),
      details: { width, height, max: limits.maxPx },
    });
  }
  if (width < limits.minPx || height < limits.minPx) {
    throw new AppError("file_imageTooSmall", {
      message: format(messages.imageTooSmall, { min: limits.minPx }),
      details: { width, height, min: limits.minPx },
    });
  }
}

/** The largest centred rectangle of the target's shape: the crop when the client gives none. */
export function centredCrop(
  width: number,
  height: number,
  target: { width: number; height: number },
): CropRect {
  const aspect = target.width / target.height;
  const w = Math.min(width, Math.round(height * aspect));
  const h = Math.min(height, Math.round(w / aspect));
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}

export function resolveCrops(width: number, height: number, given: ImageCrops | null | undefined) {
  const check = (rect: CropRect | undefined) => {
    if (!rect) return;
    if (rect.x + rect.width > width || rect.y + rect.height > height) {
      throw new AppError("file_invalidCrop", { details: { width, height, rect } });
    }
  };
  check(given?.desktop);
  check(given?.preview);
  return {
    desktop: given?.desktop ?? centredCrop(width, height, CROP_DESKTOP),
    preview: given?.preview ?? centredCrop(width, height, CROP_PREVIEW),
  };
}

/** Renders every variant (medium only for pictures larger than it). `which` limits it to the crop-based ones (a re-crop). */
export async function renderVariants(
  input: ImageInput,
  size: { width: number; height: number },
  crops: { desktop: CropRect; preview: CropRect },
  which: "all" | "crops" = "all",
): Promise<RenderedVariant[]> {
  try {
    const working = await open(input)
      .rotate()
      .resize({
        width: IMAGE_VARIANT_FULL_PX,
        height: IMAGE_VARIANT_FULL_PX,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: working.info.width, height: working.info.height, channels: working.info.channels };
    const fromWorking = () => sharp(working.data, { raw });
    const scale = working.info.width / size.width;
    const out: RenderedVariant[] = [];
    const push = async (name: ImageVariantName, pipeline: Sharp) => {
      const { data, info } = await pipeline.webp(WEBP).toBuffer({ resolveWithObject: true });
      out.push({ name, buffer: data, width: info.width, height: info.height, mime: "image/webp" });
    };
    const cut = (rect: CropRect, target: { width: number; height: number }): Sharp => {
      const scaled = {
        left: Math.min(Math.round(rect.x * scale), raw.width - 1),
        top: Math.min(Math.round(rect.y * scale), raw.height - 1),
        width: Math.max(1, Math.round(rect.width * scale)),
        height: Math.max(1, Math.round(rect.height * scale)),
      };
      scaled.width = Math.min(scaled.width, raw.width - scaled.left);
      scaled.height = Math.min(scaled.height, raw.height - scaled.top);
      // A small crop of a big picture takes its pixels from the original, not the shrunk copy.
      const source =
        scale < 1 && scaled.width < target.width
          ? open(input)
              .rotate()
              .extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height })
          : fromWorking().extract(scaled);
      return source.resize({ width: target.width, height: target.height, fit: "cover" });
    };
    if (which === "all") {
      await push("full", fromWorking());
      if (Math.max(raw.width, raw.height) > IMAGE_VARIANT_MEDIUM_PX) {
        await push(
          "medium",
          fromWorking().resize({
            width: IMAGE_VARIANT_MEDIUM_PX,
            height: IMAGE_VARIANT_MEDIUM_PX,
            fit: "inside",
            withoutEnlargement: true,
          }),
        );
      }
    }
    const small = await cut(crops.desktop, CROP_DESKTOP).raw().toBuffer({ resolveWithObject: true });
    const smallRaw = { width: small.info.width, height: small.info.height, channels: small.info.channels };
    await push("small", sharp(small.data, { raw: smallRaw }));
    await push(
      "extraSmall",
      sharp(small.data, { raw: smallRaw }).resize(IMAGE_VARIANT_EXTRA_SMALL_PX, IMAGE_VARIANT_EXTRA_SMALL_PX),
    );
    await push("preview", cut(crops.preview, CROP_PREVIEW));
    return out;
  } catch (error) {
    throw damaged(error);
  }
}

/** A poster frame (video) or cover (audio) as one WebP, fit inside 1280 px. */
export async function renderPoster(path: string): Promise<{ buffer: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: 1280, height: 1280, fit: "inside", withoutEnlargement: true })
    .webp(WEBP)
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}
