"use client";

import { VIEWERS_PER_PAGE_DEFAULT } from "@vn/contract";
import { type AnswerOf, api } from "@/lib/api-client";
import { useCursorList } from "@/lib/use-cursor-list";

export type ViewersPage = AnswerOf<typeof api.insights.viewers>;

function fetchPage([, limit]: readonly [string, number], cursor: string | null): Promise<ViewersPage> {
  return api.insights.viewers({ query: { limit, cursor: cursor ?? undefined } });
}

/** Who viewed the acting owner, 20 at a time; off (null key) without the spy add-on. */
export function useViewers(enabled: boolean, ownerId: string | null) {
  return useCursorList(
    enabled && ownerId ? ([`insights:viewers:${ownerId}`, VIEWERS_PER_PAGE_DEFAULT] as const) : null,
    fetchPage,
    { revalidateFirstPage: false },
  );
}
