import { AppError, endpoints, type LinkPreview } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { checkSignature, signedQuery } from "../../shared/media-view";
import { getContentById } from "../content/service";
import { createLinkPreviewer, type LinkPreviewer } from "./preview";

const IMAGE_PATH = endpoints.links.image.path;
const signingKeyOf = (src: string) => `link-preview-image:${src}`;

/**
 * The card as the browser gets it: the page's picture as a signed path on our origin (the page's
 * CSP shows pictures from there only); the API reads and re-encodes it when it is asked for.
 */
export function servedCard(preview: LinkPreview | null): LinkPreview | null {
  if (!preview?.image) return preview;
  const query = `src=${encodeURIComponent(preview.image)}&${signedQuery(signingKeyOf(preview.image))}`;
  return { ...preview, image: `${IMAGE_PATH}?${query}` };
}

/**
 * Link preview cards (issue 18): handlers for the rows of contract/endpoints/links.ts. One
 * previewer (and so one cache) per app.
 */
export function linkRoutes(previewer: LinkPreviewer = createLinkPreviewer()): FastifyPluginAsync {
  return async (app) => {
    const table = endpoints.links;
    const db = () => app.deps.database.db;

    route(app, table.preview, async ({ query }) => ({
      data: servedCard(await previewer.preview(query.url)),
    }));

    // Only a published link's own address: visitors cannot make the API fetch what they like.
    route(app, table.forContent, async ({ actor, params }) => {
      const item = await getContentById(db(), params.id, actor?.profileId ?? null);
      if (item.type.id !== "link" || !item.link) throw new AppError("content_notFound");
      try {
        return { data: servedCard(await previewer.preview(item.link.url)) };
      } catch (error) {
        // An author's address that is not a public page has no card; the bare link still shows.
        if (error instanceof AppError && error.code === "link_refused") return { data: null };
        throw error;
      }
    });

    // Only pictures the API itself named in a card (signed), never any address a visitor types.
    route(app, table.image, async ({ query, reply }) => {
      if (checkSignature(signingKeyOf(query.src), query) !== "valid") throw new AppError("request_notFound");
      const picture = await previewer.image(query.src);
      if (!picture) throw new AppError("request_notFound");
      return reply
        .header("content-type", "image/webp")
        .header("cache-control", "public, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(picture);
    });
  };
}
