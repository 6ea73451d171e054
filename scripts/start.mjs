#!/usr/bin/env node
// `npm start`: the whole product on embedded defaults — API on :4000 (PGlite under ./data,
// in-memory realtime, dev mail outbox, demo data seeded on first start) and the web on :3000.
// The demo seed (the seed CLI, as `npm run seed`) runs before the API, into an empty database
// only; SEED_DEMO=false skips it, and it is off (refused, when asked for) with NODE_ENV=production.
// The web server vouches for its visitors' addresses to the API with WEB_FORWARD_SECRET: unset
// outside production, a fresh one is made for this run (production must set its own).
// Builds the web first when there is no build or the sources are newer than it.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureWebBuild } from "./lib/web-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const web = path.join(root, "apps/web");
const api = path.join(root, "apps/api");
const apiPort = process.env.API_PORT ?? "4000";
const webPort = process.env.WEB_PORT ?? "3000";
const apiOrigin = process.env.API_ORIGIN ?? `http://localhost:${apiPort}`;
const production = process.env.NODE_ENV === "production";
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, "data"),
  SEED_DEMO: process.env.SEED_DEMO ?? (production ? "false" : "true"),
  ...(process.env.WEB_FORWARD_SECRET || production
    ? {}
    : { WEB_FORWARD_SECRET: randomBytes(32).toString("base64url") }),
  API_ORIGIN: apiOrigin,
  WEB_ORIGIN: process.env.WEB_ORIGIN ?? `http://localhost:${webPort}`,
};

if (!ensureWebBuild(env)) process.exit(1);

const children = [];
function run(name, command, args, cwd, extraEnv = {}) {
  const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the rest.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  // Children shut down gracefully (the API drains requests and closes its database); give up after 15 s.
  setTimeout(() => process.exit(code), 15_000).unref();
  void Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)),
  ).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

const tsx = path.join(root, "node_modules/.bin/tsx");
if (["true", "1"].includes(env.SEED_DEMO)) {
  const seeded = spawnSync(tsx, ["src/seed/cli.ts"], { cwd: api, env, stdio: "inherit" });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

run("API", tsx, ["src/server.ts"], api, { PORT: apiPort });
run(
  "web",
  process.execPath,
  [path.join(root, "node_modules/next/dist/bin/next"), "start", "--port", webPort],
  web,
  {
    NODE_ENV: "production",
  },
);
console.log(`\n  Web  http://localhost:${webPort}\n  API  ${apiOrigin}  (docs: ${apiOrigin}/api/docs)\n`);
