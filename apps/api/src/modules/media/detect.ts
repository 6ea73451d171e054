import fs from "node:fs/promises";
import { AppError, extensionOf, type MediaKind, type UploadPolicy } from "@vn/contract";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";

/**
 * What a file is, from its bytes (file-type's signatures), never from its name. The name only
 * breaks ties the bytes cannot: a Compound File is doc, xls or ppt; plain text is txt or tsv; an
 * XML file is svg or a flat OpenDocument file.
 */
export interface Detected {
  kind: MediaKind;
  ext: string;
  mime: string;
  /** How the document check and conversion treat it. */
  family: "image" | "video" | "audio" | "pdf" | "ooxml" | "odf" | "cfb" | "text" | "svg";
}

const imageExts = new Set(["jpg", "png", "webp", "heic", "avif", "gif", "apng", "bmp", "tiff"]);
const videoExts = new Set(["mp4", "m4v", "mov", "webm", "mkv", "avi"]);
const audioExts = new Set(["mp3", "m4a", "aac", "wav", "ogg", "oga", "opus", "flac"]);
const ooxml = new Set(["docx", "xlsx", "pptx"]);
const odf = new Set(["odt", "ods", "odp"]);
const cfbNames: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};
const flatOdf: Record<string, string> = {
  fodt: "application/vnd.oasis.opendocument.text",
  fods: "application/vnd.oasis.opendocument.spreadsheet",
  fodp: "application/vnd.oasis.opendocument.presentation",
};
/** Names file-type uses that the allowed lists spell differently. */
const aliases: Record<string, string> = { tif: "tiff", qt: "mov", mka: "webm" };

function invalid(reason: string): AppError {
  return new AppError("file_invalidType", { details: { reason } });
}

/** Is the detected extension one the upload type lists (jpg ≡ jpeg; an audio-only mp4 ≡ m4a)? */
function allowed(ext: string, policy: UploadPolicy): boolean {
  const list = policy.extensions;
  if (list.includes(ext)) return true;
  if (ext === "jpg") return list.includes("jpeg");
  if (ext === "mp4" || ext === "m4v") return policy.kinds.includes("audio") && list.includes("m4a");
  return false;
}

function kindOf(ext: string, policy: UploadPolicy): MediaKind {
  if (imageExts.has(ext)) return "image";
  // webm/mp4/ogg can carry either; the upload type says which it is meant to be (ffprobe checks).
  if (videoExts.has(ext) && audioExts.has(ext)) return policy.kinds.includes("video") ? "video" : "audio";
  if (videoExts.has(ext)) return policy.kinds.includes("video") ? "video" : "audio";
  if (audioExts.has(ext)) return "audio";
  return "document";
}

function familyOf(kind: MediaKind, ext: string): Detected["family"] {
  if (kind !== "document") return kind;
  if (ext === "pdf") return "pdf";
  if (ooxml.has(ext)) return "ooxml";
  if (odf.has(ext)) return "odf";
  if (ext in cfbNames) return "cfb";
  return "text";
}

/**
 * Detects from a local file (or, for files too large to fetch whole, from their first bytes),
 * and checks the result against the upload type. Throws file_invalidType.
 */
export async function detectFile(
  source: { path: string } | { head: Buffer },
  claimedName: string,
  policy: UploadPolicy,
): Promise<Detected> {
  const found =
    "path" in source ? await fileTypeFromFile(source.path) : await fileTypeFromBuffer(source.head);
  const claimed = extensionOf(claimedName);

  if (found && found.ext !== "xml") {
    let ext: string = aliases[found.ext] ?? found.ext;
    let mime: string = found.mime;
    if (ext === "cfb") {
      // doc, xls and ppt share one container; the name says which of them it claims to be.
      if (!(claimed in cfbNames)) throw invalid("compound file that is not doc, xls or ppt");
      ext = claimed;
      mime = cfbNames[claimed]!;
    }
    if (!allowed(ext, policy)) throw invalid(`${ext} is not allowed for this upload`);
    const kind = kindOf(ext, policy);
    if (!policy.kinds.includes(kind)) throw invalid(`${kind} is not allowed for this upload`);
    return { kind, ext, mime, family: kind === "image" && ext === "svg" ? "svg" : familyOf(kind, ext) };
  }

  // No binary signature: only the text formats of the allowed list remain, and only as text.
  const textual = ["txt", "tsv", "svg", "fodt", "fods", "fodp"];
  if (!textual.includes(claimed) || !policy.extensions.includes(claimed))
    throw invalid(found ? "xml that is not an allowed format" : "unknown binary or text format");
  const head = "path" in source ? await readHead(source.path, 64 * 1024) : source.head.subarray(0, 64 * 1024);
  if (head.includes(0)) throw invalid("binary content in a text file");
  let text: string;
  try {
    // A multi-byte character cut at the 64 KB boundary is not an error.
    text = new TextDecoder("utf-8", { fatal: true }).decode(trimPartialUtf8(head));
  } catch {
    throw invalid("text that is not UTF-8");
  }
  if (claimed === "svg") {
    if (!/<svg[\s>]/i.test(text)) throw invalid("not an SVG image");
    if (!policy.kinds.includes("image")) throw invalid("image is not allowed for this upload");
    return { kind: "image", ext: "svg", mime: "image/svg+xml", family: "svg" };
  }
  if (claimed in flatOdf) {
    if (!text.includes("<office:document") || !text.includes(flatOdf[claimed]!))
      throw invalid("not a flat OpenDocument file");
    return { kind: "document", ext: claimed, mime: flatOdf[claimed]!, family: "text" };
  }
  if (found) throw invalid("xml is not allowed as plain text");
  return {
    kind: "document",
    ext: claimed,
    mime: claimed === "tsv" ? "text/tab-separated-values" : "text/plain",
    family: "text",
  };
}

function trimPartialUtf8(buffer: Buffer): Buffer {
  // Drop up to 3 trailing bytes of an unfinished sequence.
  let end = buffer.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = buffer[end - i]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    if ((byte & 0xc0) === 0xc0) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (i < need) end -= i;
    }
    break;
  }
  return buffer.subarray(0, end);
}

export async function readHead(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await fs.open(filePath, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
