"use client";

import { type AnswerOf, api } from "@/lib/api-client";
import { useCursorList } from "@/lib/use-cursor-list";

export type FeedPage = AnswerOf<typeof api.social.feed>;

function fetchFeed(_key: readonly [string, number], cursor: string | null): Promise<FeedPage> {
  return api.social.feed({ query: cursor ? { cursor } : {} });
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
