import { createHash, createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small S3-compatible server for tests: objects, ranges, listing, multipart uploads, and
 * SigV4 checked on every request (header or presigned query), recomputed independently here
 * from the request as it arrived on the wire.
 */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  uploads: Map<string, Map<number, Buffer>>;
  /** Requests refused for a bad signature (should stay 0). */
  rejected: number;
  requests: Array<{ method: string; path: string; auth: "header" | "query" }>;
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function signature(secret: string, date: string, region: string, toSign: string): string {
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), "s3"), "aws4_request");
  return createHmac("sha256", key).update(toSign).digest("hex");
}

function verify(req: http.IncomingMessage, url: URL, secret: string): "header" | "query" | null {
  const query = [...url.searchParams.entries()];
  const auth = req.headers.authorization;
  let signedHeaders: string[];
  let given: string;
  let scope: string;
  let amzDate: string;
  let payloadHash: string;
  let canonicalQuery: [string, string][];
  if (auth) {
    const m = /Credential=([^/]+)\/([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([a-f0-9]+)/.exec(auth);
    if (!m) return null;
    scope = m[2]!;
    signedHeaders = m[3]!.split(";");
    given = m[4]!;
    amzDate = String(req.headers["x-amz-date"]);
    payloadHash = String(req.headers["x-amz-content-sha256"]);
    canonicalQuery = query;
  } else {
    given = url.searchParams.get("X-Amz-Signature") ?? "";
    const credential = url.searchParams.get("X-Amz-Credential") ?? "";
    scope = credential.split("/").slice(1).join("/");
    signedHeaders = (url.searchParams.get("X-Amz-SignedHeaders") ?? "").split(";");
    amzDate = url.searchParams.get("X-Amz-Date") ?? "";
    payloadHash = "UNSIGNED-PAYLOAD";
    canonicalQuery = query.filter(([k]) => k !== "X-Amz-Signature");
    const expires = Number(url.searchParams.get("X-Amz-Expires"));
    const at = Date.parse(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"),
    );
    if (!given || Date.now() > at + expires * 1000) return null;
  }
  const headerLines = signedHeaders
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [
    req.method,
    url.pathname,
    canonicalQuery
      .map(([k, v]) => [encode(k), encode(v)] as const)
      .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join("&"),
    headerLines,
    signedHeaders.join(";"),
    payloadHash,
  ].join("\n");
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const [date, region] = scope.split("/");
  return signature(secret, date!, region!, toSign) === given ? (auth ? "header" : "query") : null;
}

async function body(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(): Promise<FakeS3> {
  const bucket = "media-test";
  const accessKeyId = "AKIAFAKEFAKEFAKE";
  const secretAccessKey = randomBytes(20).toString("base64");
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const state = { rejected: 0 };
  const requests: FakeS3["requests"] = [];

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const auth = verify(req, url, secretAccessKey);
    if (!auth) {
      state.rejected++;
      await body(req);
      res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    requests.push({ method: req.method ?? "", path: url.pathname, auth });
    const [, bucketName, ...rest] = url.pathname.split("/");
    if (bucketName !== bucket) return void res.writeHead(404).end("<Error><Code>NoSuchBucket</Code></Error>");
    const key = decodeURIComponent(rest.join("/"));
    const q = url.searchParams;
    if (req.method === "GET" && !key && q.get("list-type") === "2") {
      const prefix = q.get("prefix") ?? "";
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).slice(0, 1000);
      res.writeHead(200, { "content-type": "application/xml" });
      return void res.end(
        `<ListBucketResult><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join("")}</ListBucketResult>`,
      );
    }
    if (req.method === "POST" && q.has("uploads")) {
      const id = randomBytes(12).toString("hex");
      uploads.set(id, new Map());
      return void res
        .writeHead(200)
        .end(`<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (req.method === "PUT" && q.has("partNumber")) {
      const parts = uploads.get(q.get("uploadId") ?? "");
      if (!parts) return void res.writeHead(404).end("<Error><Code>NoSuchUpload</Code></Error>");
      const data = await body(req);
      if (data.length !== Number(req.headers["content-length"])) return void res.writeHead(400).end();
      parts.set(Number(q.get("partNumber")), data);
      return void res.writeHead(200, { etag: `"${sha256(data).slice(0, 32)}"` }).end();
    }
    if (req.method === "POST" && q.has("uploadId")) {
      const id = q.get("uploadId")!;
      const parts = uploads.get(id);
      const xml = (await body(req)).toString();
      if (!parts) return void res.writeHead(404).end("<Error><Code>NoSuchUpload</Code></Error>");
      const numbers = [...xml.matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      objects.set(key, {
        body: Buffer.concat(numbers.map((n) => parts.get(n)!)),
        contentType: "application/octet-stream",
      });
      uploads.delete(id);
      return void res.writeHead(200).end("<CompleteMultipartUploadResult/>");
    }
    if (req.method === "DELETE" && q.has("uploadId")) {
      uploads.delete(q.get("uploadId")!);
      return void res.writeHead(204).end();
    }
    if (req.method === "PUT") {
      objects.set(key, { body: await body(req), contentType: String(req.headers["content-type"] ?? "") });
      return void res.writeHead(200, { etag: '"x"' }).end();
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      return void res.writeHead(204).end();
    }
    const object = objects.get(key);
    if (!object) return void res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ""));
    const size = object.body.length;
    const headers = { "content-type": object.contentType, "accept-ranges": "bytes" };
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      res.writeHead(206, {
        ...headers,
        "content-length": end - start + 1,
        "content-range": `bytes ${start}-${end}/${size}`,
      });
      return void res.end(req.method === "HEAD" ? undefined : object.body.subarray(start, end + 1));
    }
    res.writeHead(200, { ...headers, "content-length": size });
    res.end(req.method === "HEAD" ? undefined : object.body);
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    uploads,
    get rejected() {
      return state.rejected;
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
