import { AppError } from "@vn/contract";
import sharp, { type Sharp } from "sharp";
import { run, ToolMissingError } from "./tools";

/**
 * HEIC (iPhone photos). sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF): HEVC
 * decoding is left out for patent reasons, and ffmpeg 5.1 cannot read the HEIF container. So we
 * read the container here (ISO/IEC 23008-12: meta → pitm, iinf, iloc, iref, iprp) and hand the
 * HEVC bitstream of the primary image (one picture, or the tiles of a grid) to ffmpeg's HEVC
 * decoder, then stitch the tiles and apply rotation/mirroring with sharp.
 */

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
  /** Decodes the primary image to RGB (needs ffmpeg). */
  decode(ffmpegPath: string, timeoutMs: number): Promise<{ data: Buffer; width: number; height: number }>;
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
  const transforms = propertyOf(main).filter((p) => p.type === "irot" || p.type === "imir");
  const quarterTurns = transforms.reduce((n, t) => n + (t.type === "irot" ? t.angle : 0), 0);
  const upright =
    quarterTurns % 2 === 1
      ? { width: grid.height, height: grid.width }
      : { width: grid.width, height: grid.height };

  return {
    ...upright,
    async decode(ffmpegPath, timeoutMs) {
      const tileSize = sizeOf(tiles[0]!);
      const stream: Buffer[] = [];
      for (const tile of tiles) {
        const config = propertyOf(tile).find((p) => p.type === "hvcC");
        if (config?.type !== "hvcC") throw bad("no hvcC");
        for (const nal of config.nals) stream.push(START_CODE, nal);
        const data = dataOf(tile);
        for (let p = 0; p + config.lengthSize <= data.length; ) {
          const length = readUInt(data, p, config.lengthSize);
          p += config.lengthSize;
          if (p + length > data.length) throw bad("NAL length");
          stream.push(START_CODE, data.subarray(p, p + length));
          p += length;
        }
      }
      const frameBytes = tileSize.width * tileSize.height * 3;
      const result = await run(
        ffmpegPath,
        [
          "-hide_banner",
          "-loglevel",
          "error",
          "-f",
          "hevc",
          "-i",
          "pipe:0",
          "-fps_mode",
          "passthrough",
          "-f",
          "rawvideo",
          "-pix_fmt",
          "rgb24",
          "pipe:1",
        ],
        {
          input: Buffer.concat(stream),
          timeoutMs,
          collectStdout: true,
          maxStdoutBytes: frameBytes * tiles.length,
        },
      ).catch((error: unknown) => {
        if (error instanceof ToolMissingError) throw new AppError("file_heicUnsupported");
        throw error;
      });
      if (result.code !== 0 || result.stdout.length !== frameBytes * tiles.length) {
        throw new AppError("file_damaged", {
          details: { reason: `HEVC decode: ${result.stderr.slice(-200)}` },
        });
      }
      let image: Sharp;
      const raw = { width: tileSize.width, height: tileSize.height, channels: 3 as const };
      if (tiles.length === 1) {
        image = sharp(result.stdout, { raw });
      } else {
        const canvas = await sharp({
          create: {
            width: tileSize.width * grid.columns,
            height: tileSize.height * grid.rows,
            channels: 3,
            background: "#000",
          },
        })
          .composite(
            tiles.map((_, i) => ({
              input: result.stdout.subarray(i * frameBytes, (i + 1) * frameBytes),
              raw,
              left: (i % grid.columns) * tileSize.width,
              top: Math.floor(i / grid.columns) * tileSize.height,
            })),
          )
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        image = sharp(canvas.data, { raw: { ...canvas.info, channels: 3 } });
      }
      // The grid's output size crops the tiles' padding off the right and bottom.
      let current = await image
        .extract({
          left: 0,
          top: 0,
          width: Math.min(grid.width, tileSize.width * grid.columns),
          height: Math.min(grid.height, tileSize.height * grid.rows),
        })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (const t of transforms) {
        const step = sharp(current.data, { raw: { ...current.info, channels: 3 } });
        // irot turns anti-clockwise, sharp's rotate clockwise; imir axis 0 mirrors left↔right.
        const next =
          t.type === "irot"
            ? step.rotate((360 - 90 * t.angle) % 360)
            : t.axis === 0
              ? step.flop()
              : step.flip();
        current = await next.removeAlpha().raw().toBuffer({ resolveWithObject: true });
      }
      return { data: current.data, width: current.info.width, height: current.info.height };
    },
  };
}

const START_CODE = Buffer.from([0, 0, 0, 1]);

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
