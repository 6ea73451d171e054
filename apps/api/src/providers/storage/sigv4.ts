import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for S3-compatible storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2,
 * Wasabi…), with node:crypto only: no SDK is installed. Header signing for API calls and query
 * signing (presigned URLs) for ffmpeg, which reads objects over HTTP.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  region: string;
  service?: string;
}

export const EMPTY_PAYLOAD_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
export const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";

export function sha256Hex(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}
function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

/** RFC 3986 encoding as SigV4 wants it (every byte but unreserved characters). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** 20130524T000000Z */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function canonicalQuery(query: Record<string, string>): string {
  return Object.keys(query)
    .map((k) => [uriEncode(k), uriEncode(query[k] ?? "")] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

function signingKey(credentials: Credentials, day: string): Buffer {
  const service = credentials.service ?? "s3";
  const kDate = hmac(`AWS4${credentials.secretAccessKey}`, day);
  const kRegion = hmac(kDate, credentials.region);
  const kService = hmac(kRegion, service);
  return hmac(kService, "aws4_request");
}

interface Canonical {
  method: string;
  /** Already-encoded absolute path, e.g. /bucket/some%20key. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  payloadHash: string;
}

function stringToSign(c: Canonical, credentials: Credentials, date: Date) {
  const names = Object.keys(c.headers).sort();
  const canonicalHeaders = names
    .map((n) => `${n}:${(c.headers[n] ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const signedHeaders = names.join(";");
  const request = [
    c.method,
    c.path,
    canonicalQuery(c.query),
    canonicalHeaders,
    signedHeaders,
    c.payloadHash,
  ].join("\n");
  const day = amzDate(date).slice(0, 8);
  const scope = `${day}/${credentials.region}/${credentials.service ?? "s3"}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate(date), scope, sha256Hex(request)].join("\n");
  return { toSign, scope, signedHeaders, day };
}

/**
 * Signs a request: returns the headers to send (the given ones plus x-amz-date,
 * x-amz-content-sha256, the session token and Authorization). `headers` must include host.
 */
export function signHeaders(
  input: {
    method: string;
    path: string;
    query?: Record<string, string>;
    headers: Record<string, string>;
    payloadHash: string;
  },
  credentials: Credentials,
  date = new Date(),
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers)) headers[k.toLowerCase()] = v;
  headers["x-amz-date"] = amzDate(date);
  headers["x-amz-content-sha256"] = input.payloadHash;
  if (credentials.sessionToken) headers["x-amz-security-token"] = credentials.sessionToken;
  const { toSign, scope, signedHeaders, day } = stringToSign(
    {
      method: input.method,
      path: input.path,
      query: input.query ?? {},
      headers,
      payloadHash: input.payloadHash,
    },
    credentials,
    date,
  );
  const signature = createHmac("sha256", signingKey(credentials, day)).update(toSign).digest("hex");
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}

/** A presigned URL (query-string auth), e.g. for ffmpeg to read a private object. */
export function presignUrl(
  input: { method: string; origin: string; path: string; host: string; expiresSeconds: number },
  credentials: Credentials,
  date = new Date(),
): string {
  const day = amzDate(date).slice(0, 8);
  const scope = `${day}/${credentials.region}/${credentials.service ?? "s3"}/aws4_request`;
  const query: Record<string, string> = {
    "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
    "X-Amz-Credential": `${credentials.accessKeyId}/${scope}`,
    "X-Amz-Date": amzDate(date),
    "X-Amz-Expires": String(input.expiresSeconds),
    "X-Amz-SignedHeaders": "host",
  };
  if (credentials.sessionToken) query["X-Amz-Security-Token"] = credentials.sessionToken;
  const { toSign } = stringToSign(
    {
      method: input.method,
      path: input.path,
      query,
      headers: { host: input.host },
      payloadHash: UNSIGNED_PAYLOAD,
    },
    credentials,
    date,
  );
  const signature = createHmac("sha256", signingKey(credentials, day)).update(toSign).digest("hex");
  return `${input.origin}${input.path}?${canonicalQuery(query)}&X-Amz-Signature=${signature}`;
}
