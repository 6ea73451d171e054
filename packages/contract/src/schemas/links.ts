import { z } from "zod";
import { URL_MAX_LENGTH_HTTP } from "../constants";
import { commonMessages } from "../messages/common";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { userText } from "./common";

/**
 * Link preview cards (issue 18, §2 content sections "links"): what a web page says about itself
 * (its Open Graph or plain title, description, image and site name), fetched by the API, never by
 * the browser, with the SSRF rules of modules/links (http(s) only, public addresses only after DNS
 * resolution, size and time limits) and kept for a while.
 */

/** How long a fetched preview is kept, and how long a failed fetch is remembered. */
export const LINK_PREVIEW_TTL_SECONDS = 6 * 60 * 60;
export const LINK_PREVIEW_FAILURE_TTL_SECONDS = 10 * 60;
/** The page is read for at most this long and this many bytes (the head is all it needs). */
export const LINK_PREVIEW_TIMEOUT_MS = 5_000;
export const LINK_PREVIEW_MAX_BYTES = 512 * 1024;
export const LINK_PREVIEW_MAX_REDIRECTS = 3;
/** A page's picture is read up to this size, then served re-encoded from our origin (the CSP). */
export const LINK_PREVIEW_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const LINK_PREVIEW_IMAGE_SIZE = 600;
/** Lengths kept of what the page says. */
export const LINK_PREVIEW_TITLE_MAX = 300;
export const LINK_PREVIEW_DESCRIPTION_MAX = 500;

/** The address to preview: http or https only (other schemes are refused before any lookup). */
export const linkPreviewQuerySchema = z.object({
  url: userText()
    .trim()
    .min(1, sharedMessages.fieldRequired)
    .max(URL_MAX_LENGTH_HTTP, commonMessages.urlTooLong)
    .pipe(z.url({ protocol: /^https?$/, error: validationMessages.invalidUrl })),
});

export const linkPreviewSchema = z
  .object({
    /** The page's own address after redirects (its canonical one when it names one on our terms). */
    url: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    /**
     * The page's picture as this API serves it (a signed path on our origin: the picture is read
     * with the same rules and re-encoded), or null.
     */
    image: z.string().nullable(),
    siteName: z.string().nullable(),
  })
  .meta({ id: "LinkPreview" });
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** null: the page could not be read (no answer in time, not HTML, too large): show the bare link. */
export const linkPreviewResponseSchema = z.object({ data: linkPreviewSchema.nullable() });

/** The page's picture through the API: its address, signed by the API when it gave the card. */
export const linkPreviewImageQuerySchema = z.object({
  src: userText()
    .max(URL_MAX_LENGTH_HTTP)
    .pipe(z.url({ protocol: /^https?$/ })),
  exp: userText().max(20),
  sig: userText().max(64),
});
