import { type ContentItem, PER_PAGE_DEFAULT } from "@vn/contract";

export interface ContentListPage {
  data: ContentItem[];
  meta: { page: number; perPage: number; total: number; totalPages: number; nextCursor: string | null };
}

export interface ContentListQuery {
  slug: string;
  tab: "media" | "feed";
  section: string | null;
  status: "planned" | "draft" | null;
}

/** Query of one page (§5: empty values dropped; pagination and filter as JSON). */
export function listQuery(query: ContentListQuery, cursor: string | null): Record<string, string> {
  const filter: Record<string, string> = {};
  if (query.section) filter.section = query.section;
  if (query.status) filter.status = query.status;
  const out: Record<string, string> = {
    tab: query.tab,
    pagination: JSON.stringify({ page: 1, perPage: PER_PAGE_DEFAULT }),
  };
  if (Object.keys(filter).length > 0) out.filter = JSON.stringify(filter);
  if (cursor) out.cursor = cursor;
  return out;
}
