import { AppError, messages } from "@vn/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Keyset pagination (style.md, after bsky's pagination.ts): a page ends with a cursor naming its
 * last row as (timestamp, id); the next page starts strictly after it, through an index on the
 * same pair, so page 1,000 costs what page 1 costs.
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

const timestampText = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function decodeKeyset(cursor: string | undefined): Keyset | null {
  if (!cursor) return null;
  const [at = "", id = "", ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!timestampText.test(at) || !id || rest.length > 0 || id.length > 100) {
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
