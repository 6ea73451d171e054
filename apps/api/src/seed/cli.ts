import { parseArgs } from "node:util";
import pino from "pino";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { seedDemoIfEmpty } from "./demo";
import { generateDataSet } from "./generate";

/**
 * npm run seed                       → the demo cast, if the database is empty
 * npm run seed -- --people 10000 --companies 500 --items 100000
 *                                    → a large realistic data set for benchmarks
 *   (--follows N per person; --heavy N gives one profile, "heavy.publisher", N items)
 *
 * The demo cast signs in with a published password, so it is refused in production (issue 11);
 * the benchmark data set is not the demo and may be generated into a production-mode database.
 */
const { values } = parseArgs({
  options: {
    people: { type: "string" },
    companies: { type: "string" },
    items: { type: "string" },
    follows: { type: "string" },
    heavy: { type: "string" },
  },
});
const config = loadConfig();
const log = pino({ level: "info" });
const generating = Boolean(values.people || values.companies || values.items);
if (!generating && config.NODE_ENV === "production") {
  log.error(
    "refusing to seed the demo cast in production: its accounts sign in with a published password (SEED_DEMO=false for npm start)",
  );
  process.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await database.migrate();
try {
  if (generating) {
    const result = await generateDataSet(database.db, {
      people: Number(values.people ?? 1000),
      companies: Number(values.companies ?? 100),
      items: Number(values.items ?? 10_000),
      followsPerPerson: Number(values.follows ?? 20),
      heavyOwnerItems: values.heavy ? Number(values.heavy) : undefined,
      onProgress: (message) => log.info(message),
    });
    log.info(result, "generated data set");
  } else {
    const seeded = await seedDemoIfEmpty(database.db, log);
    if (!seeded) log.info("database already has profiles; demo seed skipped");
  }
} finally {
  await database.close();
}
