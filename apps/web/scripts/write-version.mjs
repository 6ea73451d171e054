/**
 * Writes public/version.json before each build. The running page polls that file and reloads
 * when it changes (spec §2 "new page version"), so each build needs a value no other build has:
 * the git commit when there is one, plus the build time (two builds of one commit still differ).
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
const target = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "version.json");
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify({ version, builtAt })}\n`);
console.log(`version.json: ${version}`);
