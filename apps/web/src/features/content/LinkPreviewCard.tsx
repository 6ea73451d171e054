"use client";

import type { LinkPreview } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import { Icon } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { viaWeb } from "@/features/media/media-rules";
import { api } from "@/lib/api-client";
import { useResource } from "@/lib/use-resource";

/** Only http(s) addresses are links (a javascript: one never is). */
export function safeLinkHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/**
 * The card of a shared link (issue 18, §2 content sections "links"): the page's picture, site
 * name, title and description as the API read them (GET link-previews, server-side and cached),
 * the whole card one link out. A published link asks for its own card (`contentId`); the
 * composer asks for the address being typed. Without a card the bare address is shown.
 */
export function LinkPreviewCard({ url, contentId }: { url: string; contentId?: string }) {
  const href = safeLinkHref(url);
  const forContent = useResource(api.links.forContent, contentId ? { params: { id: contentId } } : null, {
    revalidateOnFocus: false,
  });
  const forUrl = useResource(api.links.preview, !contentId && href ? { query: { url: href } } : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const result = contentId ? forContent : forUrl;
  if (!href) return null;
  const preview: LinkPreview | null = result.data?.data ?? null;
  const loading = !result.data && !result.error;
  // Pictures are shown only from our own origin (the page's CSP); a card is whole without one.
  const image = preview?.image && viaWeb(preview.image)?.startsWith("/") ? viaWeb(preview.image) : null;
  return (
    <a
      href={href}
      rel="noopener noreferrer nofollow ugc"
      target="_blank"
      data-testid="link-preview"
      className="group flex overflow-hidden rounded-lg border border-line bg-surface hover:border-line-strong max-sm:flex-col"
    >
      {image ? (
        // biome-ignore lint/performance/noImgElement: served by the API
        <img src={image} alt="" className="aspect-[1.91/1] w-full object-cover sm:w-48 sm:shrink-0" />
      ) : null}
      <span className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <span className="flex items-center gap-1.5 text-xs font-semibold text-ink-muted">
          <Icon name="globe" size={14} />
          <span className="truncate">{preview?.siteName ?? hostOf(href)}</span>
        </span>
        {loading ? (
          <>
            <span className="sr-only">{contentMessages.linkPreviewLoading}</span>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-full" />
          </>
        ) : (
          <>
            <span className="line-clamp-2 font-semibold break-words text-ink group-hover:underline">
              {preview?.title ?? href}
            </span>
            {preview?.description ? (
              <span className="line-clamp-2 text-sm text-ink-muted">{preview.description}</span>
            ) : null}
          </>
        )}
      </span>
    </a>
  );
}
