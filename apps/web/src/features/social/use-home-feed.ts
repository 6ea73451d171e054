"use client";

import { type AnswerOf, api } from "@/lib/api-client";
import { useCursorList } from "@/lib/use-cursor-list";

export type FeedPage = AnswerOf<typeof api.social.feed>;

/** The feed's first page as the server read it for the first HTML, and when (its render's clock). */
export interface ServedFeed {
  page: FeedPage;
  servedAt: number;
}

function fetchFeed(_key: readonly [string, number, number], cursor: string | null): Promise<FeedPage> {
  return api.social.feed({ query: cursor ? { cursor } : {} });
}

/**
 * The home feed by keyset cursor (infinite scroll): followed profiles' publications, newest first.
 * `version` changes when the viewer follows someone from the page: the feed starts over.
 * `served` is the first page the server read for this render: a list of its own (keyed by when it
 * was read), shown as it is and not asked again on mount. A return to the home through the app's
 * links is a new server render, so it starts a fresh list rather than the one SWR's cache kept from
 * the last visit (which would miss what was published since); a later version (the feed changed
 * here) never falls back to it.
 */
export function useHomeFeed(enabled: boolean, version = 0, served?: ServedFeed) {
  const seeded = version === 0 && served !== undefined;
  return useCursorList(enabled ? (["home-feed", version, served?.servedAt ?? 0] as const) : null, fetchFeed, {
    revalidateFirstPage: false,
    revalidateOnFocus: false,
    keepPreviousData: true,
    rootMargin: "400px",
    ...(seeded ? { fallbackData: [served.page], revalidateOnMount: false } : {}),
  });
}
