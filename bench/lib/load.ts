import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { pacedLoad } from "./paced";
import { repoRoot } from "./process";

export interface LoadResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
}

/**
 * Runs autocannon against one URL (with the given request headers, e.g. a session); a short
 * warm-up first so JIT and pools are settled.
 */
export async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  seconds = Number(process.env.BENCH_SECONDS ?? 10),
): Promise<LoadResult> {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  await autocannon({ url, headers, connections, duration: 2 });
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return {
    name,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * The latency measure: the same URL offered at half of its own saturation rate, evenly
 * paced (loadPaced), so p99 is the page's latency without a queue of its own making.
 */
export function loadAtHalf(
  saturated: LoadResult,
  headers: Record<string, string> = {},
  seconds = Number(process.env.BENCH_SECONDS ?? 10),
): Promise<LoadResult> {
  const halfRate = Math.max(1, Math.round(saturated.requestsPerSecond / 2));
  return loadPaced(
    `${saturated.name} at half its saturation (${halfRate} req/s offered, evenly paced)`,
    saturated.url,
    halfRate,
    headers,
    seconds,
  );
}

/**
 * A URL offered `rate` requests a second, evenly paced (lib/paced.ts: open loop, at most 50
 * connections, latency from when each request was due), after one paced second of warm-up. Also
 * the baseline of a paced row: /api/health at the same rate shows what the machine's own stalls
 * (other processes, PostgreSQL's autovacuum after a seed) put into any p99 of that run.
 */
export async function loadPaced(
  name: string,
  url: string,
  rate: number,
  headers: Record<string, string> = {},
  seconds = Number(process.env.BENCH_SECONDS ?? 10),
): Promise<LoadResult> {
  const offer = { url, headers, rate };
  await pacedLoad({ ...offer, seconds: 1 });
  const paced = await pacedLoad({ ...offer, seconds });
  return { name, url, ...paced };
}

/** Writes bench/results/<name>.json (the figures) and <name>.md (the table), and prints the table. */
export function writeResults(name: string, json: object, markdown: string): void {
  const dir = path.join(repoRoot, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(json, null, 2));
  fs.writeFileSync(path.join(dir, `${name}.md`), markdown);
  console.log(`\n${markdown}`);
}

/** Writes bench/results/<name>.json and .md, and prints the table. */
export function report(name: string, results: LoadResult[], notes: string[] = []): void {
  const baseline = results[0]!;
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSecond.toLocaleString("en-US")} | ${((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}% | ${r.latencyP50Ms} | ${r.latencyP99Ms} | ${r.errors + r.non2xx} |`,
  );
  const markdown = [
    `# ${name}`,
    "",
    `${new Date().toISOString()} · Node ${process.version} · ${process.env.BENCH_CONNECTIONS ?? 50} connections`,
    "",
    "| target | req/s | of baseline | p50 ms | p99 ms | errors |",
    "|---|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    ...notes.map((n) => `- ${n}`),
    "",
  ].join("\n");
  writeResults(name, { name, at: new Date().toISOString(), results, notes }, markdown);
}
