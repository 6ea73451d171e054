import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { contentCounts, contentItems } from "../../db/schema/index";
import { timestampTextOf } from "../../shared/pages";

/**
 * A profile's list of publications (listProfileContent) as named prepared statements, one per
 * shape, built once per database handle: a request binds values only. Building the page's and
 * the total's queries through drizzle on every request (its SQL chunks and `is()` checks) was the
 * API's largest cost on this route after the socket writes (a CPU profile of page 1: drizzle
 * 14%), and PostgreSQL parsed and planned both texts each time (0.63 ms of the list's 1.1 ms in
 * PostgreSQL). Plans stay per value (not generic): which index serves a kind filter depends on
 * how common the kinds are in that profile's list.
 *
 * Which kinds a list holds:
 * - `listed`: those in `kinds` (a section or a kind filter; an empty array matches nothing);
 * - `noReposts`: everything but reposts (every tab but the feed);
 * - `all`: reposts too (the feed tab).
 */
export type KindsMode = "listed" | "noReposts" | "all";

/**
 * Where a page starts: the top of the list, after a keyset (a cursor: LIMIT only), or after an
 * anchor of page-anchors.ts (LIMIT and OFFSET, fewer than ANCHOR_STEP rows skipped).
 */
export type PageStart = "top" | "anchor" | "cursor";

export interface ListValues {
  owner: string;
  status: string;
  kinds: string[];
  limit: number;
  /** The keyset to start after (anchor, cursor), as `timestamptz` text and id. */
  at?: string | null;
  id?: string | null;
  /** Rows to skip from the start (top, anchor). */
  skip?: number;
}

const owner = sql.placeholder("owner");
const status = sql.placeholder("status");

function listed(mode: KindsMode): SQL | undefined {
  if (mode === "listed") return sql`${contentItems.kind} = ANY(${sql.placeholder("kinds")}::text[])`;
  if (mode === "noReposts") return sql`${contentItems.kind} <> 'repost'`;
  return undefined;
}

const afterKeyset = sql`(${contentItems.publicationDate}, ${contentItems.id}) < (${sql.placeholder("at")}::timestamptz, ${sql.placeholder("id")}::text)`;
const newestFirst = [desc(contentItems.publicationDate), desc(contentItems.id)];

function pageQuery(db: Db, mode: KindsMode, start: PageStart) {
  const columns = { ...getTableColumns(contentItems), at: timestampTextOf(contentItems.publicationDate) };
  const where = and(
    eq(contentItems.ownerId, owner),
    eq(contentItems.status, status),
    listed(mode),
    start === "top" ? undefined : afterKeyset,
  );
  if (start === "cursor") {
    return db
      .select(columns)
      .from(contentItems)
      .where(where)
      .orderBy(...newestFirst)
      .limit(sql.placeholder("limit"));
  }
  // The walk to the page touches the (owner, status, date, id) index only; rows are fetched for
  // one page.
  const ids = db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(where)
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("skip"));
  return db
    .select(columns)
    .from(contentItems)
    .where(sql`${contentItems.id} IN (${ids})`)
    .orderBy(...newestFirst);
}

function totalQuery(db: Db, mode: KindsMode) {
  const kinds =
    mode === "listed"
      ? sql`${contentCounts.kind} = ANY(${sql.placeholder("kinds")}::text[])`
      : mode === "noReposts"
        ? sql`${contentCounts.kind} <> 'repost'`
        : undefined;
  return db
    .select({ total: sql<number>`coalesce(sum(${contentCounts.n}), 0)::int` })
    .from(contentCounts)
    .where(and(eq(contentCounts.ownerId, owner), eq(contentCounts.status, status), kinds));
}

const modes: KindsMode[] = ["listed", "noReposts", "all"];
const starts: PageStart[] = ["top", "anchor", "cursor"];
const pageStatements = new Map(
  modes.flatMap((mode) =>
    starts.map((start) => [
      `${mode}_${start}`,
      preparedOnce(`content_list_${mode}_${start}`, (db) => pageQuery(db, mode, start)),
    ]),
  ),
);
const totalStatements = new Map(
  modes.map((mode) => [mode, preparedOnce(`content_list_total_${mode}`, (db) => totalQuery(db, mode))]),
);

/** One page of the list: `limit` rows newest first, with each row's date as text (its keyset). */
export function listPage(db: Db, mode: KindsMode, start: PageStart, values: ListValues) {
  return pageStatements.get(`${mode}_${start}`)!(db).execute({ at: null, id: null, skip: 0, ...values });
}

/** The list's total, from the trigger-kept content_counts: a handful of rows however long the list. */
export async function listTotal(
  db: Db,
  mode: KindsMode,
  values: Pick<ListValues, "owner" | "status" | "kinds">,
) {
  const [row] = await totalStatements.get(mode)!(db).execute(values);
  return row?.total ?? 0;
}
