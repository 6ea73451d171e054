import { fillPlaceholders, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import { detailQuery } from "../src/modules/content/service";
import { profilePageQuery } from "../src/modules/profiles/service";
import { sessionLookup } from "../src/policy/actor";
import { badgeSubscriptionsQuery, profileBySlugQuery, profilesByIdsQuery } from "../src/shared/profile-view";
import { followedAmongQuery } from "../src/shared/social-graph";
import { createTestDatabase, type TestDatabase } from "./support/database";

/**
 * The statements prepared `generic` (db/prepared.ts, decision 0031) are planned once for any
 * values, so a plan that needs a value to find its index scans a whole table on every request. A
 * partial index (`WHERE type = 'user'`) is such a case: a bound `type = $1` cannot use it, and the
 * session lookup scanned every profile on every request until the condition became a literal.
 *
 * Each statement is planned here as production plans it (plan_cache_mode = force_generic_plan) with
 * sequential scans priced out: where an index can serve, the planner takes it; a sequential scan
 * left in the plan of a table that grows with the product means no index can. Only plans that do
 * not depend on table sizes are checked here: in this empty database a hash join over a whole
 * table costs nothing, so the hydration's, the timeline's and visitorViewDiffers' plans were checked
 * on the bench's data set instead (decision 0031).
 */
let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

/** A value as an SQL literal (EXECUTE takes its arguments as text in this test). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `'{${value.map((item) => `"${String(item)}"`).join(",")}}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

/**
 * The tables a plan reads whole: a sequential scan, or an index scan without a condition (what the
 * planner falls back to when sequential scans are priced out but no index can find the rows).
 */
function wholeTableScans(node: PlanNode): string[] {
  const type = node["Node Type"];
  const whole =
    node["Relation Name"] &&
    (type === "Seq Scan" || ((type === "Index Scan" || type === "Index Only Scan") && !node["Index Cond"]));
  return [
    ...(whole ? [`${type} on ${node["Relation Name"]}`] : []),
    ...(node.Plans ?? []).flatMap(wholeTableScans),
  ];
}

/** The tables a statement's generic plan reads whole. */
async function wholeScansOfGenericPlan(
  query: { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
): Promise<string[]> {
  const { sql: text, params } = query.toSQL();
  const args = fillPlaceholders(params, values).map(literal);
  return test.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql.raw(`PREPARE generic_plan_probe AS ${text}`));
    const explained = await tx.execute(
      sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE generic_plan_probe${args.length ? `(${args.join(", ")})` : ""}`),
    );
    await tx.execute(sql`DEALLOCATE generic_plan_probe`);
    const rows = (explained as unknown as { rows?: Record<string, unknown>[] }).rows ?? [];
    const cell = Object.values(rows[0] ?? {})[0];
    const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    return wholeTableScans(plan[0]!.Plan);
  });
}

const db = (): Db => test.database.db;

describe("generic plans", () => {
  it("finds a session's person and own profile by index, for a token and for an id", async () => {
    for (const which of ["token", "id"] as const) {
      const scans = await wholeScansOfGenericPlan(sessionLookup(db(), which), { key: "k", now: new Date() });
      expect(scans, which).toEqual([]);
    }
  });

  it("reads a profile page by its slug and keys, for a visitor and a signed-in viewer", async () => {
    for (const signedIn of [false, true]) {
      const scans = await wholeScansOfGenericPlan(profilePageQuery(db(), signedIn), {
        slug: "s",
        viewer: "v",
      });
      expect(scans, signedIn ? "signed in" : "visitor").toEqual([]);
    }
  });

  it("finds a profile by its handle by index", async () => {
    expect(await wholeScansOfGenericPlan(profileBySlugQuery(db()), { slug: "s" })).toEqual([]);
  });

  it("finds a publication by its slug, and by its owner's handle and slug, by index", async () => {
    for (const byOwner of [false, true]) {
      const scans = await wholeScansOfGenericPlan(detailQuery(db(), byOwner), {
        slug: "s",
        kinds: ["post"],
        owner: "o",
      });
      expect(scans, byOwner ? "by owner" : "by slug").toEqual([]);
    }
  });

  it("reads profile cards (rows, the viewer's follows, badges) for any number of ids by index", async () => {
    const ids = { ids: ["a", "b", "c"], viewer: "v" };
    expect(await wholeScansOfGenericPlan(profilesByIdsQuery(db()), ids), "rows").toEqual([]);
    expect(await wholeScansOfGenericPlan(followedAmongQuery(db()), ids), "follows").toEqual([]);
    expect(await wholeScansOfGenericPlan(badgeSubscriptionsQuery(db()), ids), "badges").toEqual([]);
  });
});
