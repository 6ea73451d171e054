/**
 * Writes this build's version before each build, for next.config.ts to bake into the bundle. The
 * running page polls /version.json (app/version.json/route.ts answers with the version of the build
 * that serves it) and reloads when it differs from its own (spec §2 "new page version"), so each
 * build needs a value no other build has: the git commit when there is one, plus the build time.
 *
 * One file per build folder (NEXT_DIST_DIR): two builds in one checkout never read each other's.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function gitSha() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "nogit";
  }
}

const builtAt = new Date().toISOString();
const version = `${gitSha()}-${Date.now().toString(36)}`;
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const target = join(dirname(fileURLToPath(import.meta.url)), "..", ".versions", `${distDir}.json`);
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify({ version, builtAt })}\n`);
console.log(`build version (${distDir}): ${version}`);
