import { loadConfig } from "../config";
import { openDatabase } from "./client";

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the PGlite under DATA_DIR). */
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
