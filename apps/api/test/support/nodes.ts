import { sql } from "drizzle-orm";
import pg from "pg";
import { type App, buildApp } from "../../src/app";
import { testConfig } from "../../src/config";
import { type Db, openDatabase } from "../../src/db/client";

/**
 * Helpers for the per-node caches kept by PostgreSQL's notifications (decisions 0033, 0034): a
 * second API node, a write no trigger announces, a cut listening connection.
 */

/** A second API node on the suite's PostgreSQL database, with pools of its own. */
export async function createSecondNode(url: string) {
  const database = await openDatabase({ url, poolSize: 2 });
  const second: App = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "1000000" }), {
    database,
    policyProbe: true,
  });
  return {
    app: second,
    database,
    close: async () => {
      await second.close();
      await database.close();
    },
  };
}

/** Runs `test` against a second API node, closed after it whatever happens. */
export async function withSecondNode(
  url: string,
  test: (second: Awaited<ReturnType<typeof createSecondNode>>) => Promise<void>,
): Promise<void> {
  const second = await createSecondNode(url);
  try {
    await test(second);
  } finally {
    await second.close();
  }
}

/** A write made past the triggers (as a restore or a replica would): no notification is sent. */
export async function unheard(db: Db, write: (tx: Db) => Promise<unknown>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await write(tx as unknown as Db);
  });
}

/** Ends every node's listening connection (as a restart of PostgreSQL or a network fault would). */
export async function cutListeners(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'vn-notifications' AND pid <> pg_backend_pid()",
  );
  await admin.end();
}

/** Reads again every few ms until `done` holds of the answer or the time is up; the last answer. */
export async function readUntil<T>(
  read: () => Promise<T>,
  done: (answer: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const started = performance.now();
  let answer = await read();
  while (!done(answer) && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    answer = await read();
  }
  return answer;
}

/** Waits until `condition` holds; throws when it has not within `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  if (!(await readUntil(async () => condition(), Boolean, timeoutMs))) throw new Error("timed out");
}
