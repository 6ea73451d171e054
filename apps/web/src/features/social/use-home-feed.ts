"use client";

import { type AnswerOf, api } from "@/lib/api-client";
import { useCursorList } from "@/lib/use-cursor-list";

export type FeedPage = AnswerOf<typeof api.social.feed>;

function fetchFeed(_key: readonly [string, number], cursor: string | null): Promise<FeedPage> {
  return api.social.feed({ query: cursor ? { cursor } : {} });
}

/**
 * The home feed by keyset cursor (infinite scroll): followed profiles' publications, newest first.
 * `version` changes when the viewer follows someone from the page: the feed starts over.
 * `initial` is the first page the server read for the first HTML: shown as it is, not asked again
 * on mount; a later version (the feed changed here) never falls back to it.
 */
export function useHomeFeed(enabled: boolean, version = 0, initial?: FeedPage) {
  const seeded = version === 0 && initial !== undefined;
  return useCursorList(enabled ? (["home-feed", version] as const) : null, fetchFeed, {
    revalidateFirstPage: false,
    revalidateOnFocus: false,
    keepPreviousData: true,
    rootMargin: "400px",
    ...(seeded ? { fallbackData: [initial], revalidateOnMount: false } : {}),
  });
}
