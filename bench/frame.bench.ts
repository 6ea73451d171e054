import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { frameParts } from "../apps/api/src/app";
import { frameApiEnv } from "./lib/api";
import { writeResults } from "./lib/load";
import { type Running, startServer } from "./lib/process";

/**
 * What each part of the API frame costs on GET /api/health (issue 17): the whole API, then the
 * API without one part at a time (bench/servers/api-frame.ts, FRAME_WITHOUT), beside a bare
 * Fastify app, all in one run. The measure is the server's own CPU time per request (user +
 * system, from /proc), which the other processes on a shared machine disturb far less than they
 * disturb throughput; a part's cost is cpu(whole API) − cpu(API without it). Parts overlap a
 * little, so the costs do not add up exactly. FRAME_PARTS=cors,policy measures only those.
 */
interface Measured {
  name: string;
  requestsPerSecond: number;
  cpuMicroseconds: number;
  errors: number;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-bench-frame-"));
const parts = process.env.FRAME_PARTS?.split(",").filter(Boolean) ?? [...frameParts, "realtime"];
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ticksPerSecond = 100; // USER_HZ on Linux

/** utime + stime of a process, in microseconds (fields 14 and 15 of /proc/<pid>/stat). */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}

async function measure(name: string, server: Running): Promise<Measured> {
  if (!server.pid) throw new Error(`${name}: the server did not say its pid`);
  const url = `${server.url}/api/health`;
  try {
    await autocannon({ url, connections, duration: 2 });
    const before = cpuOf(server.pid);
    const result = await autocannon({ url, connections, duration: seconds });
    const cpu = cpuOf(server.pid) - before;
    return {
      name,
      requestsPerSecond: Math.round(result.requests.average),
      cpuMicroseconds: cpu / result.requests.total,
      errors: result.errors + result.non2xx,
    };
  } finally {
    await server.stop();
  }
}

const api = (without: string[]) =>
  startServer("bench/servers/api-frame.ts", {
    env: { ...frameApiEnv(dataDir, false), FRAME_WITHOUT: without.join(",") },
  });

const bare = await measure("bare Fastify", await startServer("bench/servers/bare-fastify.ts"));
// The whole API twice, first and last, so drift over the run shows and is averaged out.
const first = await measure("API, every part", await api([]));
const without: Measured[] = [];
for (const part of parts) without.push(await measure(`API without ${part}`, await api([part])));
const last = await measure("API, every part (again)", await api([]));
fs.rmSync(dataDir, { recursive: true, force: true });

const whole = (first.cpuMicroseconds + last.cpuMicroseconds) / 2;
const row = (r: Measured, cost: string) =>
  `| ${r.name} | ${r.cpuMicroseconds.toFixed(1)} | ${cost} | ${r.requestsPerSecond.toLocaleString("en-US")} | ${r.errors} |`;
const markdown = [
  "# frame",
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${connections} connections · ${seconds} s each`,
  "",
  "| target | server CPU µs/request | part's cost µs | req/s | errors |",
  "|---|---:|---:|---:|---:|",
  row(bare, ""),
  row(first, ""),
  ...without.map((r) => row(r, (whole - r.cpuMicroseconds).toFixed(1))),
  row(last, ""),
  "",
  `- The whole frame costs ${(whole - bare.cpuMicroseconds).toFixed(1)} µs of CPU per request more than bare Fastify (${whole.toFixed(1)} vs ${bare.cpuMicroseconds.toFixed(1)}; mean of the API's two runs).`,
  "- A part's cost is cpu(whole API) − cpu(API without it); differences within a few µs are noise. Client and servers share the machine's cores.",
  "",
].join("\n");
writeResults("frame", { name: "frame", at: new Date().toISOString(), bare, first, without, last }, markdown);
