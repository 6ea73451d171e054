import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import {
  AppError,
  decodeEntities,
  LINK_PREVIEW_DESCRIPTION_MAX,
  LINK_PREVIEW_FAILURE_TTL_SECONDS,
  LINK_PREVIEW_IMAGE_MAX_BYTES,
  LINK_PREVIEW_IMAGE_SIZE,
  LINK_PREVIEW_MAX_BYTES,
  LINK_PREVIEW_MAX_REDIRECTS,
  LINK_PREVIEW_TIMEOUT_MS,
  LINK_PREVIEW_TITLE_MAX,
  LINK_PREVIEW_TTL_SECONDS,
  type LinkPreview,
  PRODUCT_NAME,
} from "@vn/contract";
import sharp from "sharp";
import { LruCache } from "../../lib/lru-cache";

/**
 * Link preview cards (issue 18): the API reads a web page's head for its title, description,
 * image and site name. The page is named by people, so the fetch is an SSRF risk, and every rule
 * below is about that:
 *
 * - http and https only, on the default ports, without credentials in the address;
 * - the host is resolved once and every address it resolves to must be public (no private,
 *   loopback, link-local, carrier-grade NAT, multicast, documentation or reserved ranges, IPv4 or
 *   IPv6, IPv4-mapped IPv6 included); the connection goes to the address that was checked (the
 *   lookup the socket uses is this check), so a second DNS answer cannot rebind it;
 * - redirects are followed by hand, at most LINK_PREVIEW_MAX_REDIRECTS, each one checked again;
 * - at most LINK_PREVIEW_TIMEOUT_MS for the whole read and LINK_PREVIEW_MAX_BYTES of HTML;
 * - answers are kept (LINK_PREVIEW_TTL_SECONDS; a failure LINK_PREVIEW_FAILURE_TTL_SECONDS), and
 *   one address is fetched once at a time however many ask.
 */

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::", 96], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96], // NAT64: the embedded IPv4 address is checked below
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID…)
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(address, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:a.b.c.d or ::ffff:7f00:1), else null. */
function mappedIpv4(address: string): string | null {
  const rest = /^(?:::|(?:0{1,4}:){5})ffff:(.+)$/.exec(address.toLowerCase())?.[1];
  if (!rest) return null;
  if (net.isIPv4(rest)) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True for an address the API may connect to for a preview: a public unicast one. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const inner = mappedIpv4(address);
  if (inner) return isPublicAddress(inner);
  return !blocked.check(address, "ipv6");
}

export interface LinkPreviewerOptions {
  /** Which resolved addresses may be connected to (tests widen it to their own loopback server). */
  allowAddress?: (address: string) => boolean;
  /** Ports an address may name besides the scheme's default (tests add their server's). */
  extraPorts?: readonly number[];
  timeoutMs?: number;
  maxBytes?: number;
  imageMaxBytes?: number;
  ttlMs?: number;
  failureTtlMs?: number;
  /** The resolver (the system's by default). */
  lookup?: typeof dns.lookup;
}

class Refused extends Error {}
class Unreadable extends Error {}

type Fetched = { url: URL; html: string };

const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of tag.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (name) out[name] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return out;
}

function clean(value: string | undefined, max: number): string | null {
  if (!value) return null;
  const text = decodeEntities(value).replace(/\s+/g, " ").trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** What a page says about itself, from its meta tags (Open Graph first) and title. Pure. */
export function parsePreview(html: string, pageUrl: URL): LinkPreview {
  const head = html.slice(0, LINK_PREVIEW_MAX_BYTES);
  const meta = new Map<string, string>();
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const attributes = attributesOf(tag);
    const key = (attributes.property ?? attributes.name ?? "").toLowerCase();
    if (key && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
  }
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  const imageRaw =
    meta.get("og:image:secure_url") ??
    meta.get("og:image") ??
    meta.get("og:image:url") ??
    meta.get("twitter:image");
  let image: string | null = null;
  if (imageRaw) {
    try {
      const resolved = new URL(decodeEntities(imageRaw).trim(), pageUrl);
      if (resolved.protocol === "https:" || resolved.protocol === "http:") image = resolved.toString();
    } catch {
      image = null;
    }
  }
  return {
    url: pageUrl.toString(),
    title: clean(meta.get("og:title") ?? meta.get("twitter:title") ?? title, LINK_PREVIEW_TITLE_MAX),
    description: clean(
      meta.get("og:description") ?? meta.get("description") ?? meta.get("twitter:description"),
      LINK_PREVIEW_DESCRIPTION_MAX,
    ),
    image,
    siteName:
      clean(meta.get("og:site_name") ?? meta.get("application-name"), LINK_PREVIEW_TITLE_MAX) ??
      pageUrl.hostname.replace(/^www\./, ""),
  };
}

export interface LinkPreviewer {
  /** The preview of `address`; null when the page could not be read. Throws link_refused. */
  preview(address: string): Promise<LinkPreview | null>;
  /**
   * A card's picture, read with the same rules and re-encoded as WebP (at most
   * LINK_PREVIEW_IMAGE_SIZE px; whatever the file held, only decoded pixels leave); null when it
   * could not be read. Throws link_refused.
   */
  image(address: string): Promise<Buffer | null>;
  /** How many pages and pictures were actually fetched (tests check the cache with it). */
  readonly fetches: number;
}

export function createLinkPreviewer(options: LinkPreviewerOptions = {}): LinkPreviewer {
  const allow = options.allowAddress ?? isPublicAddress;
  const timeoutMs = options.timeoutMs ?? LINK_PREVIEW_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? LINK_PREVIEW_MAX_BYTES;
  const imageMaxBytes = options.imageMaxBytes ?? LINK_PREVIEW_IMAGE_MAX_BYTES;
  const pictures = new LruCache<string, Buffer | null>(200, options.ttlMs ?? LINK_PREVIEW_TTL_SECONDS * 1000);
  const resolve = options.lookup ?? dns.lookup;
  const found = new LruCache<string, LinkPreview>(2_000, options.ttlMs ?? LINK_PREVIEW_TTL_SECONDS * 1000);
  const failed = new LruCache<string, "refused" | "unreadable">(
    2_000,
    options.failureTtlMs ?? LINK_PREVIEW_FAILURE_TTL_SECONDS * 1000,
  );
  const inFlight = new Map<string, Promise<LinkPreview | null>>();
  let fetches = 0;

  /** Scheme, port and credentials; a literal address is checked here (no lookup happens). */
  function checkUrl(url: URL): void {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Refused();
    if (url.username || url.password) throw new Refused();
    if (url.port && !options.extraPorts?.includes(Number(url.port))) throw new Refused();
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!host) throw new Refused();
    if (net.isIP(host) && !allow(host)) throw new Refused();
  }

  /** The socket's lookup: every address of the host must be allowed; it connects to a checked one. */
  const checkedLookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname, { all: true, family: lookupOptions.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((entry) => !allow(entry.address))) {
        return callback(new Refused(), "", 4);
      }
      const first = list[0]!;
      if (lookupOptions.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };

  type Wanted = "page" | "image";
  const accepts: Record<Wanted, { header: string; type: RegExp; max: number }> = {
    page: {
      header: "text/html,application/xhtml+xml;q=0.9",
      type: /text\/html|application\/xhtml\+xml/i,
      max: maxBytes,
    },
    image: {
      header: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9",
      type: /^image\/(?:png|jpeg|gif|webp|avif)\b/i,
      max: imageMaxBytes,
    },
  };

  function getOnce(
    url: URL,
    deadline: number,
    wanted: Wanted,
  ): Promise<{ status: number; location?: string; body?: Buffer; type?: string }> {
    const accept = accepts[wanted];
    return new Promise((done, fail) => {
      const client = url.protocol === "https:" ? https : http;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return fail(new Unreadable());
      const request = client.get(
        url,
        {
          lookup: checkedLookup,
          headers: {
            "user-agent": `${PRODUCT_NAME}LinkPreview/1.0`,
            accept: accept.header,
            "accept-encoding": "identity",
          },
          timeout: remaining,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400 && response.headers.location) {
            response.resume();
            return done({ status, location: response.headers.location });
          }
          const type = String(response.headers["content-type"] ?? "");
          if (status < 200 || status >= 300 || !accept.type.test(type)) {
            response.destroy();
            return fail(new Unreadable());
          }
          const declared = Number(response.headers["content-length"] ?? 0);
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () => {
            clearTimeout(timer);
            done({ status, body: Buffer.concat(chunks), type });
          };
          // A page's head is what matters: a larger page is read up to the limit, then cut. A
          // picture is whole or nothing.
          if (declared > (wanted === "page" ? accept.max * 8 : accept.max)) {
            response.destroy();
            return fail(new Unreadable());
          }
          response.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= accept.max) {
              response.destroy();
              if (wanted === "page") finish();
              else fail(new Unreadable());
            }
          });
          response.on("end", finish);
          response.on("error", () => fail(new Unreadable()));
        },
      );
      // The whole read (not only the idle time) is bounded.
      const timer = setTimeout(() => request.destroy(new Unreadable()), remaining);
      request.on("timeout", () => request.destroy(new Unreadable()));
      request.on("error", (error) => {
        clearTimeout(timer);
        // A refused lookup surfaces here as the socket's error.
        fail(error instanceof Refused ? error : new Unreadable());
      });
      request.on("close", () => clearTimeout(timer));
    });
  }

  /** Follows redirects by hand, each hop checked again. */
  async function fetchChecked(start: URL, wanted: Wanted): Promise<{ url: URL; body: Buffer; type: string }> {
    const deadline = Date.now() + timeoutMs;
    let url = start;
    for (let hop = 0; hop <= LINK_PREVIEW_MAX_REDIRECTS; hop++) {
      checkUrl(url);
      fetches++;
      const answer = await getOnce(url, deadline, wanted);
      if (answer.location === undefined)
        return { url, body: answer.body ?? Buffer.alloc(0), type: answer.type ?? "" };
      try {
        url = new URL(answer.location, url);
      } catch {
        throw new Unreadable();
      }
    }
    throw new Unreadable();
  }

  async function fetchPage(start: URL): Promise<Fetched> {
    const page = await fetchChecked(start, "page");
    const charset = /charset=([\w-]+)/i.exec(page.type)?.[1]?.toLowerCase();
    const encoding: BufferEncoding = charset === "iso-8859-1" || charset === "latin1" ? "latin1" : "utf8";
    return { url: page.url, html: page.body.toString(encoding) };
  }

  async function load(key: string, url: URL): Promise<LinkPreview | null> {
    try {
      const page = await fetchPage(url);
      const preview = parsePreview(page.html, page.url);
      found.set(key, preview);
      return preview;
    } catch (error) {
      const refused = error instanceof Refused;
      failed.set(key, refused ? "refused" : "unreadable");
      if (refused) throw new AppError("link_refused");
      return null;
    }
  }

  function parseChecked(address: string): URL {
    let url: URL;
    try {
      url = new URL(address);
      url.hash = "";
      checkUrl(url);
    } catch {
      throw new AppError("link_refused");
    }
    return url;
  }

  return {
    get fetches() {
      return fetches;
    },
    async image(address: string) {
      const url = parseChecked(address);
      const key = url.toString();
      const kept = pictures.get(key);
      if (kept !== undefined) return kept;
      try {
        const { body } = await fetchChecked(url, "image");
        const webp = await sharp(body, { limitInputPixels: 40_000_000, animated: false })
          .rotate()
          .resize({
            width: LINK_PREVIEW_IMAGE_SIZE,
            height: LINK_PREVIEW_IMAGE_SIZE,
            fit: "inside",
            withoutEnlargement: true,
          })
          .webp({ quality: 80 })
          .toBuffer();
        pictures.set(key, webp);
        return webp;
      } catch (error) {
        if (error instanceof Refused) throw new AppError("link_refused");
        pictures.set(key, null);
        return null;
      }
    },
    async preview(address: string) {
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        throw new AppError("link_refused");
      }
      url.hash = "";
      try {
        checkUrl(url);
      } catch {
        throw new AppError("link_refused");
      }
      const key = url.toString();
      const kept = found.get(key);
      if (kept) return kept;
      const failure = failed.get(key);
      if (failure === "refused") throw new AppError("link_refused");
      if (failure === "unreadable") return null;
      const running = inFlight.get(key);
      if (running) return running;
      const next = load(key, url).finally(() => inFlight.delete(key));
      inFlight.set(key, next);
      return next;
    },
  };
}
