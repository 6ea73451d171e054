import { decodeEntities } from "@vn/contract";
import sanitizeHtml from "sanitize-html";

/**
 * Rich text as readers get it: headings, lists, links, quotes, emphasis, code and embedded images.
 * Everything else (scripts, styles, event handlers, iframes, javascript:/data: links) is dropped on
 * the server, so no stored publication can carry script to another reader.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "blockquote",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "a",
    "code",
    "pre",
    "img",
    "figure",
    "figcaption",
  ],
  allowedAttributes: { a: ["href", "title", "rel", "target"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    // Links leave our site without handing it the reader's page (reverse tabnabbing).
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
    h1: "h2",
    // Browsers' editors make a line a <div>: dropping the tag ran the lines together.
    div: "p",
  },
  // A link or image whose address was unsafe (and so removed) is dropped whole.
  exclusiveFilter: (frame) =>
    (frame.tag === "a" && !frame.attribs.href) || (frame.tag === "img" && !frame.attribs.src),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Plain text of some HTML (for posts, short content, search and meta descriptions). */
export function plainText(html: string): string {
  // A block's end is a line's end: without it "Getting started</h2><p>This…" read "Getting startedThis…".
  const lined = html.replace(BLOCK_END, "$&\n");
  return decodeEntities(sanitizeHtml(lined, { allowedTags: [], allowedAttributes: {} }))
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const BLOCK_END = /<\/(?:p|div|h[1-6]|li|blockquote|pre|figure|figcaption|ul|ol)\s*>|<br\s*\/?>|<hr\s*\/?>/gi;

/** A card's excerpt: one line per block, spaces collapsed within lines. */
export function excerptText(text: string, max: number): string | null {
  return (
    text
      .replace(/[^\S\n]+/g, " ")
      .replace(/\s*\n\s*/g, "\n")
      .trim()
      .slice(0, max) || null
  );
}
