import { idParamsSchema } from "../schemas/common";
import {
  linkPreviewImageQuerySchema,
  linkPreviewQuerySchema,
  linkPreviewResponseSchema,
} from "../schemas/links";
import { endpoint } from "./define";

const tags = ["content"];

/**
 * Link preview cards (issue 18). A signed-in author previews any public address while writing;
 * everyone else gets only the preview of a published link's own address, so visitors cannot make
 * the API fetch what they like.
 */
export const linksEndpoints = {
  preview: endpoint({
    method: "GET",
    path: "/api/v1/link-previews",
    tags,
    summary:
      "The preview card of a web page (title, description, image, site name), fetched server-side and cached; for the composer",
    description:
      "Only http(s) addresses whose host resolves to public addresses are fetched (no private, loopback, link-local or reserved ranges, also after each redirect); at most 5 s and 512 KB. `data` is null when the page could not be read. Errors: 422 link_refused (not a public web address).",
    query: linkPreviewQuerySchema,
    responses: { 200: linkPreviewResponseSchema },
    policy: { who: "active", rateLimit: { max: 30, per: "minute", by: "account" } },
    errors: ["link_refused"],
  }),
  forContent: endpoint({
    method: "GET",
    path: "/api/v2/content/:id/link-preview",
    tags,
    summary: "The preview card of a published link (kind link): its own address only",
    params: idParamsSchema,
    responses: { 200: linkPreviewResponseSchema },
    policy: { who: "anyone" },
    errors: ["content_notFound", "content_isBlocked", "link_refused"],
  }),
  image: endpoint({
    method: "GET",
    path: "/api/v2/link-previews/image",
    tags,
    summary:
      "A preview card's picture, read with the same rules and re-encoded (WebP, at most 600 px): only addresses the API signed in a card",
    query: linkPreviewImageQuerySchema,
    responses: { 200: null },
    policy: { who: "anyone" },
    errors: ["request_notFound", "link_refused"],
  }),
};
