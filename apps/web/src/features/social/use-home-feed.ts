"use client";

import type { ContentItem, ReactionKind } from "@vn/contract";
import { request } from "@/lib/api";
import { useCursorList } from "@/lib/use-cursor-list";

export interface FeedPage {
  data: ContentItem[];
  meta: { nextCursor: string | null; viewerReactions: Record<string, ReactionKind> };
}

async function fetchFeed(_key: readonly [string, number], cursor: string | null): Promise<FeedPage> {
  const response = await request<FeedPage>("/v1/feed", {
    query: cursor ? { cursor } : {},
    envelope: true,
  });
  return response.data;
}

/** The home feed by keyset cursor (infinite scroll): followed profiles' publications, newest first. */
/** `version` changes when the viewer follows someone from the page: the feed starts over. */
export function useHomeFeed(enabled: boolean, version = 0) {
  return useCursorList(enabled ? (["home-feed", version] as const) : null, fetchFeed, {
    revalidateFirstPage: false,
    revalidateOnFocus: false,
    keepPreviousData: true,
    rootMargin: "400px",
  });
}
