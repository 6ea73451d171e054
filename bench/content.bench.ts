import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";
import { benchApiEnv, signInSeeded } from "./lib/api";
import { benchDatabase } from "./lib/database";
import { type LoadResult, load, loadAtHalf, loadPaced, report } from "./lib/load";
import { repoRoot, startServer } from "./lib/process";
import { startWeb } from "./lib/web";

/**
 * Publications on a seeded set of 100k items (BENCH_ITEMS): a profile's content list at page 1
 * and page 1,000 (the heavy profile owns 10k items), a detail page, the profile page data and the
 * signed-in viewer's visitor-view question, beside /api/health of the same API process; then the
 * server-rendered profile and detail pages, each as an anonymous visitor (no cookie: the cached
 * render, docs/decisions/0010) and as a signed-in member who is not the owner (the same cached
 * render once the API says they see the visitor's page, docs/decisions/0028), and the member's
 * own profile page (the personalised render). PostgreSQL when BENCH_DATABASE_URL/TEST_DATABASE_URL
 * is set.
 *
 * BENCH_WEB_ONLY=1 skips the API rows, BENCH_API_ONLY=1 the web rows (no web build needed); BENCH_WEB_CPU_PROFILE=<dir> runs the Next server with
 * `node --cpu-prof --cpu-prof-dir=<dir>` (a .cpuprofile per process, written when it stops).
 */
const items = Number(process.env.BENCH_ITEMS ?? 100_000);
const database = await benchDatabase();
const apiEnv = benchApiEnv(database.env);

console.log(`Seeding ${items} publications into ${database.kind}…`);
/** Runs the seed CLI, echoing its progress, and returns the data set's tag (names its emails). */
function seed(): Promise<string> {
  const child = spawn(
    path.join(repoRoot, "node_modules/.bin/tsx"),
    [
      "src/seed/cli.ts",
      ...["--people", "2000", "--companies", "200", "--items", String(items)],
      ...["--follows", "20", "--heavy", "10000"],
    ],
    { cwd: path.join(repoRoot, "apps/api"), env: { ...process.env, ...apiEnv, LOG_LEVEL: "info" } },
  );
  let tag = "";
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    try {
      const parsed = JSON.parse(line) as { msg?: string; tag?: string };
      if (parsed.tag) tag = parsed.tag;
      if (parsed.msg) console.log(`  seed: ${parsed.msg}`);
    } catch {
      console.log(`  seed: ${line}`);
    }
  });
  child.stderr.pipe(process.stderr);
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 && tag ? resolve(tag) : reject(new Error(`seeding failed (${code})`)),
    ),
  );
}
const tag = await seed();

const api = await startServer("src/server.ts", {
  cwd: path.join(repoRoot, "apps/api"),
  env: { ...apiEnv, LOG_LEVEL: "info" },
});
const profileDir = process.env.BENCH_WEB_CPU_PROFILE;
const web = process.env.BENCH_API_ONLY
  ? null
  : await startWeb(api.url, {
      nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
    });
try {
  const heavyAnswer = await fetch(`${api.url}/api/v2/profiles/heavy.publisher/content`);
  if (!heavyAnswer.ok)
    throw new Error(`the heavy profile's list answered ${heavyAnswer.status}: ${await heavyAnswer.text()}`);
  const heavy = (await heavyAnswer.json()) as {
    data: { slug: string }[];
    meta: { total: number };
  };
  const detailSlug = heavy.data[0]!.slug;
  const page = (n: number) =>
    `${api.url}/api/v2/profiles/heavy.publisher/content?pagination=${encodeURIComponent(JSON.stringify({ page: n, perPage: 5 }))}`;
  // A signed-in visitor who is not the owner (person 1 of the seeded set): the session cookie the
  // API sets, sent to the web app as a browser would.
  const signIn = await signInSeeded(api.url, `person1-${tag}@seed.verified.local`);
  const session = signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find(
      (pair) =>
        pair.startsWith(`${SESSION_COOKIE_NAME}=`) || pair.startsWith(`${SESSION_COOKIE_NAME_SECURE}=`),
    );
  if (!session)
    throw new Error(`sign-in set no session cookie: ${signIn.headers.getSetCookie().join(" | ")}`);
  const signedIn = { cookie: session };
  const me = (await (await fetch(`${api.url}/api/v1/users/me`, { headers: signedIn })).json()) as {
    data: { slug: string };
  };

  const results: LoadResult[] = [];
  results.push(await load("GET /api/health (same process)", `${api.url}/api/health`));
  if (!process.env.BENCH_WEB_ONLY) {
    results.push(await load("profile content list, page 1", page(1)));
    results.push(await load("profile content list, page 1,000", page(1000)));
    results.push(
      await load("publication detail", `${api.url}/api/v2/content/posts/${detailSlug}?owner=heavy.publisher`),
    );
    // A visitor's page is kept per node (decision 0034); a signed-in viewer's is read each time.
    results.push(await load("profile page data", `${api.url}/api/v2/profiles/heavy.publisher`));
    results.push(
      await load(
        "profile page data, signed in (read per request)",
        `${api.url}/api/v2/profiles/heavy.publisher`,
        signedIn,
      ),
    );
    results.push(
      await load(
        "visitor-view, signed in (asked per signed-in page)",
        `${api.url}/api/v1/profiles/heavy.publisher/visitor-view`,
        signedIn,
      ),
    );
  }
  // The server-rendered pages. Anonymous: no cookie, so Next serves the cached render
  // (docs/decisions/0010). Signed in: the proxy asks the API whether this member sees the
  // visitor's page (they do: a public profile, not theirs, no blocks) and serves the same cached
  // render (docs/decisions/0028). Own page: the personalised render, which fetches the profile and
  // its first page from the API on every request.
  const webUrl = web?.url;
  const profileUrl = `${webUrl}/heavy.publisher`;
  const detailUrl = `${webUrl}/heavy.publisher/posts/${detailSlug}`;
  const ownUrl = `${webUrl}/${encodeURIComponent(me.data.slug)}`;
  for (const [name, url, headers] of !webUrl
    ? []
    : ([
        ["web: profile page GET /{slug}, anonymous", profileUrl, {}],
        ["web: profile page GET /{slug}, signed in", profileUrl, signedIn],
        ["web: detail page GET /{slug}/posts/{post}, anonymous", detailUrl, {}],
        ["web: detail page GET /{slug}/posts/{post}, signed in", detailUrl, signedIn],
        ["web: own profile page, signed in (personalised render)", ownUrl, signedIn],
      ] as const)) {
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
    const saturated = await load(name, url, headers);
    results.push(saturated);
    // The latency goal for the signed-in pages: p99 at half of their own saturation.
    if (headers === signedIn && url !== ownUrl) {
      results.push(await loadAtHalf(saturated, signedIn));
      // Its baseline: the anonymous request at the same paced rate (the same cached render without
      // the proxy's visitor-view question), so the machine's own stalls are told from the page's.
      const halfRate = Math.max(1, Math.round(saturated.requestsPerSecond / 2));
      results.push(
        await loadPaced(
          `${name.replace(", signed in", ", anonymous")} at the same paced rate (${halfRate} req/s, baseline of the row above)`,
          url,
          halfRate,
        ),
      );
    }
  }
  report("content", results, [
    `${database.kind}; ${items.toLocaleString("en-US")} seeded publications plus 10,000 owned by the profile under test (total ${heavy.meta.total.toLocaleString("en-US")}).`,
    "Web rows: the built Next app (next start) on the same machine, server-rendering from this API. Anonymous rows send no cookie; signed-in rows send the session cookie of a seeded person who is not the owner (the own-page row: who is).",
    "Client, API, PostgreSQL and Next share the machine's cores; compare each row with the health baseline of the same run.",
  ]);
} finally {
  await web?.stop();
  await api.stop();
  await database.drop();
}
