import { format, IMAGE_VARIANT_FULL_PX, IMAGE_VARIANT_MEDIUM_PX } from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { viaWeb } from "./media-rules";

/**
 * Which of the pipeline's renditions a picture shows from, where (decision 0006: `full` is the
 * whole picture fit inside 2560 px, `medium` the same fit inside 1080 px for phones (issue 18;
 * pictures uploaded before it, or no larger than it, have none); `small` 350×350 and `extraSmall` 96×96 are the author's
 * square crop; `preview` 350×448 the author's portrait crop, for the crop dialog and thumbnails).
 *
 * A picture alone shows whole, in its own shape: never a 350 px crop stretched to the column.
 * Pictures side by side show the author's square crop, in the sizes made of it.
 */

export interface PictureSource {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
}

interface Renditions {
  width: number | null;
  height: number | null;
  urls: {
    extraSmall: string | null;
    small: string | null;
    preview: string | null;
    medium?: string | null;
    full: string | null;
  };
}

/** The post column's width: the whole page below 1024 px, at most ~640 px beside the aside. */
export const COLUMN_SIZES = "(min-width: 1024px) 640px, 100vw";
/** A tile of a two-column grid in that column. */
export const TILE_SIZES = "(min-width: 1024px) 320px, 50vw";

/** A rendition's size: the picture fit inside a `box` px square, never enlarged. */
function fitInside(width: number, height: number, box: number) {
  const scale = Math.min(1, box / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The whole picture, sized by its own shape: the 1080 px rendition where it exists (a phone, the
 * post column at 1×), the 2560 px one for wide screens at 2× and the viewer.
 */
export function wholePicture(image: Renditions): PictureSource | null {
  const full = viaWeb(image.urls.full);
  const medium = viaWeb(image.urls.medium);
  if (!full) return medium ? { src: medium } : null;
  if (!image.width || !image.height) return { src: medium ?? full };
  const { width, height } = fitInside(image.width, image.height, IMAGE_VARIANT_FULL_PX);
  const candidates = [`${full} ${width}w`];
  if (medium) {
    const smaller = fitInside(image.width, image.height, IMAGE_VARIANT_MEDIUM_PX);
    if (smaller.width < width) candidates.unshift(`${medium} ${smaller.width}w`);
  }
  return { src: medium ?? full, srcSet: candidates.join(", "), sizes: COLUMN_SIZES, width, height };
}

/** The author's square crop, in both sizes made of it. */
export function squareCrop(image: Renditions): PictureSource | null {
  const small = viaWeb(image.urls.small);
  const extraSmall = viaWeb(image.urls.extraSmall);
  if (!small) return wholePicture(image);
  return {
    src: small,
    srcSet: [extraSmall ? `${extraSmall} 96w` : null, `${small} 350w`].filter(Boolean).join(", "),
    sizes: TILE_SIZES,
    width: 350,
    height: 350,
  };
}

/**
 * What a content picture says to people who cannot see it (issue 18): the author's description,
 * else a neutral one ("Picture 2 of 3 by Anna Kowalski"), never the file's name.
 */
export function pictureAlt(
  alt: string | null | undefined,
  ownerName: string,
  place?: { position: number; count: number },
): string {
  const described = alt?.trim();
  if (described) return described;
  return place && place.count > 1
    ? format(mediaMessages.pictureAltFallbackPosition, { ...place, name: ownerName })
    : format(mediaMessages.pictureAltFallback, { name: ownerName });
}
