/**
 * What a route's first-load JavaScript is made of, by source file (gzip KB, each chunk's gzip size
 * shared among its sources by their minified bytes): the question behind decision 0027's table.
 * Needs a build with source maps:
 *
 *   SOURCE_MAPS=1 NEXT_DIST_DIR=.next-maps npx next build
 *   node scripts/first-load-sources.mjs ".next-maps" "(site)/terms"   [--shell] [--top N]
 *
 * The route is its folder under server/app. --shell leaves out the framework's root files
 * (build-manifest rootMainFiles), so what remains is the app's own layout, page and boundaries.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const [distDir = ".next-maps", route = "(site)/terms", ...flags] = process.argv.slice(2);
const shellOnly = flags.includes("--shell");
const top = Number(flags[flags.indexOf("--top") + 1]) || 40;

const base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** Source-map mappings → per generated line, [column, source index] of each segment. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const text of mappings.split(";")) {
    const segments = [];
    let column = 0;
    for (const segment of text.split(",")) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = base64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      segments.push([column, values.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

const buildManifest = JSON.parse(readFileSync(join(distDir, "build-manifest.json"), "utf8"));
const sandbox = {};
new Function(
  "globalThis",
  readFileSync(join(distDir, "server/app", route, "page_client-reference-manifest.js"), "utf8"),
)(sandbox);
const manifest = Object.values(sandbox.__RSC_MANIFEST)[0];
const polyfills = new Set(buildManifest.polyfillFiles ?? []);
const files = new Set(shellOnly ? [] : buildManifest.rootMainFiles);
for (const list of Object.values(manifest.entryJSFiles)) {
  for (const file of list) if (!(shellOnly && buildManifest.rootMainFiles.includes(file))) files.add(file);
}

const bySource = new Map();
let total = 0;
const add = (name, kb) => bySource.set(name, (bySource.get(name) ?? 0) + kb);
for (const file of files) {
  if (polyfills.has(file)) continue;
  const code = readFileSync(join(distDir, file), "utf8");
  const gzipKb = gzipSync(code).length / 1024;
  total += gzipKb;
  const mapName = code.match(/sourceMappingURL=(\S+)\s*$/)?.[1];
  const mapPath = mapName ? join(distDir, "static/chunks", mapName) : "";
  if (!mapPath || !existsSync(mapPath)) {
    add(`${file} (no source map)`, gzipKb);
    continue;
  }
  const map = JSON.parse(readFileSync(mapPath, "utf8"));
  const lines = code.split("\n");
  for (const section of map.sections ?? [{ offset: { line: 0, column: 0 }, map }]) {
    decodeMappings(section.map.mappings).forEach((segments, index) => {
      const line = lines[index + section.offset.line] ?? "";
      const shift = index === 0 ? section.offset.column : 0;
      segments.forEach(([column, source], at) => {
        const end = at + 1 < segments.length ? segments[at + 1][0] : line.length - shift;
        const name = source < 0 ? "(unmapped)" : section.map.sources[source];
        const short = name
          .replace(/^.*node_modules\//, "npm:")
          .replace(/^.*apps\/web\/src\//, "web:")
          .replace(/^.*packages\/contract\/src\//, "contract:");
        add(short, ((end - column) * gzipKb) / code.length);
      });
    });
  }
}

const rows = [...bySource].sort((a, b) => b[1] - a[1]);
for (const [name, kb] of rows.slice(0, top)) console.log(`${kb.toFixed(2).padStart(7)}  ${name}`);
console.log(
  `${total.toFixed(1).padStart(7)}  total (${files.size} files${shellOnly ? ", without the framework's root files" : ""})`,
);
