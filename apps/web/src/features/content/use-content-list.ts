"use client";

import useSWRInfinite from "swr/infinite";
import { request } from "@/lib/api";
import type { ContentListPage, ContentListQuery } from "./list-query";
import { listQuery } from "./list-query";

export type { ContentListPage, ContentListQuery };

async function fetchPage([, path, queryJson]: readonly [string, string, string]): Promise<ContentListPage> {
  const response = await request<ContentListPage>(path, {
    query: JSON.parse(queryJson) as Record<string, string>,
    envelope: true,
  });
  return response.data;
}

/** Infinite list by keyset cursor, 5 a page; the server-rendered first page seeds it. */
export function useContentList(query: ContentListQuery, firstPage: ContentListPage | null) {
  const path = `/v2/profiles/${encodeURIComponent(query.slug)}/content`;
  return useSWRInfinite<ContentListPage>(
    (index, previous: ContentListPage | null) => {
      if (index > 0 && !previous?.meta.nextCursor) return null;
      return [
        "content-list",
        path,
        JSON.stringify(listQuery(query, index === 0 ? null : (previous?.meta.nextCursor ?? null))),
      ] as const;
    },
    fetchPage,
    {
      fallbackData: firstPage ? [firstPage] : undefined,
      revalidateFirstPage: false,
      revalidateOnFocus: false,
    },
  );
}
