import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { runGenericOn } from "./generic-handle";
import { type Notifications, pgliteNotifications, postgresNotifications } from "./notifications";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** One type for both drivers: every service is written against the shared PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The minimal raw-SQL surface pg-boss and health checks need, on either driver. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  db: Db;
  raw: SqlExecutor;
  kind: "pglite" | "postgres";
  /** LISTEN/NOTIFY on the channels the migrations' triggers notify on (db/notifications.ts). */
  notifications: Notifications;
  /** For pg-boss: a connection string on PostgreSQL (its own small pool), else the raw executor. */
  connectionString?: string;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Serialises migrations when several API nodes start at once against one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_001;

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent → PGlite. */
  url?: string;
  /** PGlite data directory; absent → in memory. */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Every connection of the pool listens before its first statement (db/notifications.ts).
  // `onConnect` is pg-pool's (3.14) hook for a new connection; @types/pg does not declare it yet.
  const notifications = postgresNotifications(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    onConnect: notifications.onPoolConnect,
  } as pg.PoolConfig);
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Prepared statements marked generic (db/prepared.ts) run on a pool of their own whose sessions
  // plan them once for any values: PostgreSQL otherwise re-plans them for each request's values,
  // which cost the session lookup and a page's hydration more than their execution (decision
  // 0031). Every other query keeps per-value planning on the main pool.
  const genericPool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: "-c plan_cache_mode=force_generic_plan",
  });
  genericPool.on("error", () => {});
  runGenericOn(db, drizzlePg(genericPool, { schema }) as unknown as Db);
  const raw: SqlExecutor = {
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      return { rows: result.rows };
    },
  };
  return {
    db,
    raw,
    kind: "postgres",
    notifications,
    connectionString: url,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: () => ping(db),
    close: async () => {
      await notifications.close();
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const notifications = pgliteNotifications(client);
  const raw: SqlExecutor = {
    async executeSql(text, values) {
      // PGlite runs several statements only without parameters (pg-boss installs its schema so).
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    },
  };
  return {
    db,
    raw,
    kind: "pglite",
    notifications,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    ping: () => ping(db),
    close: async () => {
      await notifications.close();
      await client.close();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
