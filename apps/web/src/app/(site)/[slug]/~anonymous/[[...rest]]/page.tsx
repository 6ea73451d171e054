import type { ContentItem } from "@vn/contract";
import { isTransientFailure, publicGet } from "@/features/content/server-api";
import { api } from "@/lib/api-client";
import { type SlugPageProps, slugPage } from "../../slug-page";

/**
 * The anonymous render of everything under /{slug} (docs/decisions/0010). Only the proxy's rewrite
 * of a cookie-less GET reaches it (src/proxy.ts; a request naming ~anonymous itself gets 404). It
 * reads no cookie, header or query, so Next keeps the HTML (and the RSC payload for client
 * navigation) in its page cache: fresh for 5 s, then replaced by
 * one background render while the old one is still served, and never served older than
 * ANONYMOUS_PAGE_MAX_AGE_SECONDS (next.config.ts expireTime). A missing item is a cached 404.
 */
// ANONYMOUS_REVALIDATE_SECONDS (features/content/anonymous-cache-window.ts): Next needs a literal.
export const revalidate = 5;
// Cached although the root layout waits for the connection (which makes every other page dynamic
// for its CSP nonce); it reads no cookie, header or query anyway (src/lib/csp.ts).
export const dynamic = "force-static";
// Rendered on first request, not at build time.
export const dynamicParams = true;
export function generateStaticParams(): { slug: string; rest?: string[] }[] {
  return [];
}

const page = slugPage({
  read: publicGet,
  related: async (item: ContentItem) => {
    const result = await publicGet(api.content.related, { params: { id: item.id } });
    // As for the item itself: an outage is not kept in the cache.
    if (isTransientFailure(result)) throw new Error(`related sections: API answered ${result.status}`);
    return result.data;
  },
  anonymous: true,
});

export const generateMetadata = page.generateMetadata;

export default function AnonymousSlugPage(props: SlugPageProps) {
  return page.SlugPage({ params: props.params });
}
