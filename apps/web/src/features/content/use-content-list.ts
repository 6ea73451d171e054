"use client";

import { request } from "@/lib/api";
import { useCursorList } from "@/lib/use-cursor-list";
import type { ContentListPage, ContentListQuery } from "./list-query";
import { listQuery } from "./list-query";

export type { ContentListPage, ContentListQuery };

async function fetchPage(
  [, path, queryJson]: readonly [string, string, string],
  cursor: string | null,
): Promise<ContentListPage> {
  const response = await request<ContentListPage>(path, {
    query: listQuery(JSON.parse(queryJson) as ContentListQuery, cursor),
    envelope: true,
  });
  return response.data;
}

/** Infinite list by keyset cursor, 5 a page; the server-rendered first page seeds it. */
export function useContentList(query: ContentListQuery, firstPage: ContentListPage | null) {
  const path = `/v2/profiles/${encodeURIComponent(query.slug)}/content`;
  return useCursorList(["content-list", path, JSON.stringify(query)] as const, fetchPage, {
    fallbackData: firstPage ? [firstPage] : undefined,
    revalidateFirstPage: false,
    revalidateOnFocus: false,
    rootMargin: "400px",
  });
}
