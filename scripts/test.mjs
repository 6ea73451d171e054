#!/usr/bin/env node
// `npm test`: every test. Unit and integration suites (Vitest: contract, API on PGlite or on
// TEST_DATABASE_URL, web logic), then the browser suite (tests/e2e: builds the web, starts the
// API and web on their own ports, drives Chromium). Stops at the first failing stage.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { provision } from "./lib/provision.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stages = [
  ["unit and integration", ["node_modules/vitest/vitest.mjs", "run"]],
  ["browser", ["node_modules/vitest/vitest.mjs", "run", "--config", "tests/e2e/vitest.config.ts"]],
];
const only = process.argv[2];
if (!provision()) process.exit(1);
for (const [name, args] of stages) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n▶ ${name} tests\n`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: process.env });
  console.log(
    `\n${result.status === 0 ? "✔" : "✘"} ${name} tests (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
