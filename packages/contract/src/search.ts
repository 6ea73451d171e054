/**
 * Search's limits and kinds without schemas: zod-free, so the search page does not load zod for
 * them (decision 0027). The search schemas are in schemas/search.ts.
 */

export const SEARCH_TERM_MIN = 2;
export const SEARCH_TERM_MAX = 100;
export const SEARCH_PER_PAGE_DEFAULT = 10;
export const SEARCH_PER_PAGE_MAX = 50;
/** Results per section when every kind is searched at once. */
export const SEARCH_SECTION_SIZE = 5;
/** Deeper than this a search is refined rather than paged. */
export const SEARCH_MAX_PAGE = 50;

export const searchKinds = ["all", "people", "companies", "publications"] as const;
export type SearchKind = (typeof searchKinds)[number];
