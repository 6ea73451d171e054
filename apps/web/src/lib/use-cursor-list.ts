"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import useSWRInfinite, { type SWRInfiniteConfiguration } from "swr/infinite";

/** One page of a list the API pages by keyset cursor (§5): its items and the next page's cursor. */
export interface CursorPage<Item = unknown> {
  data: Item[];
  meta: { nextCursor: string | null };
}

/**
 * The SWR key of page `index`: the list's key with the page's cursor appended (null for the first
 * page); null when the list is off (`listKey` null) or the page before was the last.
 */
export function cursorPageKey<Key extends readonly unknown[]>(
  listKey: Key | null,
  index: number,
  previous: CursorPage | null,
): readonly [...Key, string | null] | null {
  if (!listKey) return null;
  if (index > 0 && !previous?.meta.nextCursor) return null;
  return [...listKey, index === 0 ? null : (previous?.meta.nextCursor ?? null)] as const;
}

export interface CursorListOptions<Page> extends SWRInfiniteConfiguration<Page> {
  /** How far below the viewport the sentinel starts the next page (IntersectionObserver rootMargin). */
  rootMargin?: string;
}

/**
 * A list paged by cursor (SWR infinite): the pages, their items in order, and the states every
 * such list shows (first page loading, next page loading, §8 next-page failure with retry).
 *
 * `listKey` names the list in the SWR cache and carries what `fetchPage` needs (path, filters,
 * page size), so the fetcher reads its inputs from the key, never from a stale closure; null turns
 * the list off. Two ways to ask for more: attach `sentinel` to an element at the list's foot
 * (infinite scroll: the next page loads when it comes into view), or call `loadMore` from a
 * "load more" button and leave `sentinel` unattached.
 */
export function useCursorList<Key extends readonly unknown[], Page extends CursorPage>(
  listKey: Key | null,
  fetchPage: (listKey: Key, cursor: string | null) => Promise<Page>,
  { rootMargin, ...config }: CursorListOptions<NoInfer<Page>> = {},
) {
  const result = useSWRInfinite<Page>(
    (index, previous: Page | null) => cursorPageKey(listKey, index, previous),
    (pageKey: readonly [...Key, string | null]) =>
      fetchPage(pageKey.slice(0, -1) as unknown as Key, pageKey[pageKey.length - 1] as string | null),
    config,
  );
  const { data, error, size, setSize, isValidating, mutate } = result;
  const items = useMemo(() => (data ?? []).flatMap((page): Page["data"][number][] => page.data), [data]);
  const hasMore = Boolean(data?.[data.length - 1]?.meta.nextCursor);
  const loadMore = useCallback(() => void setSize((n) => n + 1), [setSize]);
  const retry = useCallback(() => void mutate(), [mutate]);

  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || error) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isValidating) void setSize((n) => n + 1);
      },
      rootMargin ? { rootMargin } : undefined,
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, error, isValidating, setSize, rootMargin]);

  // Named fields, not a spread: SWR re-renders only for the fields a caller reads.
  return {
    data,
    error,
    size,
    setSize,
    isValidating,
    mutate,
    items,
    hasMore,
    /** No page yet and no failure (whether the list is on is the caller's to add). */
    loadingFirst: !data && !error,
    /** A next page was asked for and has not arrived. */
    loadingMore: Boolean(data) && size > (data?.length ?? 0) && !error,
    loadMore,
    /** Asks again for the pages that failed (§8 "Looks like we could not load next page."). */
    retry,
    sentinel,
  };
}
