import { AppError, hasForbiddenCharacters, messages } from "@vn/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Page assembly for every list of the API, in its two forms:
 *
 * - Keyset pages (style.md, after bsky's pagination.ts): a page ends with a cursor naming its
 *   last row as (timestamp, id); the next page starts strictly after it, through an index on the
 *   same pair, so page 1,000 costs what page 1 costs. A list reads one row more than it shows
 *   (`perPage + 1`); keysetPage() cuts the page and names the next cursor.
 * - Numbered pages (§7 `pagination[page]`, `content-range: pages <page>/<total>`): pageCount()
 *   is the one rule for the number of pages. Deep numbered pages of the profile lists seek through
 *   keyset anchors (modules/content/page-anchors.ts) instead of walking an OFFSET.
 *
 * The timestamp travels in PostgreSQL's own text form. Rows written with now() carry microseconds,
 * which a JavaScript Date would round to milliseconds and so skip or repeat rows at page borders.
 */
export interface Keyset {
  at: string;
  id: string;
}

export function encodeKeyset(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString("base64url");
}

const timestampText =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:([+-])(\d{2})(?::?(\d{2}))?|Z)?$/;

/**
 * Whether a timestamp in PostgreSQL's text form names a real instant: the shape alone lets
 * "2024-02-30", hour 25 or offset +99 through, and PostgreSQL answers those with an error (a 500
 * before issue 11). Years 1–9999, real calendar days, hours 0–23, offsets within ±15:59 (what
 * PostgreSQL accepts).
 */
function isRealTimestamp(text: string): boolean {
  const parts = timestampText.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 8, 9].map(
    (index) => Number(parts[index] ?? 0),
  ) as [number, number, number, number, number, number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (year < 1 || daysInMonth === undefined || day < 1 || day > daysInMonth) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  return offsetHours <= 15 && offsetMinutes <= 59;
}

/**
 * A cursor back to its key, or a 422 when it is not one of ours: a real timestamp, and an id of
 * printable characters (a NUL in an id is as fatal to PostgreSQL as a bad date).
 */
export function decodeKeyset(cursor: string | undefined): Keyset | null {
  if (!cursor) return null;
  const [at = "", id = "", ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!isRealTimestamp(at) || !id || rest.length > 0 || id.length > 100 || hasForbiddenCharacters(id)) {
    throw new AppError("request_validationFailed", {
      details: [{ path: "query.cursor", message: messages.invalidRequest }],
    });
  }
  return { at, id };
}

/** `(time, id) < (cursor)`: strictly after the cursor in a newest-first walk. */
export function before(time: SQL | unknown, id: SQL | unknown, cursor: Keyset): SQL {
  return sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})`;
}
/** `(time, id) > (cursor)`: strictly after the cursor in an oldest-first walk. */
export function after(time: SQL | unknown, id: SQL | unknown, cursor: Keyset): SQL {
  return sql`(${time}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})`;
}

/** Raw SQL rows on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The text form of a timestamp column, for cursors. */
export function timestampTextOf(column: unknown): SQL<string> {
  return sql<string>`${column}::text`;
}

/**
 * One keyset page from the rows a list read with `LIMIT perPage + 1`: the rows to show, and the
 * cursor of the next page (its last row's key) when there is one more row than the page holds.
 */
export function keysetPage<Row>(
  rows: Row[],
  perPage: number,
  keyOf: (row: Row) => Keyset,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, perPage);
  const last = page.at(-1);
  if (rows.length <= perPage || last === undefined) return { rows: page, nextCursor: null };
  const key = keyOf(last);
  return { rows: page, nextCursor: encodeKeyset(key.at, key.id) };
}

/** How many numbered pages a list of `total` rows fills: at least one, even when empty. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
