import { Readable } from "node:stream";
import { AppError } from "@vn/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type ByteRange, StorageNotFoundError, type StorageProvider } from "../../providers/storage/index";

/**
 * Sending stored bytes over HTTP: one byte range per request (206, what video seeking and PDF
 * viewers ask for), strong ETags with If-None-Match (304) and If-Range, and the caching the
 * caller chooses (immutable for content-named outputs; private revalidation for checked files).
 */

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; several ranges are answered whole (allowed by RFC 9110). */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

export interface StoredFile {
  key: string;
  mime: string;
  size: number;
  /** Strong validator of these exact bytes. */
  etag: string;
  cacheControl: string;
  /** Content-Disposition, e.g. inline or attachment with a file name. */
  disposition?: string;
  /** Extra headers (a CSP that lets the web app frame a PDF, …). */
  headers?: Record<string, string>;
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export async function sendStored(
  storage: StorageProvider,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
): Promise<FastifyReply> {
  reply.header("etag", file.etag);
  reply.header("cache-control", file.cacheControl);
  if (matches(request.headers["if-none-match"], file.etag)) return reply.status(304).send();
  const ifRange = request.headers["if-range"];
  const wanted = !ifRange || ifRange === file.etag ? request.headers.range : undefined;
  const range = parseRange(wanted, file.size);
  if (range === "unsatisfiable") {
    reply.header("content-range", `bytes */${file.size}`);
    throw new AppError("request_rangeNotSatisfiable", { details: { size: file.size } });
  }
  // Open before any body header is set: a failure here is still a plain JSON error.
  let body: Readable | null = null;
  try {
    if (request.method === "HEAD") {
      if (!(await storage.head(file.key))) throw new StorageNotFoundError(file.key);
    } else body = await storage.read(file.key, range ?? undefined);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError("file_notFound");
    request.log.error({ err: error, key: file.key }, "storage read failed");
    throw new AppError("file_downloadFailed");
  }
  const length = range ? range.end - range.start + 1 : file.size;
  reply.status(range ? 206 : 200);
  reply.header("accept-ranges", "bytes");
  reply.header("content-type", file.mime);
  reply.header("content-length", String(length));
  if (range) reply.header("content-range", `bytes ${range.start}-${range.end}/${file.size}`);
  // Media is embedded by the web app on its own origin (and by whoever follows a shared link).
  reply.header("cross-origin-resource-policy", "cross-origin");
  if (file.disposition) reply.header("content-disposition", file.disposition);
  // An empty value removes a default header (x-frame-options where a PDF may be framed).
  for (const [name, value] of Object.entries(file.headers ?? {}))
    value ? reply.header(name, value) : reply.removeHeader(name);
  // HEAD: an empty stream keeps our content-length (an empty body would set it to 0).
  return reply.send(body ?? Readable.from([]));
}

/** A Content-Disposition value with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
