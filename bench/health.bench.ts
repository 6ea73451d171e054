import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { frameApiEnv } from "./lib/api";
import { type LoadResult, load, report } from "./lib/load";
import { repoRoot, startServer } from "./lib/process";

/**
 * GET /api/health on the full API (every plugin on: security headers, CORS, cookies, the policy
 * guard, rate limiter bypass, request ids, the socket hub) against a bare node:http server and a
 * bare Fastify app answering the same JSON, in one run on one machine. Each server runs in its own
 * process; autocannon runs here. What each part of the frame costs: bench/frame.bench.ts.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-bench-health-"));
const results: LoadResult[] = [];
for (const [name, script] of [
  ["bare node:http", "bench/servers/bare-http.ts"],
  ["bare Fastify", "bench/servers/bare-fastify.ts"],
] as const) {
  const bare = await startServer(script);
  results.push(await load(name, `${bare.url}/api/health`));
  await bare.stop();
}

for (const logRequests of [false, true]) {
  const api = await startServer("src/server.ts", {
    cwd: path.join(repoRoot, "apps/api"),
    env: frameApiEnv(dataDir, logRequests),
  });
  results.push(
    await load(`API /api/health (request logs ${logRequests ? "on" : "off"})`, `${api.url}/api/health`),
  );
  await api.stop();
}
fs.rmSync(dataDir, { recursive: true, force: true });

const [http, fastify, withoutLogs, withLogs] = results.map((r) => r.requestsPerSecond) as [
  number,
  number,
  number,
  number,
];
const share = (rate: number, of: number) => `${((rate / of) * 100).toFixed(1)}%`;
report("health", results, [
  `API without request logs: ${share(withoutLogs, fastify)} of bare Fastify, ${share(withoutLogs, http)} of bare node:http.`,
  `API with request logs: ${share(withLogs, fastify)} of bare Fastify, ${share(withLogs, http)} of bare node:http.`,
  `Bare Fastify is ${share(fastify, http)} of bare node:http.`,
  "Client and servers share the machine's cores, so absolute numbers are lower than on separate hosts; the ratio is what to compare.",
]);
