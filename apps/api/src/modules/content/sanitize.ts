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
  return decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
    .replace(/[ \t]+/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
