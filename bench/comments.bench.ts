import { type ChildProcess, fork, spawnSync } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import type { FromClient, Receipt, ToClient } from "./comments-client";
import type { Seeded } from "./comments-seed";
import { benchApiEnv } from "./lib/api";
import { benchDatabase } from "./lib/database";
import { writeResults } from "./lib/load";
import { type Running, repoRoot, startServer } from "./lib/process";

/**
 * Live comments: a room of 1,000 sockets (BENCH_SOCKETS) receives every comments.created event;
 * BENCH_COMMENTS comments are posted one after another over REST, on the in-memory adapter (one
 * API node) and on the Redis adapter (REDIS_URL; two API nodes with the sockets split between them
 * and the comments posted to the first, so half the deliveries cross Redis; two nodes need
 * PostgreSQL, else one node on the Redis adapter).
 *
 * The room is a public post (bench/comments-seed.ts); half of its sockets are visitors and half
 * signed in. Comments alternate between a public author (every socket may see them) and a
 * members-only one (base_privacy, decision 0014: only the signed-in half may; a visitor hearing
 * one is counted as leaked).
 *
 * The sockets live in two client processes (bench/comments-client.ts) so that parsing a thousand
 * frames per comment is not one thread's queue; they stamp receipts with the machine's wall clock.
 * The API nodes log, for this bench only (REALTIME_TIMING_LOG, realtime/timing.ts), when the hub
 * was asked to send each event and when they wrote it to their first and last socket. So:
 * - server: per comment, from its createdAt (stamped just before the write's transaction) to the
 *   last socket write on any node, and from the hub being asked (after the write) to that write;
 * - delivery: per socket, from createdAt to the receipt (server + network + the client's queue);
 * - POST → received: per socket, from sending the POST (the old single figure).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx bench/comments.bench.ts
 */
const socketCount = Number(process.env.BENCH_SOCKETS ?? 1000);
const commentCount = Number(process.env.BENCH_COMMENTS ?? 50);
/** Comments are limited to 20 a minute per account; each kind of author takes half the comments. */
const authors = Math.max(1, Math.ceil(commentCount / 2 / 15));
const viewers = 20;
const clientCount = 2;

type Audience = "all" | "members";

interface Row {
  mode: string;
  audience: string;
  nodes: number;
  comments: number;
  expected: number;
  deliveries: number;
  missing: number;
  leaked: number;
  serverP50Ms: number;
  serverP99Ms: number;
  askedP50Ms: number;
  askedP99Ms: number;
  fanOutP50Ms: number;
  fanOutP99Ms: number;
  clientP50Ms: number;
  clientP99Ms: number;
  deliveryP50Ms: number;
  deliveryP99Ms: number;
  deliveryMaxMs: number;
  postP50Ms: number;
  postP99Ms: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : Number.NaN;
};
const round = (n: number) => Math.round(n * 10) / 10;
const wallClock = () => performance.timeOrigin + performance.now();

function seed(env: Record<string, string>): Seeded {
  const seeded = spawnSync(
    path.join(repoRoot, "node_modules/.bin/tsx"),
    [path.join(repoRoot, "bench/comments-seed.ts"), String(authors), String(viewers)],
    { cwd: path.join(repoRoot, "apps/api"), env: { ...process.env, ...env }, encoding: "utf8" },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  return JSON.parse(seeded.stdout.trim().split("\n").at(-1) ?? "") as Seeded;
}

/** What the nodes logged per comment id: when the hub was asked, and the last socket write. */
interface ServerTimes {
  asked?: number;
  firstWrite?: number;
  lastWrite?: number;
  written: number;
}
function readTimings(node: Running, times: Map<string, ServerTimes>) {
  readline.createInterface({ input: node.child.stdout! }).on("line", (line) => {
    if (!line.includes('"timing":')) return;
    const { timing } = JSON.parse(line) as {
      timing: { subject: string | null; asked?: number; first?: number; last?: number; sockets?: number };
    };
    if (!timing.subject) return;
    const entry = times.get(timing.subject) ?? { written: 0 };
    if (timing.asked !== undefined) entry.asked = timing.asked;
    if (timing.first !== undefined && timing.last !== undefined) {
      entry.firstWrite = Math.min(entry.firstWrite ?? Number.POSITIVE_INFINITY, timing.first);
      entry.lastWrite = Math.max(entry.lastWrite ?? 0, timing.last);
      entry.written += timing.sockets ?? 0;
    }
    times.set(timing.subject, entry);
  });
}

/** A client process, with a way to wait for its next message of a kind. */
function startClient() {
  const child: ChildProcess = fork(path.join(repoRoot, "bench/comments-client.ts"), [], {
    cwd: repoRoot,
    execArgv: ["--import", "tsx"],
  });
  const waiting: Array<{ match(m: FromClient): boolean; resolve(m: FromClient): void }> = [];
  let reported = false;
  child.on("exit", (code, signal) => {
    if (!reported) console.error(`  a client process exited before its report (${signal ?? code})`);
  });
  child.on("message", (message: FromClient) => {
    const index = waiting.findIndex((w) => w.match(message));
    if (message.type === "report") reported = true;
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(message);
  });
  return {
    child,
    send: (message: ToClient) => child.send(message),
    next: <T extends FromClient>(match: (m: FromClient) => boolean, timeoutMs = 600_000) =>
      new Promise<T | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        waiting.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m as T);
          },
        });
      }),
  };
}

async function run(mode: "memory" | "redis"): Promise<Row[]> {
  const database = await benchDatabase();
  const env: Record<string, string> = {
    ...benchApiEnv(database.env),
    RATE_LIMIT_NAMESPACE: `vn-bench-rl-${Date.now()}:`,
    LOG_LEVEL: "info",
    REALTIME_TIMING_LOG: "true",
  };
  // The API processes inherit this process's environment: the in-memory run must not see REDIS_URL.
  env.REDIS_URL = mode === "redis" ? process.env.REDIS_URL! : "";
  const seeded = seed(env);

  const twoNodes = mode === "redis" && database.kind === "PostgreSQL";
  const nodes: Running[] = [];
  const clients: Array<ReturnType<typeof startClient>> = [];
  try {
    const times = new Map<string, ServerTimes>();
    for (let i = 0; i < (twoNodes ? 2 : 1); i++) {
      const node = await startServer("src/server.ts", { cwd: path.join(repoRoot, "apps/api"), env });
      readTimings(node, times);
      nodes.push(node);
    }
    const api = nodes[0]!.url;

    // Every combination of node, visitor or signed in, and client process gets its share.
    const plan = Array.from(
      { length: clientCount },
      () => [] as Array<{ url: string; token: string | null }>,
    );
    let members = 0;
    for (let i = 0; i < socketCount; i++) {
      const signedIn = Math.floor(i / nodes.length) % 2 === 1;
      plan[Math.floor(i / (2 * nodes.length)) % clientCount]!.push({
        url: nodes[i % nodes.length]!.url,
        token: signedIn ? seeded.viewers[members++ % seeded.viewers.length]! : null,
      });
    }
    const opened: Array<Promise<FromClient | null>> = [];
    for (const sockets of plan) {
      const client = startClient();
      clients.push(client);
      opened.push(client.next((m) => m.type === "opened" || m.type === "failed"));
      client.send({ type: "open", room: seeded.room, sockets });
    }
    for (const answer of await Promise.all(opened)) {
      if (answer?.type !== "opened") throw new Error(`sockets failed: ${JSON.stringify(answer)}`);
    }
    console.log(
      `  ${mode}: ${socketCount} sockets (${members} signed in) in the room on ${nodes.length} node(s), ${clientCount} client processes`,
    );

    const posts: Array<{ body: string; id: string; audience: Audience; sentAt: number; createdAt: number }> =
      [];
    for (let k = 0; k < commentCount; k++) {
      const audience: Audience = k % 2 === 0 ? "all" : "members";
      const body = `benchmark comment ${k}`;
      const token = (audience === "all" ? seeded.publicAuthors : seeded.memberAuthors)[
        Math.floor(k / 2) % authors
      ]!;
      const done = clients.map((client) => client.next((m) => m.type === "done" && m.body === body, 10_000));
      for (const client of clients) client.send({ type: "expect", body, audience });
      const sentAt = wallClock();
      const res = await fetch(`${api}/api/v1/content/${seeded.postId}/comments`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ body }),
      });
      if (res.status !== 201) throw new Error(`comment failed: ${res.status} ${await res.text()}`);
      const comment = ((await res.json()) as { data: { id: string; createdAt: string } }).data;
      posts.push({ body, id: comment.id, audience, sentAt, createdAt: Date.parse(comment.createdAt) });
      await Promise.all(done);
      await new Promise((r) => setTimeout(r, 20));
    }

    const receipts: Receipt[] = [];
    for (const client of clients) {
      const report = client.next<Extract<FromClient, { type: "report" }>>((m) => m.type === "report", 30_000);
      client.send({ type: "report" });
      receipts.push(...((await report)?.receipts ?? []));
    }
    // Let the last timing lines arrive.
    await new Promise((r) => setTimeout(r, 200));

    const byBody = new Map<string, Receipt[]>();
    for (const receipt of receipts) byBody.set(receipt.body, [...(byBody.get(receipt.body) ?? []), receipt]);
    return (["all", "members"] as const).map((audience) => {
      const mine = posts.filter((p) => p.audience === audience);
      const perComment = audience === "all" ? socketCount : members;
      const server: number[] = [];
      const asked: number[] = [];
      const fanOut: number[] = [];
      const client: number[] = [];
      const delivery: number[] = [];
      const post: number[] = [];
      let deliveries = 0;
      let leaked = 0;
      for (const p of mine) {
        const heard = byBody.get(p.body) ?? [];
        const entitled = heard.filter((r) => audience === "all" || r.signedIn);
        leaked += heard.length - entitled.length;
        deliveries += entitled.length;
        for (const r of entitled) {
          delivery.push(r.at - p.createdAt);
          post.push(r.at - p.sentAt);
        }
        const t = times.get(p.id);
        if (t?.lastWrite !== undefined && t.firstWrite !== undefined) {
          for (const r of entitled) client.push(r.at - t.lastWrite);
          fanOut.push(t.lastWrite - t.firstWrite);
          server.push(t.lastWrite - p.createdAt);
          if (t.asked !== undefined) asked.push(t.lastWrite - t.asked);
        }
      }
      return {
        mode: `${mode === "redis" ? "Redis adapter" : "in-memory adapter"} (${database.kind})`,
        audience: audience === "all" ? "public author → every socket" : "members-only author → signed in",
        nodes: nodes.length,
        comments: mine.length,
        expected: perComment * mine.length,
        deliveries,
        missing: perComment * mine.length - deliveries,
        leaked,
        serverP50Ms: round(percentile(server, 50)),
        serverP99Ms: round(percentile(server, 99)),
        askedP50Ms: round(percentile(asked, 50)),
        askedP99Ms: round(percentile(asked, 99)),
        fanOutP50Ms: round(percentile(fanOut, 50)),
        fanOutP99Ms: round(percentile(fanOut, 99)),
        clientP50Ms: round(percentile(client, 50)),
        clientP99Ms: round(percentile(client, 99)),
        deliveryP50Ms: round(percentile(delivery, 50)),
        deliveryP99Ms: round(percentile(delivery, 99)),
        deliveryMaxMs: round(Math.max(...delivery)),
        postP50Ms: round(percentile(post, 50)),
        postP99Ms: round(percentile(post, 99)),
      };
    });
  } finally {
    for (const client of clients) if (client.child.connected) client.child.kill();
    for (const node of nodes) await node.stop();
    await database.drop();
  }
}

/** BENCH_ADAPTERS=memory or =redis runs one of the two. */
const adapters = (process.env.BENCH_ADAPTERS ?? "memory,redis").split(",");
const results: Row[] = adapters.includes("memory") ? await run("memory") : [];
if (adapters.includes("redis") && !process.env.REDIS_URL) {
  console.log("REDIS_URL is not set: the Redis adapter run is skipped.");
} else if (adapters.includes("redis")) results.push(...(await run("redis")));

const rows = results.map(
  (r) =>
    `| ${r.mode} | ${r.audience} | ${r.nodes} | ${r.comments} | ${r.deliveries.toLocaleString("en-US")} | ${r.missing} | ${r.leaked} | ${r.serverP50Ms} / ${r.serverP99Ms} | ${r.askedP50Ms} / ${r.askedP99Ms} | ${r.fanOutP50Ms} / ${r.fanOutP99Ms} | ${r.clientP50Ms} / ${r.clientP99Ms} | ${r.deliveryP50Ms} / ${r.deliveryP99Ms} | ${r.deliveryMaxMs} | ${r.postP50Ms} / ${r.postP99Ms} |`,
);
const markdown = [
  "# comments",
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${socketCount} sockets in ${clientCount} client processes`,
  "",
  "| adapter | comments by | API nodes | comments | deliveries | missing | leaked | server from write p50 / p99 ms | server from hub p50 / p99 ms | server fan-out p50 / p99 ms | client after last write p50 / p99 ms | delivery from write p50 / p99 ms | delivery max ms | POST → received p50 / p99 ms |",
  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows,
  "",
  "- Half the sockets are visitors, half signed in; comments alternate between a public author (every socket may see them) and a members-only one (base_privacy: the signed-in half only). Leaked: a visitor that heard a members-only comment.",
  "- Server from write: per comment, from its createdAt (stamped just before the write's transaction) to the last socket write on any node; from hub: from the hub being asked (after the write and its block/privacy lookups) to that write. Logged by the nodes for this bench only (REALTIME_TIMING_LOG).",
  "- Server fan-out: per comment, from the first socket write to the last (all nodes). Client after last write: per socket, from the last socket write of its comment to the receipt — the client side (network, the client process's queue and parse); negative where a socket had it before the last write.",
  "- Delivery from write: per socket, from createdAt to the receipt in a client process (the server part plus the network and the client's parse queue); POST → received adds the request before the write.",
  "- With two nodes the sockets alternate between them and every comment is posted to the first, so half of the deliveries cross Redis. Two client processes, servers, PostgreSQL and Redis share the machine's cores.",
  "",
].join("\n");
writeResults("comments", { name: "comments", at: new Date().toISOString(), results }, markdown);
