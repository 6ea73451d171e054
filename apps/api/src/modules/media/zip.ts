import { createInflateRaw } from "node:zlib";
import { AppError } from "@vn/contract";

/**
 * Office files (docx, xlsx, pptx, odt, ods, odp) are zip archives. Before LibreOffice opens one
 * we walk its central directory and inflate every entry into nowhere, counting bytes: an archive
 * with too many entries, or that unpacks beyond the budget (a zip bomb, whatever its headers
 * claim), is refused; one that cannot be read is damaged.
 */
export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function damaged(reason: string): AppError {
  return new AppError("file_damaged", { details: { reason } });
}
function unsafe(reason: string, limit: number): AppError {
  return new AppError("file_unsafeArchive", { details: { reason, limit } });
}

export function readCentralDirectory(zip: Buffer, limits: ZipLimits): ZipEntry[] {
  // The end record sits in the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw damaged("no end of central directory");
  let count = zip.readUInt16LE(eocd + 10);
  let cdSize = zip.readUInt32LE(eocd + 12);
  let cdOffset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || zip.readUInt32LE(locator) !== EOCD64_LOCATOR) throw damaged("zip64 without locator");
    const record = Number(zip.readBigUInt64LE(locator + 8));
    if (record < 0 || record + 56 > zip.length || zip.readUInt32LE(record) !== EOCD64)
      throw damaged("bad zip64 record");
    count = Number(zip.readBigUInt64LE(record + 32));
    cdSize = Number(zip.readBigUInt64LE(record + 40));
    cdOffset = Number(zip.readBigUInt64LE(record + 48));
  }
  if (count > limits.maxEntries) throw unsafe("too many entries", limits.maxEntries);
  if (cdOffset + cdSize > zip.length) throw damaged("central directory out of range");
  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw damaged("bad central entry");
    const method = zip.readUInt16LE(at + 10);
    let compressedSize = zip.readUInt32LE(at + 20);
    let size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let localHeaderOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    // zip64 sizes live in the extra field when the 32-bit ones are saturated.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = zip.readUInt16LE(extra);
      const length = zip.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        if (size === 0xffffffff) {
          size = Number(zip.readBigUInt64LE(field));
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(zip.readBigUInt64LE(field));
          field += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = Number(zip.readBigUInt64LE(field));
      }
      extra += 4 + length;
    }
    entries.push({ name, method, compressedSize, size, localHeaderOffset });
    at = extraEnd + commentLength;
  }
  return entries;
}

/** Inflates `data` and counts the output without keeping it; stops past `budget` bytes. */
function countInflated(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let total = 0;
    let over = false;
    inflate.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget && !over) {
        over = true;
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on("error", (error) => {
      if (!over) reject(error);
    });
    inflate.on("end", () => resolve(total));
    inflate.end(data);
  });
}

/**
 * Checks an office archive: entry count, the real unpacked size, readable entries, and the
 * entry that says what it is ([Content_Types].xml for OOXML, mimetype for OpenDocument).
 */
export async function inspectOfficeArchive(
  zip: Buffer,
  format: "ooxml" | "odf",
  limits: ZipLimits,
): Promise<void> {
  const entries = readCentralDirectory(zip, limits);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxUnpackedBytes) throw unsafe("declared size too large", limits.maxUnpackedBytes);
  const marker = format === "ooxml" ? "[Content_Types].xml" : "mimetype";
  if (!entries.some((e) => e.name === marker)) throw damaged(`no ${marker}`);

  let budget = limits.maxUnpackedBytes;
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL)
      throw damaged(`bad local header: ${entry.name}`);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > zip.length) throw damaged(`entry out of range: ${entry.name}`);
    const data = zip.subarray(start, end);
    let size: number;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) {
      try {
        size = await countInflated(data, budget);
      } catch {
        throw damaged(`cannot inflate: ${entry.name}`);
      }
    } else throw damaged(`unsupported compression ${entry.method}: ${entry.name}`);
    if (size > budget) throw unsafe("unpacks too large", limits.maxUnpackedBytes);
    // Headers that understate the real size are how bombs slip past naive checks.
    if (size !== entry.size) throw damaged(`size mismatch: ${entry.name}`);
    budget -= size;
  }
}
