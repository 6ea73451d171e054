import { spawn } from "node:child_process";
import path from "node:path";
import { benchApiEnv, signInSeeded } from "./lib/api";
import { benchDatabase } from "./lib/database";
import { type LoadResult, load, loadAtHalf, loadPaced, report } from "./lib/load";
import { repoRoot, startServer } from "./lib/process";

/**
 * The home feed on the issue's data set: 10k people, 200 follows each, 1M publications (BENCH_PEOPLE,
 * BENCH_FOLLOWS, BENCH_ITEMS). One person's feed at page 1 and at page 1,000 (BENCH_DEEP_PAGE, the
 * keyset cursor reached by walking the pages), beside /api/health of the same API process, plus
 * suggested profiles. (Search is limited to 120 requests a minute per client, so it is not loaded
 * here; docs/decisions/0008-search.md has its timings.) PostgreSQL when BENCH_DATABASE_URL/TEST_DATABASE_URL is
 * set, else PGlite (slow to seed at 1M; use BENCH_ITEMS there).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/feed.bench.ts
 */
const people = Number(process.env.BENCH_PEOPLE ?? 10_000);
const companies = Number(process.env.BENCH_COMPANIES ?? 500);
const items = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const followsPerPerson = Number(process.env.BENCH_FOLLOWS ?? 200);
const perPage = Number(process.env.BENCH_PER_PAGE ?? 10);
const deepPage = Number(process.env.BENCH_DEEP_PAGE ?? 1000);

const database = await benchDatabase();
const apiEnv = benchApiEnv(database.env);

/** Runs the seed CLI, echoing its progress, and returns the data set's tag (names its emails). */
function seed(): Promise<{ tag: string; seconds: number }> {
  const started = performance.now();
  const child = spawn(
    path.join(repoRoot, "node_modules/.bin/tsx"),
    [
      "src/seed/cli.ts",
      ...["--people", String(people), "--companies", String(companies), "--items", String(items)],
      ...["--follows", String(followsPerPerson)],
    ],
    { cwd: path.join(repoRoot, "apps/api"), env: { ...process.env, ...apiEnv, LOG_LEVEL: "info" } },
  );
  let tag = "";
  child.stdout.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) {
      const parsed = JSON.parse(line) as { msg?: string; tag?: string };
      if (parsed.tag) tag = parsed.tag;
      if (parsed.msg) console.log(`  seed: ${parsed.msg}`);
    }
  });
  child.stderr.pipe(process.stderr);
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 && tag
        ? resolve({ tag, seconds: (performance.now() - started) / 1000 })
        : reject(new Error(`seeding failed (${code})`)),
    ),
  );
}

console.log(
  `Seeding ${people} people, ${companies} companies, ${items} publications, ${followsPerPerson} follows each into ${database.kind}…`,
);
const seeded = await seed();
console.log(`Seeded in ${seeded.seconds.toFixed(0)} s`);
const api = await startServer("src/server.ts", {
  cwd: path.join(repoRoot, "apps/api"),
  env: { ...apiEnv, LOG_LEVEL: "info" },
});
try {
  // A reader from the middle of the people, not the first: a lookup that scans a table until it
  // meets the reader's row is cheap for the first row and shows only further down (decision 0031).
  const reader = Math.ceil(people / 2);
  const signIn = await signInSeeded(api.url, `person${reader}-${seeded.tag}@seed.verified.local`);
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const feedUrl = (cursor?: string) =>
    `${api.url}/api/v1/feed?perPage=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

  // Walk to the deep page once, as infinite scroll would, keeping its cursor.
  let cursor: string | undefined;
  let page = 1;
  const walkStarted = performance.now();
  while (page < deepPage) {
    const res = await fetch(feedUrl(cursor), { headers });
    if (!res.ok) throw new Error(`feed page ${page}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { meta: { nextCursor: string | null } };
    if (!body.meta.nextCursor) break;
    cursor = body.meta.nextCursor;
    page++;
  }
  const walkMs = performance.now() - walkStarted;
  console.log(
    `Walked to feed page ${page} (${((page - 1) * perPage).toLocaleString("en-US")} items deep) in ${(walkMs / 1000).toFixed(1)} s`,
  );

  // One client, one request at a time: the page's own cost, without queueing.
  const oneClient = async (url: string) => {
    const started = performance.now();
    for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();
    return (performance.now() - started) / 50;
  };
  const onePageMs = await oneClient(feedUrl());
  const oneDeepMs = await oneClient(feedUrl(cursor));

  const results: LoadResult[] = [];
  results.push(await load("GET /api/health (same process)", `${api.url}/api/health`));
  const first = await load("home feed, page 1", feedUrl(), headers);
  results.push(first);
  results.push(await load(`home feed, page ${page.toLocaleString("en-US")}`, feedUrl(cursor), headers));
  // The issue's latency goal: p99 at half of page 1's own saturation rate (a paced load).
  const half = await loadAtHalf(first, headers);
  results.push(half);
  const halfRate = Math.max(1, Math.round(first.requestsPerSecond / 2));
  results.push(
    await loadPaced(
      `GET /api/health at the same paced rate (${halfRate} req/s, baseline of the row above)`,
      `${api.url}/api/health`,
      halfRate,
    ),
  );
  results.push(await load("suggested profiles (10)", `${api.url}/api/v1/network/suggested`, headers));
  report("feed", results, [
    `${database.kind}; ${people.toLocaleString("en-US")} people, ${companies} companies, ${items.toLocaleString("en-US")} publications, ${followsPerPerson} follows per person; seeded in ${seeded.seconds.toFixed(0)} s.`,
    `The feed of one person (person ${reader.toLocaleString("en-US")} of ${people.toLocaleString("en-US")}, ${followsPerPerson} followed profiles); ${perPage} items a page; page ${page.toLocaleString("en-US")} is ${((page - 1) * perPage).toLocaleString("en-US")} items deep, reached by keyset cursor (walk: ${(walkMs / Math.max(1, page - 1)).toFixed(1)} ms a page, one client).`,
    `One client, one request at a time: page 1 ${onePageMs.toFixed(1)} ms, page ${page.toLocaleString("en-US")} ${oneDeepMs.toFixed(1)} ms.`,
    "Client and server share the machine's cores; compare each row with the health baseline of the same run.",
  ]);
} finally {
  await api.stop();
  await database.drop();
}
