import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from "node:zlib";
import sharp from "sharp";

/**
 * Media fixtures made while the tests run (no binary files in git): images by sharp, video and
 * audio by ffmpeg's lavfi sources, office files and zips by hand, HEIC by x265 + our own muxer.
 */

export async function jpeg(width: number, height: number, options: { exifOrientation?: number } = {}) {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } },
  }).composite([
    // A white block in the top-left corner tells which way up the picture is.
    {
      input: await sharp({
        create: {
          width: Math.floor(width / 4),
          height: Math.floor(height / 4),
          channels: 3,
          background: "#fff",
        },
      })
        .png()
        .toBuffer(),
      left: 0,
      top: 0,
    },
  ]);
  if (options.exifOrientation) {
    image = image
      .withExif({
        IFD0: { Make: "TestCam", Model: "Secret 1" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 13/1 0/1" },
      })
      .withMetadata({ orientation: options.exifOrientation });
  }
  return image.jpeg({ quality: 80 }).toBuffer();
}

export async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/**
 * A real decompression bomb: a valid 1-bit PNG of width × height pixels (60,000² = 3.6 billion),
 * a few hundred KB on disk because every row is the same zeros.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const rowBytes = 1 + Math.ceil(width / 8);
  const row = Buffer.alloc(rowBytes);
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => deflate.on("end", resolve));
  const rowsPerWrite = Math.max(1, Math.floor((1 << 20) / rowBytes));
  const block = Buffer.concat(Array.from({ length: rowsPerWrite }, () => row));
  for (let y = 0; y < height; y += rowsPerWrite) {
    const n = Math.min(rowsPerWrite, height - y);
    const data = n === rowsPerWrite ? block : block.subarray(0, n * rowBytes);
    if (!deflate.write(data)) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end();
  await done;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", Buffer.concat(chunks)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An ELF executable (this machine's `true`), to be renamed photo.jpg or report.pdf. */
export function executable(): Buffer {
  return execFileSync("cat", ["/bin/true"]);
}

// Video and audio ---------------------------------------------------------------------------------

function ffmpeg(args: string[]): Buffer {
  return execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args, "pipe:1"], {
    maxBuffer: 256 * 1024 * 1024,
  });
}

/**
 * A test-pattern video with a tone, as MP4: the index (moov) first with faststart, or last as
 * cameras write it. MP4 needs a seekable output, so it is written to a file first.
 */
export function video(seconds: number, options: { faststart?: boolean; size?: string } = {}): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vn-fixture-"));
  const file = path.join(dir, "clip.mp4");
  try {
    execFileSync("ffmpeg", [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc=size=${options.size ?? "320x240"}:rate=25:duration=${seconds}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:duration=${seconds}`,
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
      ...(options.faststart === false ? [] : ["-movflags", "+faststart"]),
      file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function audio(seconds: number, format: "mp3" | "wav" = "mp3"): Buffer {
  return ffmpeg(["-f", "lavfi", "-i", `sine=frequency=330:duration=${seconds}`, "-ac", "2", "-f", format]);
}

// Documents ----------------------------------------------------------------------------------------

export function pdf(text = "Hello PDF"): Buffer {
  // A minimal valid PDF with a correct xref table.
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${`BT /F1 18 Tf 20 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 20 100 Td (${text}) Tj ET\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

interface ZipInput {
  name: string;
  data: Buffer;
  /** Store this entry's size as this (a lying header). */
  claimSize?: number;
  /** Compressed bytes given directly (a huge entry deflated in streaming). */
  deflated?: { bytes: Buffer; size: number; crc: number };
}

/** A zip archive, deflated entries, central directory and all. */
export function zip(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const compressed = entry.deflated?.bytes ?? deflateRawSync(entry.data);
    const size = entry.claimSize ?? entry.deflated?.size ?? entry.data.length;
    const crc = entry.deflated?.crc ?? crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const documentXml = (text: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`;

/** A minimal Word document LibreOffice opens. */
export function docx(text = "Hello from a docx", extra: ZipInput[] = []): Buffer {
  return zip([
    { name: "[Content_Types].xml", data: Buffer.from(contentTypes) },
    { name: "_rels/.rels", data: Buffer.from(rels) },
    { name: "word/document.xml", data: Buffer.from(documentXml(text)) },
    ...extra,
  ]);
}

/** `size` zero bytes deflated in streaming (never held in memory whole). */
export async function deflatedZeros(size: number): Promise<{ bytes: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => deflate.on("end", resolve));
  const block = Buffer.alloc(1 << 20);
  let crc = 0;
  for (let written = 0; written < size; written += block.length) {
    const part = block.subarray(0, Math.min(block.length, size - written));
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end();
  await done;
  return { bytes: Buffer.concat(chunks), size, crc };
}

// HEIC ---------------------------------------------------------------------------------------------

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}
function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE((version << 24) | flags);
  return box(type, vf, ...parts);
}
const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** Splits an Annex-B HEVC stream into NAL units. */
function nalUnits(stream: Buffer): Buffer[] {
  const starts: Array<{ at: number; length: number }> = [];
  for (let i = 0; i + 3 <= stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      starts.push({ at: i + 3, length: 3 });
      i += 2;
    }
  }
  return starts.map((s, i) => {
    let end = i + 1 < starts.length ? starts[i + 1]!.at - 3 : stream.length;
    while (end > s.at && stream[end - 1] === 0) end--;
    return stream.subarray(s.at, end);
  });
}

/**
 * A HEIC file: width × height cut into `columns` × `rows` tiles (a grid image, as iPhones write
 * them) or one picture, HEVC-coded by x265, with an optional irot (anticlockwise quarter turns).
 */
export function heic(options: {
  width: number;
  height: number;
  columns?: number;
  rows?: number;
  irot?: number;
}) {
  const columns = options.columns ?? 1;
  const rows = options.rows ?? 1;
  const tileWidth = Math.ceil(options.width / columns / 8) * 8;
  const tileHeight = Math.ceil(options.height / rows / 8) * 8;
  const tiles = columns * rows;
  const stream = execFileSync(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `testsrc=size=${tileWidth}x${tileHeight}:rate=1`,
      "-frames:v",
      String(tiles),
      "-c:v",
      "libx265",
      "-x265-params",
      "log-level=none:keyint=1:bframes=0",
      "-pix_fmt",
      "yuv420p",
      "-f",
      "hevc",
      "pipe:1",
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const nals = nalUnits(stream);
  const typeOf = (nal: Buffer) => (nal[0]! >> 1) & 0x3f;
  const params = nals.filter((n) => [32, 33, 34].includes(typeOf(n)));
  const frames: Buffer[][] = [];
  for (const nal of nals) {
    const type = typeOf(nal);
    if (type >= 32) continue; // parameter sets go to hvcC; SEI and AUD are dropped
    const firstSlice = (nal[2]! & 0x80) !== 0;
    if (firstSlice || frames.length === 0) frames.push([]);
    frames.at(-1)!.push(nal);
  }
  if (frames.length !== tiles) throw new Error(`x265 gave ${frames.length} pictures, wanted ${tiles}`);
  const hvcC = Buffer.alloc(23);
  hvcC.writeUInt8(1, 0);
  hvcC.writeUInt8(0xfc | 3, 21); // 4-byte NAL lengths
  hvcC.writeUInt8(3, 22);
  const arrays = [32, 33, 34].map((type) => {
    const list = params.filter((p) => typeOf(p) === type);
    return Buffer.concat([u8(0x80 | type), u16(list.length), ...list.flatMap((p) => [u16(p.length), p])]);
  });
  const tileData = frames.map((frame) => Buffer.concat(frame.flatMap((nal) => [u32(nal.length), nal])));

  const grid = tiles > 1;
  const gridId = 100;
  const tileIds = tileData.map((_, i) => i + 1);
  const primary = grid ? gridId : 1;
  const gridData = Buffer.concat([
    u8(0),
    u8(0),
    u8(rows - 1),
    u8(columns - 1),
    u16(options.width),
    u16(options.height),
  ]);
  const infe = (id: number, type: string) =>
    fullBox("infe", 2, 0, u16(id), u16(0), Buffer.from(type, "latin1"), Buffer.from([0]));
  const ispe = (w: number, h: number) => fullBox("ispe", 0, 0, u32(w), u32(h));
  // Properties: 1 hvcC, 2 tile ispe, 3 image ispe, 4 irot
  const ipco = box(
    "ipco",
    box("hvcC", hvcC, ...arrays),
    ispe(tileWidth, tileHeight),
    ispe(options.width, options.height),
    box("irot", u8(options.irot ?? 0)),
  );
  const associations: Buffer[] = [];
  const assoc = (id: number, props: number[]) =>
    Buffer.concat([u16(id), u8(props.length), ...props.map((p) => u8(p))]);
  for (const id of tileIds)
    associations.push(assoc(id, grid ? [0x80 | 1, 2] : [0x80 | 1, 3, ...(options.irot ? [0x80 | 4] : [])]));
  if (grid) associations.push(assoc(gridId, [3, ...(options.irot ? [0x80 | 4] : [])]));
  const ipma = fullBox("ipma", 0, 0, u32(associations.length), ...associations);

  const build = (mdatStart: number) => {
    let at = mdatStart + 8;
    const locations: Buffer[] = [];
    for (const [i, data] of tileData.entries()) {
      locations.push(Buffer.concat([u16(tileIds[i]!), u16(0), u16(1), u32(at), u32(data.length)]));
      at += data.length;
    }
    if (grid) locations.push(Buffer.concat([u16(gridId), u16(0), u16(1), u32(at), u32(gridData.length)]));
    const iloc = fullBox("iloc", 0, 0, u8(0x44), u8(0), u16(locations.length), ...locations);
    const iinf = fullBox(
      "iinf",
      0,
      0,
      u16(tileIds.length + (grid ? 1 : 0)),
      ...tileIds.map((id) => infe(id, "hvc1")),
      ...(grid ? [infe(gridId, "grid")] : []),
    );
    const hdlr = fullBox(
      "hdlr",
      0,
      0,
      u32(0),
      Buffer.from("pict", "latin1"),
      Buffer.alloc(12),
      Buffer.from([0]),
    );
    const pitm = fullBox("pitm", 0, 0, u16(primary));
    const iref = grid
      ? [fullBox("iref", 0, 0, box("dimg", u16(gridId), u16(tileIds.length), ...tileIds.map(u16)))]
      : [];
    return fullBox("meta", 0, 0, hdlr, pitm, iloc, iinf, ...iref, box("iprp", ipco, ipma));
  };
  const ftyp = box("ftyp", Buffer.from("heic", "latin1"), u32(0), Buffer.from("mif1heic", "latin1"));
  const meta = build(ftyp.length + build(0).length);
  const mdat = box("mdat", ...tileData, ...(grid ? [gridData] : []));
  return Buffer.concat([ftyp, meta, mdat]);
}

// HTTP ---------------------------------------------------------------------------------------------

/** A multipart/form-data body: the fields first, then the file (the order the API needs). */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vn${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
