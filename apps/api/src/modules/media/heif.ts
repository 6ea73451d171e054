import fs from "node:fs/promises";
import path from "node:path";
import { AppError, format, IMAGE_MAX_PX, messages } from "@vn/contract";
import { run, ToolMissingError } from "./tools";

/**
 * HEIC (iPhone photos). sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF): HEVC
 * decoding is left out for patent reasons, and ffmpeg 5.1 cannot read the HEIF container. So we
 * read the container here (ISO/IEC 23008-12: meta → pitm, iinf, iloc, iref, iprp) and hand the
 * HEVC bitstream of the primary image (one picture, or the tiles of a grid) to ffmpeg's HEVC
 * decoder, which also stitches the tiles and applies rotation/mirroring.
 *
 * A few KB of container can declare thousands of tiles of any size, all pointing at the same
 * bytes (issue 11). So the decoded size is bounded before anything is decoded: at most
 * HEIF_MAX_TILES tiles, all of one size, covering the image with less than a tile of padding, at
 * most HEIF_MAX_DECODED_PIXELS pixels decoded in all, and no more bitstream than the file holds.
 * ffmpeg refuses a picture larger than its tile declares (-max_pixels), and its decoded output
 * goes to files in the work dir, never through this process's memory.
 */

/** Tiles of one grid image: an iPhone's 12 MP photo has 48 (512 px each), its 48 MP one 192. */
export const HEIF_MAX_TILES = 1024;
/** Pixels decoded in all (the tile mosaic, padding included): the image limit plus a tile's padding. */
export const HEIF_MAX_DECODED_PIXELS = (IMAGE_MAX_PX + 512) * (IMAGE_MAX_PX + 512);
/** Transformative properties (irot, imir) of one image: the format has one of each. */
const HEIF_MAX_TRANSFORMS = 2;

interface Box {
  type: string;
  start: number;
  /** Where the box's content starts (after size and type). */
  body: number;
  end: number;
}

function* children(buf: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) throw bad("box header");
      size = Number(buf.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) size = end - at;
    if (size < body - at || at + size > end) throw bad(`box ${type}`);
    yield { type, start: at, body, end: at + size };
    at += size;
  }
}

function bad(what: string): AppError {
  return new AppError("file_damaged", { details: { reason: `HEIF: bad ${what}` } });
}

function readUInt(buf: Buffer, at: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (bytes === 1) return buf.readUInt8(at);
  if (bytes === 2) return buf.readUInt16BE(at);
  if (bytes === 4) return buf.readUInt32BE(at);
  if (bytes === 8) return Number(buf.readBigUInt64BE(at));
  throw bad("field size");
}

interface Item {
  type: string;
  extents: Array<{ offset: number; length: number }>;
  constructionMethod: number;
  baseOffset: number;
  properties: number[];
}

type Property =
  | { type: "hvcC"; nals: Buffer[]; lengthSize: number }
  | { type: "ispe"; width: number; height: number }
  | { type: "irot"; angle: number }
  | { type: "imir"; axis: number }
  | { type: "other" };

export interface HeifImage {
  width: number;
  height: number;
  /** Pixels the decode will produce (the tile mosaic), known before decoding. */
  decodedPixels: number;
  /**
   * Decodes the primary image (needs ffmpeg) into an uncompressed TIFF inside `workDir`, upright
   * and cropped to its size; answers its path. Nothing decoded passes through this process.
   */
  decode(tools: { ffmpegPath: string; timeoutMs: number; workDir: string }): Promise<string>;
}

function tooLarge(details: Record<string, unknown>): AppError {
  return new AppError("file_imageDimensionsTooLarge", {
    message: format(messages.imageDimensionsTooLarge, { max: IMAGE_MAX_PX }),
    details,
  });
}

/** Parses the container and names the primary image's size without decoding anything. */
export function parseHeif(file: Buffer): HeifImage {
  const meta = [...children(file, 0, file.length)].find((b) => b.type === "meta");
  if (!meta) throw bad("no meta box");
  const items = new Map<number, Item>();
  const properties: Property[] = [];
  const references = new Map<number, number[]>();
  let primary = -1;
  let idat: Box | undefined;
  let ilocBox: Box | undefined;

  for (const box of children(file, meta.body + 4, meta.end)) {
    const version = file.readUInt8(box.body);
    let at = box.body + 4;
    switch (box.type) {
      case "pitm":
        primary = version === 0 ? file.readUInt16BE(at) : file.readUInt32BE(at);
        break;
      case "iinf": {
        at += version === 0 ? 2 : 4;
        for (const infe of children(file, at, box.end)) {
          if (infe.type !== "infe") continue;
          const v = file.readUInt8(infe.body);
          if (v < 2) continue;
          let p = infe.body + 4;
          const id = v === 2 ? file.readUInt16BE(p) : file.readUInt32BE(p);
          p += v === 2 ? 2 : 4;
          p += 2; // protection index
          const type = file.toString("latin1", p, p + 4);
          items.set(id, { type, extents: [], constructionMethod: 0, baseOffset: 0, properties: [] });
        }
        break;
      }
      case "iloc":
        ilocBox = box;
        break;
      case "idat":
        idat = box;
        break;
      case "iref":
        for (const ref of children(file, at, box.end)) {
          if (ref.type !== "dimg") continue;
          const idSize = version === 0 ? 2 : 4;
          let p = ref.body;
          const from = readUInt(file, p, idSize);
          p += idSize;
          const count = file.readUInt16BE(p);
          p += 2;
          const to: number[] = [];
          for (let i = 0; i < count; i++, p += idSize) to.push(readUInt(file, p, idSize));
          references.set(from, to);
        }
        break;
      case "iprp":
        for (const part of children(file, box.body, box.end)) {
          if (part.type === "ipco") {
            for (const prop of children(file, part.body, part.end)) properties.push(readProperty(file, prop));
          } else if (part.type === "ipma") {
            const v = file.readUInt8(part.body);
            const flags = file.readUInt32BE(part.body) & 0xffffff;
            let p = part.body + 4;
            const count = file.readUInt32BE(p);
            p += 4;
            for (let i = 0; i < count; i++) {
              const id = v < 1 ? file.readUInt16BE(p) : file.readUInt32BE(p);
              p += v < 1 ? 2 : 4;
              const n = file.readUInt8(p++);
              const list: number[] = [];
              for (let j = 0; j < n; j++) {
                if (flags & 1) {
                  list.push(file.readUInt16BE(p) & 0x7fff);
                  p += 2;
                } else list.push(file.readUInt8(p++) & 0x7f);
              }
              const item = items.get(id);
              if (item) item.properties = list;
            }
          }
        }
        break;
    }
  }
  if (!ilocBox) throw bad("no iloc");
  readLocations(file, ilocBox, items);

  const main = items.get(primary);
  if (!main) throw bad("no primary item");
  const propertyOf = (item: Item): Property[] =>
    item.properties.map((index): Property => properties[index - 1] ?? { type: "other" });
  const dataOf = (item: Item): Buffer => {
    const base = item.constructionMethod === 1 ? (idat ? idat.body : -1) : 0;
    if (base < 0) throw bad("idat");
    return Buffer.concat(
      item.extents.map((e) => {
        const start = base + item.baseOffset + e.offset;
        const length = e.length || file.length - start;
        if (start + length > file.length) throw bad("extent");
        return file.subarray(start, start + length);
      }),
    );
  };
  const sizeOf = (item: Item) => {
    const ispe = propertyOf(item).find((p) => p.type === "ispe");
    if (ispe?.type !== "ispe") throw bad("no ispe");
    return { width: ispe.width, height: ispe.height };
  };

  let tiles: Item[];
  let grid: { rows: number; columns: number; width: number; height: number };
  if (main.type === "hvc1") {
    tiles = [main];
    grid = { rows: 1, columns: 1, ...sizeOf(main) };
  } else if (main.type === "grid") {
    const data = dataOf(main);
    const large = (data.readUInt8(1) & 1) === 1;
    grid = {
      rows: data.readUInt8(2) + 1,
      columns: data.readUInt8(3) + 1,
      width: large ? data.readUInt32BE(4) : data.readUInt16BE(4),
      height: large ? data.readUInt32BE(8) : data.readUInt16BE(6),
    };
    const ids = references.get(primary) ?? [];
    if (ids.length !== grid.rows * grid.columns) throw bad("grid tiles");
    tiles = ids.map((id) => {
      const tile = items.get(id);
      if (tile?.type !== "hvc1") throw bad("grid tile type");
      return tile;
    });
  } else {
    throw new AppError("file_heicUnsupported", { details: { reason: `HEIF primary item ${main.type}` } });
  }
  const transforms = propertyOf(main).filter(
    (p): p is Extract<Property, { type: "irot" | "imir" }> => p.type === "irot" || p.type === "imir",
  );
  if (transforms.length > HEIF_MAX_TRANSFORMS) throw bad("transforms");
  const quarterTurns = transforms.reduce((n, t) => n + (t.type === "irot" ? t.angle : 0), 0);
  const upright =
    quarterTurns % 2 === 1
      ? { width: grid.height, height: grid.width }
      : { width: grid.width, height: grid.height };

  // Bounds of the decode, before anything is decoded --------------------------------------------
  if (tiles.length > HEIF_MAX_TILES) throw tooLarge({ tiles: tiles.length, maxTiles: HEIF_MAX_TILES });
  const tileSize = sizeOf(tiles[0]!);
  if (tileSize.width < 1 || tileSize.height < 1 || grid.width < 1 || grid.height < 1) throw bad("image size");
  for (const tile of tiles) {
    const size = sizeOf(tile);
    if (size.width !== tileSize.width || size.height !== tileSize.height)
      throw bad("tiles of different sizes");
  }
  const mosaic = { width: tileSize.width * grid.columns, height: tileSize.height * grid.rows };
  if (tiles.length > 1) {
    // The tiles cover the image, and no more than one tile's padding sticks out right or below.
    const covers = mosaic.width >= grid.width && mosaic.height >= grid.height;
    const padded =
      mosaic.width - grid.width >= tileSize.width || mosaic.height - grid.height >= tileSize.height;
    if (!covers || padded) throw bad("grid layout");
  }
  const decodedPixels = mosaic.width * mosaic.height;
  if (decodedPixels > HEIF_MAX_DECODED_PIXELS)
    throw tooLarge({ ...mosaic, maxPixels: HEIF_MAX_DECODED_PIXELS });
  const configs = tiles.map((tile) => {
    const config = propertyOf(tile).find((p) => p.type === "hvcC");
    if (config?.type !== "hvcC") throw bad("no hvcC");
    return config;
  });
  // Tiles may share bytes, but never more bitstream than the file holds (plus their parameter sets).
  const parameterBytes = configs.reduce(
    (n, c) => n + c.nals.reduce((m, nal) => m + nal.length + START_CODE.length, 0),
    0,
  );
  const dataBytes = tiles.reduce((n, tile) => n + extentBytes(tile), 0);
  if (dataBytes > file.length || parameterBytes > file.length) throw bad("tile data larger than the file");

  return {
    ...upright,
    decodedPixels,
    async decode({ ffmpegPath, timeoutMs, workDir }) {
      const stream = path.join(workDir, "heic-tiles.hevc");
      const rawTiles = path.join(workDir, "heic-tiles.rgb");
      const output = path.join(workDir, "heic-decoded.tif");
      try {
        // The Annex B stream of every tile in order, written piece by piece (never joined here).
        const handle = await fs.open(stream, "w");
        try {
          for (const [i, tile] of tiles.entries()) {
            const config = configs[i]!;
            for (const nal of config.nals) await handle.write(Buffer.concat([START_CODE, nal]));
            const data = dataOf(tile);
            for (let p = 0; p + config.lengthSize <= data.length; ) {
              const length = readUInt(data, p, config.lengthSize);
              p += config.lengthSize;
              if (p + length > data.length) throw bad("NAL length");
              await handle.write(START_CODE);
              await handle.write(data.subarray(p, p + length));
              p += length;
            }
          }
        } finally {
          await handle.close();
        }
        // 1: every tile to raw RGB in a file; a picture larger than its tile declares is refused
        // by the decoder, and the file can never grow past the size the container announced.
        const frameBytes = tileSize.width * tileSize.height * 3;
        const expected = frameBytes * tiles.length;
        const decoded = await ffmpeg(ffmpegPath, timeoutMs, expected + 1, [
          // The decoder's buffers are the tile's size aligned up (to 64, plus its edge).
          "-max_pixels",
          String((align64(tileSize.width) + 64) * (align64(tileSize.height) + 64)),
          "-f",
          "hevc",
          "-i",
          stream,
          "-fps_mode",
          "passthrough",
          "-f",
          "rawvideo",
          "-pix_fmt",
          "rgb24",
          "-fs",
          String(expected + 1),
          rawTiles,
        ]);
        const size = await fs.stat(rawTiles).then(
          (s) => s.size,
          () => -1,
        );
        if (decoded.code !== 0 || size !== expected) {
          throw new AppError("file_damaged", {
            details: { reason: `HEVC decode: ${decoded.stderr.slice(-200)}`, expected, size },
          });
        }
        await fs.rm(stream, { force: true });
        // 2: the tiles stitched, the padding cropped off, turned upright, as one uncompressed TIFF.
        const filters = [
          "format=rgb24",
          ...(tiles.length > 1 ? [`tile=${grid.columns}x${grid.rows}`] : []),
          `crop=${Math.min(grid.width, mosaic.width)}:${Math.min(grid.height, mosaic.height)}:0:0`,
          ...transforms.map((t) =>
            // irot turns anti-clockwise by quarter turns; imir axis 0 mirrors left↔right.
            t.type === "irot"
              ? ["null", "transpose=cclock", "hflip,vflip", "transpose=clock"][t.angle]!
              : t.axis === 0
                ? "hflip"
                : "vflip",
          ),
        ];
        const stitched = await ffmpeg(ffmpegPath, timeoutMs, decodedPixels * 3 + 1024 * 1024, [
          "-f",
          "rawvideo",
          "-pix_fmt",
          "rgb24",
          "-s",
          `${tileSize.width}x${tileSize.height}`,
          "-i",
          rawTiles,
          "-vf",
          filters.join(","),
          "-frames:v",
          "1",
          "-c:v",
          "tiff",
          "-compression_algo",
          "raw",
          "-f",
          "image2",
          "-update",
          "1",
          output,
        ]);
        if (stitched.code !== 0) {
          throw new AppError("file_damaged", {
            details: { reason: `HEIF stitch: ${stitched.stderr.slice(-200)}` },
          });
        }
        return output;
      } finally {
        await fs.rm(stream, { force: true });
        await fs.rm(rawTiles, { force: true });
      }
    },
  };

  function extentBytes(item: Item): number {
    return item.extents.reduce((n, e) => n + (e.length || file.length), 0);
  }
}

/** One ffmpeg run on local files only (no protocol but file, demuxers of raw streams only). */
async function ffmpeg(ffmpegPath: string, timeoutMs: number, maxFileBytes: number, args: string[]) {
  return run(
    ffmpegPath,
    [
      "-hide_banner",
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      "-protocol_whitelist",
      "file",
      "-format_whitelist",
      "hevc,rawvideo",
      ...args,
    ],
    { timeoutMs, maxFileBytes },
  ).catch((error: unknown) => {
    if (error instanceof ToolMissingError) throw new AppError("file_heicUnsupported");
    throw error;
  });
}

const START_CODE = Buffer.from([0, 0, 0, 1]);
const align64 = (n: number) => Math.ceil(n / 64) * 64;

function readProperty(file: Buffer, box: Box): Property {
  switch (box.type) {
    case "hvcC": {
      if (box.end - box.body < 23) throw bad("hvcC");
      const lengthSize = (file.readUInt8(box.body + 21) & 3) + 1;
      const arrays = file.readUInt8(box.body + 22);
      const nals: Buffer[] = [];
      let p = box.body + 23;
      for (let i = 0; i < arrays; i++) {
        p += 1; // completeness + NAL type
        const count = file.readUInt16BE(p);
        p += 2;
        for (let j = 0; j < count; j++) {
          const length = file.readUInt16BE(p);
          p += 2;
          if (p + length > box.end) throw bad("hvcC NAL");
          nals.push(file.subarray(p, p + length));
          p += length;
        }
      }
      return { type: "hvcC", nals, lengthSize };
    }
    case "ispe":
      return {
        type: "ispe",
        width: file.readUInt32BE(box.body + 4),
        height: file.readUInt32BE(box.body + 8),
      };
    case "irot":
      return { type: "irot", angle: file.readUInt8(box.body) & 3 };
    case "imir":
      return { type: "imir", axis: file.readUInt8(box.body) & 1 };
    default:
      return { type: "other" };
  }
}

function readLocations(file: Buffer, box: Box, items: Map<number, Item>): void {
  const version = file.readUInt8(box.body);
  let p = box.body + 4;
  const sizes = file.readUInt8(p++);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 15;
  const more = file.readUInt8(p++);
  const baseOffsetSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  const count = version < 2 ? file.readUInt16BE(p) : file.readUInt32BE(p);
  p += version < 2 ? 2 : 4;
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? file.readUInt16BE(p) : file.readUInt32BE(p);
    p += version < 2 ? 2 : 4;
    let constructionMethod = 0;
    if (version === 1 || version === 2) {
      constructionMethod = file.readUInt16BE(p) & 15;
      p += 2;
    }
    p += 2; // data reference index
    const baseOffset = readUInt(file, p, baseOffsetSize);
    p += baseOffsetSize;
    const extentCount = file.readUInt16BE(p);
    p += 2;
    const extents: Item["extents"] = [];
    for (let j = 0; j < extentCount; j++) {
      p += indexSize;
      const offset = readUInt(file, p, offsetSize);
      p += offsetSize;
      const length = readUInt(file, p, lengthSize);
      p += lengthSize;
      extents.push({ offset, length });
    }
    const item = items.get(id);
    if (item) Object.assign(item, { extents, constructionMethod, baseOffset });
  }
}
