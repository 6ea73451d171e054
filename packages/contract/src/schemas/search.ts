import { z } from "zod";
import { contentKinds } from "../enums";
import {
  SEARCH_MAX_PAGE,
  SEARCH_PER_PAGE_DEFAULT,
  SEARCH_PER_PAGE_MAX,
  SEARCH_TERM_MAX,
  SEARCH_TERM_MIN,
  searchKinds,
} from "../search";
import { userText } from "./common";
import { contentItemSchema } from "./content";
import { businessBadgeSchema } from "./profiles";
import { profileCardSchema } from "./social";

/**
 * Search (spec §2 /search?search={term}): people, companies and publications, ranked by
 * full-text relevance with typo tolerance, priority ranking for plans with
 * `search.priorityRanking`, highlighted matches, filters by kind.
 */

export const searchQuerySchema = z.object({
  search: userText().trim().min(SEARCH_TERM_MIN).max(SEARCH_TERM_MAX),
  kind: z.enum(searchKinds).default("all"),
  /** Publications only: narrow to these content kinds (comma-separated). */
  contentKinds: userText()
    .max(400)
    .optional()
    .transform((raw) => (raw ? raw.split(",").filter(Boolean) : undefined))
    .pipe(z.array(z.enum(contentKinds)).max(20).optional()),
  page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1),
  perPage: z.coerce.number().int().min(1).max(SEARCH_PER_PAGE_MAX).default(SEARCH_PER_PAGE_DEFAULT),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * Highlights are safe HTML: the matched text is HTML-escaped and matches are wrapped in
 * <mark>…</mark>; no other markup ever appears, so the web may render it as HTML.
 */
export const profileHitSchema = z
  .object({
    profile: profileCardSchema,
    highlight: z.object({ name: z.string(), profession: z.string().nullable() }),
    /** A verified company's badge facts (registration, country, directors, last check). */
    business: businessBadgeSchema,
    score: z.number(),
  })
  .meta({ id: "ProfileHit" });
export const publicationHitSchema = z
  .object({
    item: contentItemSchema,
    highlight: z.object({ title: z.string().nullable(), text: z.string().nullable() }),
    score: z.number(),
  })
  .meta({ id: "PublicationHit" });
export type ProfileHit = z.infer<typeof profileHitSchema>;
export type PublicationHit = z.infer<typeof publicationHitSchema>;

const sectionSchema = <T extends z.ZodType>(hit: T) => z.object({ hits: z.array(hit), hasMore: z.boolean() });

export const searchResponseSchema = z.object({
  data: z.object({
    people: sectionSchema(profileHitSchema).optional(),
    companies: sectionSchema(profileHitSchema).optional(),
    publications: sectionSchema(publicationHitSchema).optional(),
  }),
  meta: z.object({ search: z.string(), kind: z.enum(searchKinds), page: z.number(), perPage: z.number() }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
