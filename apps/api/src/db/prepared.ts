import { createHash } from "node:crypto";
import type { Db } from "./client";
import { genericHandleFor } from "./generic-handle";

/** A drizzle query builder that can become a prepared statement. */
export interface Preparable<P> {
  toSQL(): { sql: string };
  prepare(name: string): P;
}

/**
 * A hot query built once per database handle and run as a named prepared statement (drizzle's
 * `prepare`, its values bound through `sql.placeholder`).
 *
 * Why: building a query through drizzle's builder (its SQL chunks, `is()` checks and column
 * lists) took about a quarter of the API's CPU on a feed request (decision 0030's profile), and
 * PostgreSQL planned each text again. Built once, a request only binds values; node-postgres
 * prepares each name once per pooled connection (PGlite ignores the name). The name is the label
 * and a digest of the text, so two texts never share one.
 *
 * A transaction is its own handle, so a query run inside one is built for it, not reused.
 *
 * `generic`: the statement is planned once for any values. PostgreSQL keeps re-planning a
 * statement for its values while its estimates favour that; for a lookup by key or by id arrays
 * the plan never changes but the planning cost more than the execution (the session lookup, a
 * page's hydration: decision 0031). Such statements run, on PostgreSQL, on sessions set to plan
 * generically (runGenericOn); the others keep per-value plans, which a statement whose best plan
 * depends on its values and on fresh statistics (the feed's timeline) needs.
 */
export function preparedOnce<P>(
  label: string,
  build: (db: Db) => Preparable<P>,
  options: { generic?: boolean } = {},
): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (given) => {
    const db = (options.generic && genericHandleFor(given)) || given;
    let prepared = built.get(db);
    if (!prepared) {
      const query = build(db);
      prepared = query.prepare(statementName(label, query.toSQL().sql));
      built.set(db, prepared);
    }
    return prepared;
  };
}

/** A prepared statement's name for a text: its label and a digest of the text. */
function statementName(label: string, text: string): string {
  return `${label}_${createHash("sha1").update(text).digest("base64url").slice(0, 16)}`;
}
