import { spawnSync } from "node:child_process";
import path from "node:path";
import { io, type Socket } from "socket.io-client";
import { benchApiEnv, signInSeeded } from "./lib/api";
import { benchDatabase } from "./lib/database";
import { writeResults } from "./lib/load";
import { type Running, repoRoot, startServer } from "./lib/process";

/**
 * Live comments: a room of 1,000 sockets (BENCH_SOCKETS) receives every comments.created event;
 * BENCH_COMMENTS comments are posted one after another over REST and the delivery latency (POST
 * sent → event received, on every socket) is measured, on the in-memory adapter (one API node)
 * and on the Redis adapter (REDIS_URL; two API nodes with the sockets split between them and the
 * comments posted to one, so half the deliveries cross Redis; two nodes need PostgreSQL, else one
 * node on the Redis adapter).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx bench/comments.bench.ts
 */
const socketCount = Number(process.env.BENCH_SOCKETS ?? 1000);
const commentCount = Number(process.env.BENCH_COMMENTS ?? 50);
/** Comments are limited to 20 a minute per account; spread the posts over enough authors. */
const authors = Math.max(1, Math.ceil(commentCount / 15));

interface ModeResult {
  mode: string;
  nodes: number;
  sockets: number;
  comments: number;
  deliveries: number;
  missing: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** From the comment's createdAt (stamped by the server just before its transaction). */
  sinceWriteP50Ms: number;
  sinceWriteP99Ms: number;
  postP50Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const round = (n: number) => Math.round(n * 10) / 10;

async function run(mode: "memory" | "redis"): Promise<ModeResult> {
  const database = await benchDatabase();
  const env: Record<string, string> = {
    ...benchApiEnv(database.env),
    RATE_LIMIT_NAMESPACE: `vn-bench-rl-${Date.now()}:`,
  };
  // The API processes inherit this process's environment: the in-memory run must not see REDIS_URL.
  env.REDIS_URL = mode === "redis" ? process.env.REDIS_URL! : "";
  const seeded = spawnSync(
    path.join(repoRoot, "node_modules/.bin/tsx"),
    [
      "src/seed/cli.ts",
      "--people",
      String(authors + 1),
      "--companies",
      "0",
      "--items",
      "1",
      "--follows",
      "0",
    ],
    {
      cwd: path.join(repoRoot, "apps/api"),
      env: { ...process.env, ...env, LOG_LEVEL: "info" },
      encoding: "utf8",
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  const tag = /"tag":"([^"]+)"/.exec(seeded.stdout)?.[1];
  if (!tag) throw new Error("seeding printed no tag");

  const twoNodes = mode === "redis" && database.kind === "PostgreSQL";
  const nodes: Running[] = [];
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < (twoNodes ? 2 : 1); i++) {
      nodes.push(
        await startServer("src/server.ts", {
          cwd: path.join(repoRoot, "apps/api"),
          env: { ...env, LOG_LEVEL: "info" },
        }),
      );
    }
    const api = nodes[0]!.url;
    const tokens: string[] = [];
    for (let i = 1; i <= authors + 1; i++) {
      const res = await signInSeeded(api, `person${i}-${tag}@seed.verified.local`);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    const created = await fetch(`${api}/api/v1/content`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens[0]}` },
      body: JSON.stringify({ kind: "post", content: "Live comments benchmark" }),
    });
    if (!created.ok) throw new Error(`post failed: ${created.status} ${await created.text()}`);
    const post = ((await created.json()) as { data: { id: string; slug: string; owner: { slug: string } } })
      .data;
    const room = { ownerSlug: post.owner.slug, contentSlug: post.slug, contentType: "post" };

    // Open the room's sockets in batches, alternating nodes.
    const received = new Map<string, number[]>();
    const sinceWrite: number[] = [];
    let sentAt = 0;
    let current = "";
    for (let start = 0; start < socketCount; start += 100) {
      const batch = Array.from({ length: Math.min(100, socketCount - start) }, async (_, j) => {
        const node = nodes[(start + j) % nodes.length]!;
        const socket = io(node.url, { transports: ["websocket"], reconnection: false, timeout: 20_000 });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once("connect", () => resolve());
          socket.once("connect_error", reject);
        });
        const ack = await socket.timeout(20_000).emitWithAck("join-content-room", room);
        if (!(ack as { ok: boolean }).ok) throw new Error(`join failed: ${JSON.stringify(ack)}`);
        socket.on("comments.created", (event: { comment: { body: string; createdAt: string } }) => {
          if (event.comment.body !== current) return;
          received.get(current)?.push(performance.now() - sentAt);
          sinceWrite.push(Date.now() - Date.parse(event.comment.createdAt));
        });
      });
      await Promise.all(batch);
    }
    console.log(`  ${mode}: ${sockets.length} sockets in the room on ${nodes.length} node(s)`);

    const latencies: number[] = [];
    const postTimes: number[] = [];
    let missing = 0;
    for (let k = 0; k < commentCount; k++) {
      current = `benchmark comment ${k}`;
      received.set(current, []);
      const got = received.get(current)!;
      sentAt = performance.now();
      const res = await fetch(`${api}/api/v1/content/${post.id}/comments`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens[1 + (k % authors)]}` },
        body: JSON.stringify({ body: current }),
      });
      postTimes.push(performance.now() - sentAt);
      if (res.status !== 201) throw new Error(`comment failed: ${res.status} ${await res.text()}`);
      const deadline = performance.now() + 10_000;
      while (got.length < sockets.length && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 2));
      missing += sockets.length - got.length;
      latencies.push(...got);
      await new Promise((r) => setTimeout(r, 20));
    }
    latencies.sort((a, b) => a - b);
    sinceWrite.sort((a, b) => a - b);
    postTimes.sort((a, b) => a - b);
    return {
      mode: `${mode === "redis" ? "Redis adapter" : "in-memory adapter"} (${database.kind})`,
      nodes: nodes.length,
      sockets: sockets.length,
      comments: commentCount,
      deliveries: latencies.length,
      missing,
      p50Ms: round(percentile(latencies, 50)),
      p90Ms: round(percentile(latencies, 90)),
      p99Ms: round(percentile(latencies, 99)),
      maxMs: round(latencies.at(-1) ?? Number.NaN),
      sinceWriteP50Ms: round(percentile(sinceWrite, 50)),
      sinceWriteP99Ms: round(percentile(sinceWrite, 99)),
      postP50Ms: round(percentile(postTimes, 50)),
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

const rows = results.map(
  (r) =>
    `| ${r.mode} | ${r.nodes} | ${r.sockets} | ${r.comments} | ${r.deliveries.toLocaleString("en-US")} | ${r.missing} | ${r.p50Ms} | ${r.p90Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.sinceWriteP50Ms} / ${r.sinceWriteP99Ms} | ${r.postP50Ms} |`,
);
const markdown = [
  "# comments",
  "",
  `${new Date().toISOString()} · Node ${process.version}`,
  "",
  "| adapter | API nodes | sockets in room | comments | deliveries | missing | p50 ms | p90 ms | p99 ms | max ms | from write p50 / p99 ms | POST p50 ms |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows,
  "",
  "- Delivery latency: from sending the comment's POST to each socket receiving comments.created (so it includes the write: validation, the transaction, the emit), measured in the one client process that holds every socket.",
  "- From write: from the comment's createdAt, stamped by the server just before its transaction (same clock, millisecond resolution).",
  "- With two nodes the sockets alternate between them and every comment is posted to the first, so half of the deliveries cross Redis.",
  "- The client process parses every frame on one thread; the spread from p50 to max is mostly that queue. Client and servers share 2 cores.",
  "",
].join("\n");
writeResults("comments", { name: "comments", at: new Date().toISOString(), results }, markdown);
