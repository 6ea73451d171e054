import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedOnce } from "../src/db/prepared";
import { createTestDatabase, type TestDatabase } from "./support/database";

/**
 * db/prepared.ts: a statement marked `generic` runs, on PostgreSQL, on sessions that plan it once
 * for any values (decision 0031); any other statement keeps PostgreSQL's per-value planning, and
 * a transaction's statements stay in the transaction.
 */
let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

const planModeOf = (generic: boolean) =>
  preparedOnce(
    `plan_mode_${generic ? "generic" : "default"}`,
    (db) => db.select({ mode: sql<string>`current_setting('plan_cache_mode')` }).from(sql`(SELECT 1) AS one`),
    { generic },
  );
const genericMode = planModeOf(true);
const defaultMode = planModeOf(false);

describe("prepared statements", () => {
  it("plans a generic statement once for any values on PostgreSQL, and leaves the others to per-value plans", async () => {
    const db = test.database.db;
    const [generic] = await genericMode(db).execute({});
    const [other] = await defaultMode(db).execute({});
    expect(other?.mode).toBe("auto");
    // PGlite is one in-process session: nothing to plan differently there.
    expect(generic?.mode).toBe(test.database.kind === "postgres" ? "force_generic_plan" : "auto");
  });

  it("keeps a generic statement inside the transaction it is run in", async () => {
    const modes = await test.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL application_name = 'inside'`);
      const [row] = await preparedOnce(
        "plan_mode_in_tx",
        (db) =>
          db.select({ app: sql<string>`current_setting('application_name')` }).from(sql`(SELECT 1) AS one`),
        { generic: true },
      )(tx).execute({});
      return row?.app;
    });
    expect(modes).toBe("inside");
  });
});
