/**
 * Just enough MIME to read the product's mails in tests: headers (unfolded, RFC 2047 words
 * decoded), multipart bodies split by boundary, quoted-printable and base64 parts decoded.
 * (mailparser is not installed; the mails are small and ours.)
 */

export interface ParsedMail {
  subject: string;
  /** Every text/plain and text/html part, decoded and joined. */
  text: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

export function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\n/g, "");
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    const hex = text.slice(index + 1, index + 3);
    if (char === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** "=?UTF-8?Q?…?=" and "=?UTF-8?B?…?=" words of a header. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
    (_whole, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  return part.body;
}

function texts(part: Part): string[] {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith("--"))
      .flatMap((chunk) => texts(splitPart(chunk.replace(/^\n/, ""))));
  }
  return /^text\//i.test(type) ? [decodeBody(part)] : [];
}

export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  return { subject: decodeWords(top.headers.get("subject") ?? ""), text: texts(top).join("\n") };
}
