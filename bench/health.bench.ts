import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchProductionEnv } from "./lib/api";
import { type LoadResult, load, report } from "./lib/load";
import { repoRoot, startServer } from "./lib/process";

/**
 * GET /api/health on the full API (every plugin on: helmet, CORS, rate limiter bypass, request
 * ids) against a bare node:http server answering the same JSON, in one run on one machine.
 * Each server runs in its own process; autocannon runs here.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-bench-health-"));
const results: LoadResult[] = [];
const bare = await startServer("bench/servers/bare-http.ts");
results.push(await load("bare node:http", `${bare.url}/api/health`));
await bare.stop();

for (const logRequests of [false, true]) {
  const api = await startServer("src/server.ts", {
    cwd: path.join(repoRoot, "apps/api"),
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      LOG_REQUESTS: String(logRequests),
      JOBS_ENABLED: "false",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
      ...benchProductionEnv,
    },
  });
  results.push(
    await load(`API /api/health (request logs ${logRequests ? "on" : "off"})`, `${api.url}/api/health`),
  );
  await api.stop();
}
fs.rmSync(dataDir, { recursive: true, force: true });

report("health", results, [
  `API without request logs is ${((results[1]!.requestsPerSecond / results[0]!.requestsPerSecond) * 100).toFixed(1)}% of bare node:http.`,
  "Client and servers share the machine's cores, so absolute numbers are lower than on separate hosts; the ratio is what to compare.",
]);
