import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Issue 17's goal table, from what the benches wrote: reads bench/results/<bench>.json
 * (BENCH_RESULTS_DIR names another folder), prints one markdown table with each figure beside its
 * baseline from the same bench run, and writes it to summary.md in that folder. A bench that has
 * not run gives a "not run" row. Rows are found by the names the benches give them
 * (health.bench.ts, frame.bench.ts, feed.bench.ts, content.bench.ts, comments.bench.ts,
 * chats.bench.ts, web/lighthouse.bench.ts); runs nothing itself.
 */
interface Load {
  name: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}
interface LoadFile {
  at: string;
  results: Load[];
  notes: string[];
}
interface FrameRun {
  cpuMicroseconds: number;
}
interface FrameFile {
  at: string;
  bare: FrameRun;
  first: FrameRun;
  last: FrameRun;
}
interface CommentsFile {
  at: string;
  results: {
    mode: string;
    audience: string;
    comments: number;
    expected: number;
    missing: number;
    leaked: number;
    deliveryP50Ms: number;
    deliveryP99Ms: number;
  }[];
}
interface ChatsFile {
  at: string;
  results: {
    mode: string;
    phases: { concurrency: number; sent: number; delivered: number; p50Ms: number; p99Ms: number }[];
  }[];
}
interface LighthouseFile {
  at: string;
  rows: {
    page: string;
    formFactor: string;
    score: number;
    lcpMs: number;
    tbtMs: number;
    cls: number;
    scriptBytes: number;
  }[];
}

const dir =
  process.env.BENCH_RESULTS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
const ranAt: string[] = [];
function read<T extends { at: string }>(bench: string): T | undefined {
  const file = path.join(dir, `${bench}.json`);
  if (!fs.existsSync(file)) return undefined;
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as T;
  ranAt.push(`${bench} ${data.at}`);
  return data;
}

/** measure | value | baseline (same run) | ratio | goal | met? */
const rows: string[][] = [];
const yesNo = (met: boolean) => (met ? "yes" : "no");
const perSecond = (r: Load) => `${r.requestsPerSecond.toLocaleString("en-US")} req/s`;
const notRun = (measure: string, bench: string, goal: string) =>
  rows.push([measure, `not run (no ${bench}.json)`, "", "", goal, "—"]);
const absent = (measure: string, goal: string) => rows.push([measure, "not in results", "", "", goal, "—"]);

/** A throughput row: value's req/s as a share of the baseline's; `goal` is the least share. */
function compare(measure: string, value: Load | undefined, baseline: Load | undefined, goal?: number) {
  const goalText = goal === undefined ? "—" : `≥ ${goal * 100}%`;
  if (!value || !baseline) return absent(measure, goalText);
  const ratio = value.requestsPerSecond / baseline.requestsPerSecond;
  rows.push([
    measure,
    perSecond(value),
    `${perSecond(baseline)} (${baseline.name})`,
    `${(ratio * 100).toFixed(1)}%`,
    goalText,
    goal === undefined ? "—" : yesNo(ratio >= goal),
  ]);
}
const named = (file: LoadFile, name: string) => file.results.find((r) => r.name === name);
/** The p99 of a paced baseline row (decision 0032) for the baseline column, or "" if not run. */
const pacedBaseline = (file: LoadFile, prefix: string) => {
  const row = file.results.find((r) => r.name.startsWith(prefix));
  return row ? `p99 ${row.latencyP99Ms} ms (${row.name.split(" (")[0]})` : "";
};

// 1. The API frame: /api/health with every plugin against bare servers.
const health = read<LoadFile>("health");
if (!health) notRun("/api/health, every plugin, vs bare Fastify", "health", "≥ 90%; logs on ≥ 60%");
else {
  const fastify = named(health, "bare Fastify");
  const logsOff = named(health, "API /api/health (request logs off)");
  compare("/api/health, every plugin, vs bare Fastify", logsOff, fastify, 0.9);
  compare("/api/health, every plugin, vs bare node:http", logsOff, named(health, "bare node:http"));
  compare(
    "/api/health, request logs on, vs bare Fastify",
    named(health, "API /api/health (request logs on)"),
    fastify,
    0.6,
  );
}
const frame = read<FrameFile>("frame");
const frameMeasure =
  "/api/health, every plugin: server CPU µs/request vs bare Fastify (ratio: requests per CPU second)";
if (!frame) notRun(frameMeasure, "frame", "≥ 90%");
else {
  // The mean of the whole API's two runs, as frame.bench.ts reports it.
  const whole = (frame.first.cpuMicroseconds + frame.last.cpuMicroseconds) / 2;
  const ratio = frame.bare.cpuMicroseconds / whole;
  rows.push([
    frameMeasure,
    `${whole.toFixed(1)} µs`,
    `${frame.bare.cpuMicroseconds.toFixed(1)} µs (bare Fastify)`,
    `${(ratio * 100).toFixed(1)}%`,
    "≥ 90%",
    yesNo(ratio >= 0.9),
  ]);
}

// 2. The home feed against /api/health of the same process.
const feed = read<LoadFile>("feed");
if (!feed) notRun("home feed vs /api/health", "feed", "≥ 10%; p99 ≤ 25 ms at half saturation");
else {
  const sameHealth = named(feed, "GET /api/health (same process)");
  const items = /([\d,]+) publications/.exec(feed.notes.join("\n"))?.[1] ?? "?";
  compare(
    `home feed, page 1 (${items} items) vs /api/health`,
    named(feed, "home feed, page 1"),
    sameHealth,
    0.1,
  );
  const deep = feed.results.find(
    (r) => /^home feed, page [\d,]+$/.test(r.name) && r.name !== "home feed, page 1",
  );
  compare(`${deep?.name ?? "home feed, deep page"} vs /api/health`, deep, sameHealth, 0.1);
  const oneClient = /One client, one request at a time: page 1 ([\d.]+) ms, page ([\d,]+) ([\d.]+) ms/.exec(
    feed.notes.join("\n"),
  );
  if (!oneClient) absent("home feed, one client: ms per page", "—");
  else
    rows.push([
      `home feed, one client: ms per page (page 1 / page ${oneClient[2]})`,
      `${oneClient[1]} / ${oneClient[3]} ms`,
      "",
      "",
      "—",
      "—",
    ]);
  const paced = feed.results.find((r) => r.name.startsWith("home feed, page 1 at half its saturation"));
  if (!paced) absent("home feed, page 1: p99 at half saturation", "≤ 25 ms");
  else
    rows.push([
      `${paced.name}: p99`,
      `${paced.latencyP99Ms} ms`,
      pacedBaseline(feed, "GET /api/health at the same paced rate"),
      "",
      "≤ 25 ms",
      yesNo(paced.latencyP99Ms <= 25),
    ]);
}

// 3 and 4. Profile page data against health; the signed-in server render against the anonymous one.
const content = read<LoadFile>("content");
if (!content)
  notRun("profile page data and server-rendered pages", "content", "≥ 25% of health; ≥ 50% of anonymous");
else {
  const sameHealth = named(content, "GET /api/health (same process)");
  compare("profile page data (API) vs /api/health", named(content, "profile page data"), sameHealth, 0.25);
  for (const [label, page] of [
    ["profile", "web: profile page GET /{slug}"],
    ["publication", "web: detail page GET /{slug}/posts/{post}"],
  ] as const) {
    const signedIn = named(content, `${page}, signed in`);
    const anonymous = named(content, `${page}, anonymous`);
    compare(`server-rendered ${label}, signed in vs anonymous`, signedIn, anonymous, 0.5);
    const measure = `server-rendered ${label}, signed in: p99 at half saturation`;
    const paced = content.results.find((r) => r.name.startsWith(`${page}, signed in at half its saturation`));
    if (!paced) absent(measure, "≤ 150 ms");
    else
      rows.push([
        measure,
        `${paced.latencyP99Ms} ms`,
        pacedBaseline(content, `${page}, anonymous at the same paced rate`) ||
          `${paced.requestsPerSecond.toLocaleString("en-US")} req/s offered half`,
        "",
        "≤ 150 ms",
        yesNo(paced.latencyP99Ms <= 150),
      ]);
  }
}

// 5. A comment delivered to every socket of a room, on each adapter.
const comments = read<CommentsFile>("comments");
if (!comments) notRun("comment → 1,000-socket room: delivery and lost", "comments", "p99 ≤ 25 ms; 0 lost");
else {
  for (const [label, prefix] of [
    ["in-memory", "in-memory adapter"],
    ["Redis", "Redis adapter"],
  ] as const) {
    const mine = comments.results.filter((r) => r.mode.startsWith(prefix));
    const room = mine.find((r) => r.audience === "public author → every socket");
    if (!room) {
      rows.push([
        `comment → room, ${label}`,
        "not run (REDIS_URL unset or BENCH_ADAPTERS)",
        "",
        "",
        "p99 ≤ 25 ms; 0 lost",
        "—",
      ]);
      continue;
    }
    const where = `comment → ${(room.expected / room.comments).toLocaleString("en-US")}-socket room, ${room.mode}`;
    rows.push([
      `${where}: delivery p50 / p99`,
      `${room.deliveryP50Ms} / ${room.deliveryP99Ms} ms`,
      "",
      "",
      "p99 ≤ 25 ms",
      yesNo(room.deliveryP99Ms <= 25),
    ]);
    const lost = mine.reduce((sum, r) => sum + r.missing, 0);
    const leaked = mine.reduce((sum, r) => sum + r.leaked, 0);
    const expected = mine.reduce((sum, r) => sum + r.expected, 0);
    rows.push([
      `${where}: lost / leaked (every audience)`,
      `${lost} / ${leaked}`,
      `${expected.toLocaleString("en-US")} deliveries expected`,
      "",
      "0 / 0",
      yesNo(lost === 0 && leaked === 0),
    ]);
  }
}

// 6. Messenger delivery, for information.
const chats = read<ChatsFile>("chats");
if (!chats) notRun("messenger delivery p50 / p99", "chats", "— (informational)");
else {
  for (const mode of chats.results) {
    for (const phase of mode.phases) {
      const load = phase.concurrency === 1 ? "one send at a time" : `${phase.concurrency} sends in flight`;
      rows.push([
        `messenger delivery, ${mode.mode}, ${load}: p50 / p99`,
        `${phase.p50Ms} / ${phase.p99Ms} ms`,
        `${phase.delivered.toLocaleString("en-US")} of ${phase.sent.toLocaleString("en-US")} delivered`,
        "",
        "— (informational)",
        "—",
      ]);
    }
  }
}

// 7. Lighthouse per page and form factor.
const lighthouse = read<LighthouseFile>("lighthouse");
const lighthouseGoal = "score ≥ 95 · LCP ≤ 1800 ms · TBT ≤ 150 ms · CLS ≤ 0.05";
if (!lighthouse) notRun("Lighthouse mobile and desktop", "lighthouse", lighthouseGoal);
for (const formFactor of lighthouse ? ["mobile", "desktop"] : []) {
  const pages = lighthouse?.rows.filter((r) => r.formFactor === formFactor) ?? [];
  if (!pages.length)
    rows.push([`Lighthouse ${formFactor}`, "not run (LIGHTHOUSE_ONLY)", "", "", lighthouseGoal, "—"]);
  for (const r of pages) {
    const missed = [
      r.score < 95 && "score",
      r.lcpMs > 1800 && "LCP",
      r.tbtMs > 150 && "TBT",
      r.cls > 0.05 && "CLS",
    ].filter(Boolean);
    rows.push([
      `Lighthouse ${formFactor}: ${r.page}`,
      `score ${r.score} · LCP ${r.lcpMs} ms · TBT ${r.tbtMs} ms · CLS ${r.cls} · JS ${(r.scriptBytes / 1024).toFixed(1)} KB transferred`,
      "",
      "",
      lighthouseGoal,
      missed.length ? `no (${missed.join(", ")})` : "yes",
    ]);
  }
}

const markdown = [
  "# summary: issue 17 goals",
  "",
  `${new Date().toISOString()} · from ${dir}`,
  "",
  "| measure | value | baseline (same run) | ratio | goal | met? |",
  "|---|---:|---:|---:|---|---|",
  ...rows.map((row) => `| ${row.join(" | ")} |`),
  "",
  `- Each ratio compares figures of one bench run; the benches ran at: ${ranAt.join(", ") || "none"}.`,
  "",
].join("\n");
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "summary.md"), markdown);
console.log(`\n${markdown}`);
