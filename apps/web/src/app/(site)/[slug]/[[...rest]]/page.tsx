import type { ContentItem } from "@vn/contract";
import { RELATED_SECTIONS_SECONDS } from "@/features/content/anonymous-render";
import { publicGetCached, serverGet } from "@/features/content/server-api";
import { api } from "@/lib/api-client";
import { type SlugPageProps, slugPage } from "../slug-page";

/**
 * Everything under /{slug} (§2) for a visitor with a session cookie: the profile with its optional
 * tab (/{slug}, /{slug}/{tab}, /{slug}/profile/{tab}, /{slug}/{section}), the detail routes in both
 * forms (/{slug}/posts/{post}, /posts/{slug}, /releases/{slug}…), the owner's recordings and the
 * edit pages, personalised on every request. Cookie-less visitors get the cached anonymous render
 * (../~anonymous, docs/decisions/0010), which the proxy rewrites them to.
 */
const page = slugPage({
  read: serverGet,
  // The related sections show the same public items to everyone (titles and links of active
  // publications), so they come from a short data cache shared by all viewers; an item only its
  // owner may see (a draft) has none there, and is asked for with the owner's cookie.
  related: async (item: ContentItem) => {
    const input = { params: { id: item.id } };
    const shared =
      item.status === "active"
        ? await publicGetCached(api.content.related, input, RELATED_SECTIONS_SECONDS)
        : null;
    return shared?.data ?? (await serverGet(api.content.related, input)).data;
  },
  anonymous: false,
});

export const generateMetadata = page.generateMetadata;

export default function SlugPage(props: SlugPageProps) {
  return page.SlugPage(props);
}
