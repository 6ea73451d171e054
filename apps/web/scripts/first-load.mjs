/**
 * Prints the first-load JavaScript of each route of a build (gzip), as decision 0027 measures it:
 * the build manifest's `rootMainFiles` plus the `entryJSFiles` of the route's client reference
 * manifest (every layout, boundary and page of the route), each file counted once; polyfills are
 * left out (modern browsers skip `nomodule`). Next 16 builds with Turbopack, which prints no First
 * Load JS column.
 *
 *   node scripts/first-load.mjs [build folder]   (default: NEXT_DIST_DIR, else .next)
 *   FIRST_LOAD_JSON=1 … prints JSON instead of a table.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";

const distDir = resolve(process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next");
const buildManifestPath = join(distDir, "build-manifest.json");
if (!existsSync(buildManifestPath)) {
  console.error(`no build manifest in ${distDir} (build first, or pass the build folder)`);
  process.exit(1);
}
const buildManifest = JSON.parse(readFileSync(buildManifestPath, "utf8"));
const polyfills = new Set(buildManifest.polyfillFiles ?? []);
const rootMainFiles = (buildManifest.rootMainFiles ?? []).filter((file) => !polyfills.has(file));

const gzipSizes = new Map();
function gzipSize(file) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(distDir, file))).length;
    gzipSizes.set(file, size);
  }
  return size;
}

function manifests(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...manifests(path));
    else if (entry.name.endsWith("page_client-reference-manifest.js")) found.push(path);
  }
  return found;
}

/** `(site)/[slug]/network/suggested/page_client-reference-manifest.js` → `/[slug]/network/suggested`. */
function routeOf(appDir, path) {
  const segments = relative(appDir, path)
    .split(sep)
    .slice(0, -1)
    .filter((segment) => !(segment.startsWith("(") && segment.endsWith(")")));
  return `/${segments.join("/")}`;
}

function loadManifest(path) {
  const sandbox = { globalThis: {} };
  new Function("globalThis", readFileSync(path, "utf8"))(sandbox.globalThis);
  return Object.values(sandbox.globalThis.__RSC_MANIFEST ?? {})[0];
}

const appDir = join(distDir, "server", "app");
const rows = [];
for (const path of manifests(appDir)) {
  const manifest = loadManifest(path);
  if (!manifest) continue;
  const files = new Set(rootMainFiles);
  for (const list of Object.values(manifest.entryJSFiles ?? {})) {
    for (const file of list) if (!polyfills.has(file)) files.add(file);
  }
  let bytes = 0;
  for (const file of files) bytes += gzipSize(file);
  rows.push({ route: routeOf(appDir, path), files: files.size, kb: Math.round(bytes / 102.4) / 10 });
}
rows.sort((a, b) => a.route.localeCompare(b.route));

if (process.env.FIRST_LOAD_JSON) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const width = Math.max(5, ...rows.map((row) => row.route.length));
  console.log(`${"route".padEnd(width)}  files  first load (gzip KB)`);
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(width)}  ${String(row.files).padStart(5)}  ${row.kb.toFixed(1).padStart(8)}`,
    );
  }
}
