"use client";

import type { ContentItem, ReactionKind } from "@vn/contract";
import useSWRInfinite from "swr/infinite";
import { request } from "@/lib/api";

export interface FeedPage {
  data: ContentItem[];
  meta: { nextCursor: string | null; viewerReactions: Record<string, ReactionKind> };
}

async function fetchFeed([, , cursor]: readonly [string, number, string | null]): Promise<FeedPage> {
  const response = await request<FeedPage>("/v1/feed", {
    query: cursor ? { cursor } : {},
    envelope: true,
  });
  return response.data;
}

/** The home feed by keyset cursor (infinite scroll): followed profiles' publications, newest first. */
/** `version` changes when the viewer follows someone from the page: the feed starts over. */
export function useHomeFeed(enabled: boolean, version = 0) {
  return useSWRInfinite<FeedPage>(
    (index, previous: FeedPage | null) => {
      if (!enabled) return null;
      if (index > 0 && !previous?.meta.nextCursor) return null;
      return ["home-feed", version, index === 0 ? null : (previous?.meta.nextCursor ?? null)] as const;
    },
    fetchFeed,
    { revalidateFirstPage: false, revalidateOnFocus: false, keepPreviousData: true },
  );
}
