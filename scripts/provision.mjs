#!/usr/bin/env node
// `node scripts/provision.mjs`: installs what the tests need (scripts/lib/provision.mjs) and prints
// their versions; exits 1, with the command to run, when it cannot.
import { spawnSync } from "node:child_process";
import { provision } from "./lib/provision.mjs";

if (!provision()) process.exit(1);
for (const [command, args] of [
  ["/usr/bin/chromium", ["--version"]],
  ["ffmpeg", ["-version"]],
  ["soffice", ["--version"]],
]) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  console.log((result.stdout ?? "").split("\n")[0]);
}
