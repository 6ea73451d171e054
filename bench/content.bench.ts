import { spawnSync } from "node:child_process";
import path from "node:path";
import { benchDatabase } from "./lib/database";
import { type LoadResult, load, report } from "./lib/load";
import { repoRoot, startServer } from "./lib/process";
import { startWeb } from "./lib/web";

/**
 * Publications on a seeded set of 100k items (BENCH_ITEMS): a profile's content list at page 1
 * and page 1,000 (the heavy profile owns 10k items), a detail page, the profile page data, beside
 * /api/health of the same API process. PostgreSQL when BENCH_DATABASE_URL/TEST_DATABASE_URL is set.
 */
const items = Number(process.env.BENCH_ITEMS ?? 100_000);
const database = await benchDatabase();
const apiEnv = {
  ...database.env,
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  LOG_REQUESTS: "false",
  JOBS_ENABLED: "false",
  NODE_ENV: "production",
  RATE_LIMIT_PER_MINUTE: "100000000",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
};

console.log(`Seeding ${items} publications into ${database.kind}…`);
const seed = spawnSync(
  path.join(repoRoot, "node_modules/.bin/tsx"),
  [
    "src/seed/cli.ts",
    "--people",
    "2000",
    "--companies",
    "200",
    "--items",
    String(items),
    "--follows",
    "20",
    "--heavy",
    "10000",
  ],
  { cwd: path.join(repoRoot, "apps/api"), env: { ...process.env, ...apiEnv }, stdio: "inherit" },
);
if (seed.status !== 0) throw new Error("seeding failed");

const api = await startServer("src/server.ts", {
  cwd: path.join(repoRoot, "apps/api"),
  env: { ...apiEnv, LOG_LEVEL: "info" },
});
const web = await startWeb(api.url);
try {
  const heavy = (await (await fetch(`${api.url}/api/v2/profiles/heavy.publisher/content`)).json()) as {
    data: { slug: string }[];
    meta: { total: number };
  };
  const detailSlug = heavy.data[0]!.slug;
  const page = (n: number) =>
    `${api.url}/api/v2/profiles/heavy.publisher/content?pagination=${encodeURIComponent(JSON.stringify({ page: n, perPage: 5 }))}`;
  const results: LoadResult[] = [];
  results.push(await load("GET /api/health (same process)", `${api.url}/api/health`));
  results.push(await load("profile content list, page 1", page(1)));
  results.push(await load("profile content list, page 1,000", page(1000)));
  results.push(
    await load("publication detail", `${api.url}/api/v2/content/posts/${detailSlug}?owner=heavy.publisher`),
  );
  results.push(await load("profile page data", `${api.url}/api/v2/profiles/heavy.publisher`));
  // The server-rendered pages: Next fetches the profile and its first page (or the item and its
  // related sections) from the API on every request, then renders the HTML.
  for (const [name, url] of [
    ["web: profile page GET /{slug}", `${web.url}/heavy.publisher`],
    ["web: detail page GET /{slug}/posts/{post}", `${web.url}/heavy.publisher/posts/${detailSlug}`],
  ] as const) {
    const check = await fetch(url);
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
    results.push(await load(name, url));
  }
  report("content", results, [
    `${database.kind}; ${items.toLocaleString("en-US")} seeded publications plus 10,000 owned by the profile under test (total ${heavy.meta.total.toLocaleString("en-US")}).`,
    "Web rows: the built Next app (next start) on the same machine, server-rendering from this API.",
  ]);
} finally {
  await web.stop();
  await api.stop();
  await database.drop();
}
