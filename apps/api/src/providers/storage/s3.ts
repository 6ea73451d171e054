import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { decodeEntities, escapeHtml } from "@vn/contract";
import { type Credentials, presignUrl, sha256Hex, signHeaders, UNSIGNED_PAYLOAD, uriEncode } from "./sigv4";
import {
  assertKey,
  type ByteRange,
  IncompleteBodyError,
  type ObjectInfo,
  StorageNotFoundError,
  type StorageProvider,
} from "./types";

export interface S3Options {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** Path-style URLs (endpoint/bucket/key), which MinIO and most S3-compatible stores want. */
  forcePathStyle: boolean;
}

/** Presigned URLs handed to ffmpeg live this long (a 2 GB transcode must finish within it). */
const TOOL_URL_TTL_SECONDS = 6 * 60 * 60;

/**
 * S3-compatible object storage over its REST API, signed with SigV4 (sigv4.ts). Bodies stream;
 * nothing larger than an XML reply is buffered.
 */
export class S3Storage implements StorageProvider {
  readonly kind = "s3" as const;
  private readonly credentials: Credentials;
  private readonly base: URL;

  constructor(private readonly options: S3Options) {
    this.credentials = {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      sessionToken: options.sessionToken,
      region: options.region,
      service: "s3",
    };
    this.base = new URL(options.endpoint);
  }

  /** Origin, host and encoded path of a key. */
  private target(key: string) {
    const encodedKey = key ? `/${uriEncode(key, true)}` : "/";
    if (this.options.forcePathStyle) {
      return {
        origin: this.base.origin,
        host: this.base.host,
        path: `/${uriEncode(this.options.bucket)}${key ? encodedKey : ""}`,
      };
    }
    const host = `${this.options.bucket}.${this.base.host}`;
    return { origin: `${this.base.protocol}//${host}`, host, path: encodedKey };
  }

  private request(input: {
    method: string;
    key: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: Buffer | Readable;
    size?: number;
  }): Promise<IncomingMessage> {
    const { origin, host, path: urlPath } = this.target(input.key);
    const bodyHash = Buffer.isBuffer(input.body)
      ? sha256Hex(input.body)
      : input.body
        ? UNSIGNED_PAYLOAD
        : sha256Hex("");
    const headers = signHeaders(
      {
        method: input.method,
        path: urlPath,
        query: input.query,
        headers: { host, ...input.headers },
        payloadHash: bodyHash,
      },
      this.credentials,
    );
    const length = Buffer.isBuffer(input.body) ? input.body.length : input.size;
    if (length !== undefined) headers["content-length"] = String(length);
    const query = input.query ? new URLSearchParams(input.query).toString().replace(/\+/g, "%20") : "";
    const url = new URL(`${origin}${urlPath}${query ? `?${query}` : ""}`);
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(url, { method: input.method, headers }, resolve);
      req.on("error", reject);
      if (!input.body) req.end();
      else if (Buffer.isBuffer(input.body)) req.end(input.body);
      else {
        input.body.on("error", (error) => req.destroy(error));
        input.body.pipe(req);
      }
    });
  }

  private async expect(response: IncomingMessage, ok: number[], key: string): Promise<IncomingMessage> {
    if (ok.includes(response.statusCode ?? 0)) return response;
    const text = await readText(response);
    if (response.statusCode === 404) throw new StorageNotFoundError(key);
    throw new Error(`S3 ${response.statusCode} for ${key}: ${text.slice(0, 300)}`);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    const response = await this.request({
      method: "PUT",
      key,
      body,
      headers: { "content-type": contentType },
    });
    await readText(await this.expect(response, [200], key));
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    assertKey(key);
    const { size } = await fs.stat(filePath);
    const response = await this.request({
      method: "PUT",
      key,
      body: createReadStream(filePath),
      size,
      headers: { "content-type": contentType },
    });
    await readText(await this.expect(response, [200], key));
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertKey(key);
    const response = await this.request({ method: "HEAD", key });
    response.resume();
    if (response.statusCode === 404) return null;
    await this.expect(response, [200], key);
    return {
      size: Number(response.headers["content-length"] ?? 0),
      contentType: response.headers["content-type"],
      lastModified: response.headers["last-modified"]
        ? new Date(response.headers["last-modified"])
        : undefined,
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    const response = await this.request({
      method: "GET",
      key,
      headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
    });
    return this.expect(response, range ? [206, 200] : [200], key);
  }

  async fetchToFile(key: string, dir: string): Promise<string> {
    const target = path.join(dir, `${randomBytes(8).toString("hex")}-${path.basename(key)}`);
    await pipeline(await this.read(key), createWriteStream(target));
    return target;
  }

  async toolInput(key: string): Promise<string> {
    assertKey(key);
    const { origin, host, path: urlPath } = this.target(key);
    return presignUrl(
      { method: "GET", origin, host, path: urlPath, expiresSeconds: TOOL_URL_TTL_SECONDS },
      this.credentials,
    );
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    const response = await this.request({ method: "DELETE", key });
    await readText(await this.expect(response, [204, 200, 404], key));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertKey(prefix.replace(/\/$/, ""));
    for (;;) {
      const response = await this.request({
        method: "GET",
        key: "",
        query: { "list-type": "2", prefix, "max-keys": "1000" },
      });
      const xml = await readText(await this.expect(response, [200], prefix));
      const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => decodeEntities(m[1] ?? ""));
      if (keys.length === 0) return;
      for (const key of keys) await this.delete(key);
      if (!xml.includes("<IsTruncated>true</IsTruncated>")) return;
    }
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    assertKey(key);
    const response = await this.request({
      method: "POST",
      key,
      query: { uploads: "" },
      headers: { "content-type": contentType },
    });
    const xml = await readText(await this.expect(response, [200], key));
    const id = /<UploadId>([^<]+)<\/UploadId>/.exec(xml)?.[1];
    if (!id) throw new Error(`S3 gave no UploadId for ${key}`);
    return decodeEntities(id);
  }

  async putPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size: number,
  ): Promise<string> {
    assertKey(key);
    let received = 0;
    body.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    let response: IncomingMessage;
    try {
      response = await this.request({
        method: "PUT",
        key,
        query: { partNumber: String(partNumber), uploadId },
        body,
        size,
      });
    } catch {
      // The client went away mid-part: S3 never stores a part shorter than its Content-Length.
      throw new IncompleteBodyError(size, received);
    }
    if (response.statusCode === 404) throw new StorageNotFoundError(`${key} (multipart ${uploadId})`);
    await this.expect(response, [200], key);
    response.resume();
    const etag = response.headers.etag;
    if (!etag || received !== size) throw new IncompleteBodyError(size, received);
    return etag;
  }

  async completeMultipart(
    key: string,
    uploadId: string,
    parts: Array<{ partNumber: number; etag: string }>,
  ): Promise<void> {
    assertKey(key);
    const xml = `<CompleteMultipartUpload>${[...parts]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${escapeHtml(p.etag)}</ETag></Part>`)
      .join("")}</CompleteMultipartUpload>`;
    const response = await this.request({
      method: "POST",
      key,
      query: { uploadId },
      body: Buffer.from(xml),
      headers: { "content-type": "application/xml" },
    });
    // S3 may answer 200 with an <Error> body when completion fails late.
    const text = await readText(await this.expect(response, [200], key));
    if (text.includes("<Error>")) throw new Error(`S3 could not complete ${key}: ${text.slice(0, 300)}`);
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    assertKey(key);
    const response = await this.request({ method: "DELETE", key, query: { uploadId } });
    await readText(await this.expect(response, [204, 200, 404], key));
  }
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
