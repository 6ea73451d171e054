import {
  type ContentItem,
  hasFeature,
  type OwnerType,
  ownerTypes,
  type PlanTier,
  type ProfileHit,
  type PublicationHit,
  planTiers,
  SEARCH_SECTION_SIZE,
  type SearchResponse,
  type searchQuerySchema,
} from "@vn/contract";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { contentItems } from "../../db/schema/index";
import { businessBadges } from "../../shared/business-badge";
import { contentItemViewsFor } from "../../shared/content-view";
import { rowsOf } from "../../shared/pages";
import { discoverableBy, loadProfileCards, type Viewer } from "../../shared/profile-view";
import { blockedAround, notAmong } from "../../shared/social-graph";
import { fold, headlineToHtml, highlightWords, START_SEL, STOP_SEL, termWords } from "./highlight";

type SearchInput = z.output<typeof searchQuerySchema>;

/**
 * Search over PostgreSQL only (migrations 0008, 0009): a stored tsvector per profile and
 * publication with a GIN index, and trigram GIN indexes on folded names and titles.
 * - People and companies: word prefixes (results while typing) or trigram similarity of the name
 *   (typo tolerance: "Ana Kowalsky" finds Anna Kowalski); relevance = rank + similarity.
 * - Publications: stemmed words ("launches" finds "launching"), ranked among the newest
 *   PUBLICATION_CANDIDATES matches so a common word costs no more than a rare one; when nothing
 *   matches, titles by trigram similarity (a misspelling).
 * Owners whose plan includes search.priorityRanking get PRIORITY_BOOST on top of relevance
 * (docs/decisions/0008-search.md).
 */
export const PRIORITY_BOOST = 1.5;
/** Publication search ranks at most this many of the newest full-text matches. */
export const PUBLICATION_CANDIDATES = 1000;
/** The typo fallback ranks at most this many trigram matches of titles. */
export const TYPO_CANDIDATES = 2000;

/** (owner type, plan tier) pairs whose plan includes priority ranking, from the contract's plan table. */
const priorityPlans: Array<[OwnerType, PlanTier]> = ownerTypes.flatMap((owner) =>
  planTiers
    .filter((tier) => hasFeature(owner, tier, "search.priorityRanking"))
    .map((tier) => [owner, tier] as [OwnerType, PlanTier]),
);
/** The owner's plan, from its stored subscription (one row per profile, unique index). */
const ownerTier = sql`(SELECT s.plan_tier FROM subscriptions s WHERE s.owner_profile_id = p.id)`;
const priorityCondition = (type: SQL, tier: SQL): SQL =>
  sql`(${type}, ${tier}) IN (${sql.join(
    priorityPlans.map(([owner, tier]) => sql`(${owner}, ${tier})`),
    sql`, `,
  )})`;

function prefixQuery(words: string[]): string {
  return words.map((w) => `${w}:*`).join(" & ");
}

function notIn(column: SQL, ids: Set<string>): SQL {
  return ids.size ? sql`AND ${notAmong(column, ids)}` : sql``;
}

interface Paging {
  limit: number;
  offset: number;
}

async function searchProfiles(
  db: Db,
  type: "user" | "company",
  term: string,
  words: string[],
  paging: Paging,
  viewerId: string | null,
  hidden: Set<string>,
  visible: SQL,
): Promise<{ hits: ProfileHit[]; hasMore: boolean }> {
  const tsq = sql`to_tsquery('simple', ${prefixQuery(words)})`;
  const folded = fold(term);
  const name = sql`lower(vn_unaccent(p.name))`;
  const rows = await rowsOf<{ id: string; score: number }>(
    db,
    sql`SELECT p.id,
          ((ts_rank(p.search_vector, ${tsq}) + similarity(${name}, ${folded}))
            * CASE WHEN ${priorityCondition(sql`p.type`, ownerTier)} THEN ${PRIORITY_BOOST}::float8 ELSE 1.0 END)::float8 AS score
        FROM profiles p
        WHERE p.status = 'active' AND p.type = ${type}
          AND (p.search_vector @@ ${tsq} OR ${name} % ${folded} OR ${folded} <% ${name})
          AND ${visible} ${notIn(sql`p.id`, hidden)}
        ORDER BY score DESC, p.followers_count DESC, p.id
        LIMIT ${paging.limit + 1} OFFSET ${paging.offset}`,
  );
  const page = rows.slice(0, paging.limit);
  const cards = await loadProfileCards(
    db,
    page.map((r) => r.id),
    viewerId,
  );
  const scoreById = new Map(page.map((r) => [r.id, Number(r.score)]));
  const badges =
    type === "company"
      ? await businessBadges(
          db,
          page.map((r) => r.id),
        )
      : new Map();
  return {
    hits: cards.map((profile) => ({
      profile,
      highlight: {
        name: highlightWords(profile.name, words),
        profession: profile.profession ? highlightWords(profile.profession, words) : null,
      },
      business: badges.get(profile.id) ?? null,
      score: Math.round((scoreById.get(profile.id) ?? 0) * 1000) / 1000,
    })),
    hasMore: rows.length > paging.limit,
  };
}

async function searchPublications(
  db: Db,
  term: string,
  words: string[],
  kinds: string[] | undefined,
  paging: Paging,
  viewer: Viewer,
  hidden: Set<string>,
  visible: SQL,
): Promise<{ hits: PublicationHit[]; hasMore: boolean }> {
  // Whole (stemmed) words, not prefixes: the planner's statistics know how common a word is, and
  // choose between the date walk and the GIN index by it; prefix matches would defeat that.
  const tsq = sql`to_tsquery('english', ${words.join(" & ")})`;
  const folded = fold(term);
  const title = sql`lower(vn_unaccent(ci.title))`;
  const boost = sql`CASE WHEN ${priorityCondition(sql`p.type`, ownerTier)} THEN ${PRIORITY_BOOST}::float8 ELSE 1.0 END`;
  const kindFilter = kinds?.length
    ? sql`AND ci.kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  // Full text first: relevance among the newest PUBLICATION_CANDIDATES matches, so a common word
  // costs what a rare one does (migration 0009's date index, or the GIN index for rare words).
  let rows = await rowsOf<{ id: string; score: number }>(
    db,
    sql`WITH candidates AS (
          SELECT ci.id, ci.owner_id, ci.search_vector, ci.title, ci.publication_date
          FROM content_items ci
          WHERE ci.status = 'active' AND ci.search_vector @@ ${tsq} ${kindFilter}
          ORDER BY ci.publication_date DESC, ci.id DESC
          LIMIT ${PUBLICATION_CANDIDATES}
        )
        SELECT ci.id,
          ((ts_rank_cd(ci.search_vector, ${tsq})
             + CASE WHEN ci.title IS NULL THEN 0 ELSE 0.5 * word_similarity(${folded}, ${title}) END) * ${boost})::float8 AS score
        FROM candidates ci
        JOIN profiles p ON p.id = ci.owner_id AND p.status = 'active'
        WHERE ${visible} ${notIn(sql`ci.owner_id`, hidden)}
        ORDER BY score DESC, ci.publication_date DESC, ci.id DESC
        LIMIT ${paging.limit + 1} OFFSET ${paging.offset}`,
  );
  // Nothing matched word for word: a misspelling, perhaps. Titles by trigram similarity, among
  // at most TYPO_CANDIDATES trigram matches (an unordered LIMIT stops the index scan there).
  if (rows.length === 0 && paging.offset === 0) {
    rows = await rowsOf<{ id: string; score: number }>(
      db,
      sql`WITH candidates AS (
            SELECT ci.id, ci.owner_id, ci.title, ci.publication_date FROM content_items ci
            WHERE ci.status = 'active' AND ci.title IS NOT NULL AND ${folded} <% ${title} ${kindFilter}
            LIMIT ${TYPO_CANDIDATES}
          )
          SELECT ci.id, (word_similarity(${folded}, ${title}) * ${boost})::float8 AS score
          FROM candidates ci
          JOIN profiles p ON p.id = ci.owner_id AND p.status = 'active'
          WHERE ${visible} ${notIn(sql`ci.owner_id`, hidden)}
          ORDER BY score DESC, ci.publication_date DESC, ci.id DESC
          LIMIT ${paging.limit + 1}`,
    );
  }
  const page = rows.slice(0, paging.limit);
  if (page.length === 0) return { hits: [], hasMore: false };
  const ids = page.map((r) => r.id);
  const [fullRows, headlines] = await Promise.all([
    db.select().from(contentItems).where(inArray(contentItems.id, ids)),
    rowsOf<{ id: string; text: string | null; title: string | null }>(
      db,
      sql`SELECT id,
          CASE WHEN title IS NULL THEN NULL ELSE ts_headline('english', translate(title, ${START_SEL + STOP_SEL}, ''), ${tsq},
            ${`StartSel="${START_SEL}", StopSel="${STOP_SEL}", HighlightAll=true`}) END AS title,
          ts_headline('english',
            translate(regexp_replace(coalesce(content, quote, description, ''), '<[^>]*>', ' ', 'g'), ${START_SEL + STOP_SEL}, ''),
            ${tsq},
            ${`StartSel="${START_SEL}", StopSel="${STOP_SEL}", MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`}
          ) AS text
          FROM content_items WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    ),
  ]);
  const order = new Map(ids.map((id, index) => [id, index]));
  fullRows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const items = await contentItemViewsFor(db, fullRows, viewer);
  const headlineById = new Map(headlines.map((h) => [h.id, h]));
  const scoreById = new Map(page.map((r) => [r.id, Number(r.score)]));
  return {
    hits: items.map((item: ContentItem) => {
      const headline = headlineById.get(item.id);
      const text = headline?.text?.trim();
      // The database's headline knows stems ("launches" marks "Launching"); a typo-only match
      // has none, so the title falls back to word-by-word marking.
      const title =
        headline?.title?.includes(START_SEL) && item.title
          ? headlineToHtml(headline.title)
          : item.title
            ? highlightWords(item.title, words)
            : null;
      return {
        item,
        highlight: { title, text: text ? headlineToHtml(text) : null },
        score: Math.round((scoreById.get(item.id) ?? 0) * 1000) / 1000,
      };
    }),
    hasMore: rows.length > paging.limit,
  };
}

export async function search(db: Db, input: SearchInput, viewer: Viewer): Promise<SearchResponse["data"]> {
  const viewerId = viewer.profileId;
  // Only profiles that may appear to this viewer are found, nor what they published: verified
  // ones (the verification gates of the product decisions; a company by its KYB) whose privacy
  // level lets the viewer see them (decision 0014). A profile still finds itself.
  const visible = discoverableBy(sql`p.id`, viewer);
  const words = termWords(input.search);
  if (words.length === 0)
    return input.kind === "all"
      ? { people: empty(), companies: empty(), publications: empty() }
      : { [input.kind]: empty() };
  const hidden = await blockedAround(db, viewerId);
  const paging: Paging =
    input.kind === "all"
      ? { limit: SEARCH_SECTION_SIZE, offset: 0 }
      : { limit: input.perPage, offset: (input.page - 1) * input.perPage };
  const data: SearchResponse["data"] = {};
  if (input.kind === "all" || input.kind === "people")
    data.people = await searchProfiles(db, "user", input.search, words, paging, viewerId, hidden, visible);
  if (input.kind === "all" || input.kind === "companies")
    data.companies = await searchProfiles(
      db,
      "company",
      input.search,
      words,
      paging,
      viewerId,
      hidden,
      visible,
    );
  if (input.kind === "all" || input.kind === "publications")
    data.publications = await searchPublications(
      db,
      input.search,
      words,
      input.contentKinds,
      paging,
      viewer,
      hidden,
      visible,
    );
  return data;
}

function empty() {
  return { hits: [], hasMore: false };
}
