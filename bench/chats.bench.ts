import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { io, type Socket } from "socket.io-client";
import { benchApiEnv } from "./lib/api";
import { benchDatabase } from "./lib/database";
import { type LoadResult, load, writeResults } from "./lib/load";
import { type Running, repoRoot, startServer } from "./lib/process";

/**
 * The messenger (issue 15): send → the recipient's socket receives chats.messages.created, over
 * BENCH_CONVERSATIONS (1,000) conversations at once — a ring of people, person i writing to
 * person i+1, every person's socket open — first BENCH_QUIET_ROUNDS (1) message per
 * conversation one send at a time (the delivery latency itself), then BENCH_ROUNDS (3) with
 * BENCH_CONCURRENCY (50) sends in flight (under load); on the in-memory adapter (one API node) and on the Redis
 * adapter (REDIS_URL, two API nodes: person i sends through node i % 2 and is connected there, so
 * every delivery crosses Redis; two nodes need PostgreSQL). Beside it, in the same run and on the
 * same node: GET /api/health (the baseline) and the inbox of a person with BENCH_INBOX (10,000)
 * conversations (req/s, p99), seeded straight into the database (bench/chats-seed.ts).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx bench/chats.bench.ts
 */
const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** Messages per conversation sent one at a time first (30 a minute per conversation is the limit). */
const quietRounds = Number(process.env.BENCH_QUIET_ROUNDS ?? 1);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const inboxSize = Number(process.env.BENCH_INBOX ?? 10_000);

interface Seeded {
  tokens: string[];
  chats: string[];
  hubToken: string;
}

interface ModeResult {
  mode: string;
  nodes: number;
  sockets: number;
  phases: PhaseResult[];
  loads: LoadResult[];
}

interface PhaseResult {
  concurrency: number;
  sent: number;
  delivered: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  sendsPerSecond: number;
  postP50Ms: number;
  postP99Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const round = (n: number) => Math.round(n * 10) / 10;

function seed(env: Record<string, string>): Seeded {
  const started = performance.now();
  const seeded = spawnSync(
    path.join(repoRoot, "node_modules/.bin/tsx"),
    [path.join(repoRoot, "bench/chats-seed.ts"), String(conversations), String(inboxSize)],
    {
      cwd: path.join(repoRoot, "apps/api"),
      env: { ...process.env, ...env },
      encoding: "utf8",
      maxBuffer: 64 << 20,
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  const line = seeded.stdout.trim().split("\n").at(-1) ?? "";
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return JSON.parse(line) as Seeded;
}

async function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, {
    transports: ["websocket"],
    reconnection: false,
    timeout: 20_000,
    auth: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

async function run(mode: "memory" | "redis"): Promise<ModeResult> {
  const database = await benchDatabase();
  const env: Record<string, string> = {
    ...benchApiEnv(database.env),
    RATE_LIMIT_NAMESPACE: `vn-bench-chats-${Date.now()}:`,
  };
  // The API processes inherit this process's environment: the in-memory run must not see REDIS_URL.
  env.REDIS_URL = mode === "redis" ? process.env.REDIS_URL! : "";
  const twoNodes = mode === "redis" && database.kind === "PostgreSQL";
  const nodes: Running[] = [];
  const sockets: Socket[] = [];
  try {
    const seeded = seed(env);
    for (let i = 0; i < (twoNodes ? 2 : 1); i++) {
      nodes.push(
        await startServer("src/server.ts", {
          cwd: path.join(repoRoot, "apps/api"),
          env: { ...env, LOG_LEVEL: "info" },
        }),
      );
    }
    const nodeOf = (person: number) => nodes[person % nodes.length]!.url;

    // Every person's socket, on their node; the recipient of conversation i is person i+1.
    const chatIndex = new Map(seeded.chats.map((id, i) => [id, i]));
    const sentAt = new Map<string, number>();
    let onDelivery = (_ms: number) => {};
    for (let start = 0; start < conversations; start += 100) {
      const batch = Array.from({ length: Math.min(100, conversations - start) }, async (_, j) => {
        const person = start + j;
        const socket = await connect(nodeOf(person), seeded.tokens[person]!);
        sockets.push(socket);
        socket.on("chats.messages.created", (event: { chatId: string; message: { body: string } }) => {
          const i = chatIndex.get(event.chatId);
          // Only deliveries to the recipient count (the sender's own devices hear it too).
          if (i === undefined || (i + 1) % conversations !== person) return;
          const at = sentAt.get(event.message.body);
          if (at !== undefined) onDelivery(performance.now() - at);
        });
      });
      await Promise.all(batch);
    }
    console.log(`  ${mode}: ${sockets.length} sockets on ${nodes.length} node(s)`);

    const api = nodes[0]!.url;
    const loads = [await load("API /api/health (baseline)", `${api}/api/health`)];

    // The sends: conversation i by person i, through person i's node, `concurrency` at a time;
    // first one at a time (the delivery latency itself), then under load.
    const phases: PhaseResult[] = [];
    let next = 0;
    for (const phase of [
      { concurrency: 1, rounds: quietRounds },
      { concurrency, rounds },
    ]) {
      const latencies: number[] = [];
      const jobs = Array.from({ length: phase.rounds * conversations }, () => next++);
      const postTimes: number[] = [];
      let failed = 0;
      onDelivery = (ms) => latencies.push(ms);
      const started = performance.now();
      const worker = async () => {
        for (let k = jobs.shift(); k !== undefined; k = jobs.shift()) {
          const i = k % conversations;
          const body = `bench ${k}`;
          const at = performance.now();
          sentAt.set(body, at);
          const res = await fetch(`${nodeOf(i)}/api/v1/chats/${seeded.chats[i]}/messages`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${seeded.tokens[i]}` },
            body: JSON.stringify({ clientId: randomUUID(), body }),
          });
          postTimes.push(performance.now() - at);
          if (res.status !== 201) {
            failed++;
            if (failed <= 3) console.log(`  send failed: ${res.status} ${await res.text()}`);
          } else await res.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: phase.concurrency }, worker));
      const elapsed = (performance.now() - started) / 1000;
      const sent = phase.rounds * conversations - failed;
      // Wait for the stragglers (the event itself, with a deadline), never a fixed sleep.
      const deadline = performance.now() + 10_000;
      while (latencies.length < sent && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      latencies.sort((a, b) => a - b);
      postTimes.sort((a, b) => a - b);
      phases.push({
        concurrency: phase.concurrency,
        sent,
        delivered: latencies.length,
        p50Ms: round(percentile(latencies, 50)),
        p90Ms: round(percentile(latencies, 90)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(latencies.at(-1) ?? Number.NaN),
        sendsPerSecond: Math.round(sent / elapsed),
        postP50Ms: round(percentile(postTimes, 50)),
        postP99Ms: round(percentile(postTimes, 99)),
      });
    }

    loads.push(
      await load(
        `GET /api/v1/chats (inbox of ${inboxSize.toLocaleString("en-US")} conversations)`,
        `${api}/api/v1/chats?perPage=20`,
        { authorization: `Bearer ${seeded.hubToken}` },
      ),
      await load("GET /api/v1/chats/unread (same person)", `${api}/api/v1/chats/unread`, {
        authorization: `Bearer ${seeded.hubToken}`,
      }),
    );

    return {
      mode: `${mode === "redis" ? "Redis adapter" : "in-memory adapter"} (${database.kind})`,
      nodes: nodes.length,
      sockets: sockets.length,
      phases,
      loads,
    };
  } finally {
    for (const socket of sockets) socket.close();
    for (const node of nodes) await node.stop();
    await database.drop();
  }
}

const results: ModeResult[] = [await run("memory")];
if (process.env.REDIS_URL) results.push(await run("redis"));
else console.log("REDIS_URL is not set: the Redis adapter run is skipped.");

const deliveryRows = results.flatMap((r) =>
  r.phases.map(
    (p) =>
      `| ${r.mode} | ${r.nodes} | ${r.sockets} | ${p.concurrency} | ${p.sent.toLocaleString("en-US")} | ${p.delivered.toLocaleString("en-US")} | ${p.p50Ms} | ${p.p90Ms} | ${p.p99Ms} | ${p.maxMs} | ${p.sendsPerSecond} | ${p.postP50Ms} / ${p.postP99Ms} |`,
  ),
);
const loadRows = results.flatMap((r) =>
  r.loads.map(
    (l) =>
      `| ${r.mode} | ${l.name} | ${l.requestsPerSecond.toLocaleString("en-US")} | ${l.latencyP50Ms} | ${l.latencyP99Ms} | ${l.errors + l.non2xx} |`,
  ),
);
const markdown = [
  "# chats",
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end · ${conversations.toLocaleString("en-US")} conversations: ${quietRounds} message each one at a time, then ${rounds} each with ${concurrency} sends in flight`,
  "",
  "| adapter | API nodes | sockets | sends in flight | sent | delivered | p50 ms | p90 ms | p99 ms | max ms | sends/s | POST p50 / p99 ms |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...deliveryRows,
  "",
  `| adapter | target | req/s | p50 ms | p99 ms | errors |`,
  "|---|---|---:|---:|---:|---:|",
  ...loadRows,
  "",
  "- Delivery: from sending the POST to the recipient's socket receiving chats.messages.created (the write, its transaction and the emit included), measured in the one client process that holds every socket.",
  "- With two nodes, person i sends through node i % 2 and person i+1 listens on the other one: every delivery crosses Redis.",
  `- The inbox person's ${inboxSize.toLocaleString("en-US")} conversations are groups of two with one message each, seeded straight into the database; the list is the first page (20).`,
  "- autocannon runs with BENCH_CONNECTIONS (50) connections; client and servers share the machine's cores.",
  "",
].join("\n");
writeResults("chats", { name: "chats", at: new Date().toISOString(), results }, markdown);
