import { type endpoints, PER_PAGE_DEFAULT, type ResponseOf } from "@vn/contract";

/** One page of a profile's publications, as `api.content.listByProfile` answers it. */
export type ContentListPage = ResponseOf<typeof endpoints.content.listByProfile>;

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
