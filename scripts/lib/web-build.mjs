// Shared by `npm start` and the browser tests: build the web app when there is no build or its
// sources (or the contract's) are newer than the last build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const web = path.join(root, "apps/web");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".next")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function webBuildIsStale() {
  const buildId = path.join(web, process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const sources = Math.max(
    newestMtime(path.join(web, "src")),
    newestMtime(path.join(root, "packages/contract/src")),
    fs.statSync(path.join(web, "next.config.ts")).mtimeMs,
  );
  return sources > fs.statSync(buildId).mtimeMs;
}

/** Builds when stale; returns false when the build failed. */
export function ensureWebBuild(env = process.env) {
  if (!webBuildIsStale()) return true;
  console.log("Building the web app (no build yet, or sources changed)…");
  const result = spawnSync("npm", ["run", "build", "--silent"], {
    cwd: web,
    env: { ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  return result.status === 0;
}
