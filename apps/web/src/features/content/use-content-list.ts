"use client";

import { api } from "@/lib/api-client";
import { useCursorList } from "@/lib/use-cursor-list";
import type { ContentListPage, ContentListQuery } from "./list-query";
import { listQuery } from "./list-query";

export type { ContentListPage, ContentListQuery };

function fetchPage(
  [, queryJson]: readonly [string, string],
  cursor: string | null,
): Promise<ContentListPage> {
  const query = JSON.parse(queryJson) as ContentListQuery;
  return api.content.listByProfile({ params: { slug: query.slug }, query: listQuery(query, cursor) });
}

/** Infinite list by keyset cursor, 5 a page; the server-rendered first page seeds it. */
export function useContentList(query: ContentListQuery, firstPage: ContentListPage | null) {
  return useCursorList([api.content.listByProfile.id, JSON.stringify(query)] as const, fetchPage, {
    fallbackData: firstPage ? [firstPage] : undefined,
    revalidateFirstPage: false,
    revalidateOnFocus: false,
    rootMargin: "400px",
  });
}
