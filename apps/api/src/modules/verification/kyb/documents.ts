import type { MultipartFile } from "@fastify/multipart";
import { AppError, format, KYB_DOCUMENT_MAX_BYTES, type KybDocumentMime, messages } from "@vn/contract";

/** A supported document as received: its bytes, the type its bytes say, and a name to list. */
export interface ReceivedDocument {
  name: string;
  mime: KybDocumentMime;
  bytes: Buffer;
}

/** What the first bytes say the file is: the name and the declared type are not trusted. */
export function sniffDocument(bytes: Buffer): KybDocumentMime | null {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  return null;
}

const extensionOf: Record<KybDocumentMime, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/** The uploaded name, without paths or control characters, bounded; a fallback from the type. */
export function documentName(raw: string | undefined, mime: KybDocumentMime): string {
  const base = (raw ?? "")
    .split(/[\\/]/)
    .pop()
    ?.split("")
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code >= 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join("")
    .trim()
    .slice(0, 120);
  return base || `document.${extensionOf[mime]}`;
}

/** Reads the one file part (up to the limit), refusing what is not a PDF, JPG or PNG. */
export async function receiveDocument(part: MultipartFile): Promise<ReceivedDocument> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    if (size > KYB_DOCUMENT_MAX_BYTES) {
      part.file.resume();
      throw new AppError("file_tooLarge", {
        message: format(messages.kybDocumentTooLarge, { size: KYB_DOCUMENT_MAX_BYTES / 1024 / 1024 }),
      });
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) {
    throw new AppError("file_tooLarge", {
      message: format(messages.kybDocumentTooLarge, { size: KYB_DOCUMENT_MAX_BYTES / 1024 / 1024 }),
    });
  }
  const bytes = Buffer.concat(chunks);
  const mime = sniffDocument(bytes);
  if (!mime) throw new AppError("file_invalidType", { message: messages.kybDocumentType });
  return { name: documentName(part.filename, mime), mime, bytes };
}
