import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * Where a benchmark's data lives: a fresh PostgreSQL database when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a server to create it on, else a PGlite directory. Returns the env
 * the API process needs and a cleanup.
 */
export async function benchDatabase(): Promise<{
  env: Record<string, string>;
  kind: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-bench-"));
    return {
      env: { DATA_DIR: dataDir },
      kind: "PGlite",
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `vn_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    kind: "PostgreSQL",
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
