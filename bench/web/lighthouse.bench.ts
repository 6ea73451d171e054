import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";
import { SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { benchApiEnv, signInSeeded } from "../lib/api";
import { benchDatabase } from "../lib/database";
import { writeResults } from "../lib/load";
import { repoRoot, startServer } from "../lib/process";
import { startWeb } from "../lib/web";

/**
 * Lighthouse (performance only) on the built web app, served by `next start` from a seeded API:
 * the home, the login page, a profile, a search, a publication and the signed-in home, each on
 * mobile (Lighthouse's default: a mid-range phone with simulated 4G throttling) and desktop (its
 * desktop preset). Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), headless.
 *
 * Needs a build of apps/web (NEXT_DIST_DIR names it, as for startWeb). LIGHTHOUSE_RUNS=N takes the
 * median score of N runs per page (default 1); LIGHTHOUSE_ONLY=mobile|desktop runs one form factor;
 * LIGHTHOUSE_PAGES=a,b only the pages whose name contains one of those words; LIGHTHOUSE_REPORTS=<dir>
 * keeps each run's whole report there (JSON), to see which elements shifted or blocked.
 */
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const database = await benchDatabase();
const apiEnv = benchApiEnv(database.env);

/** A small seeded set (the pages, not the data size, are under test); returns its tag. */
function seed(): Promise<string> {
  const child = spawn(
    path.join(repoRoot, "node_modules/.bin/tsx"),
    [
      "src/seed/cli.ts",
      ...["--people", "200", "--companies", "20", "--items", "2000"],
      ...["--follows", "20", "--heavy", "200"],
    ],
    { cwd: path.join(repoRoot, "apps/api"), env: { ...process.env, ...apiEnv, LOG_LEVEL: "info" } },
  );
  let tag = "";
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    try {
      const parsed = JSON.parse(line) as { tag?: string };
      if (parsed.tag) tag = parsed.tag;
    } catch {
      // Not a log line of the seed: nothing to read from it.
    }
  });
  child.stderr.pipe(process.stderr);
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 && tag ? resolve(tag) : reject(new Error(`seeding failed (${code})`)),
    ),
  );
}

interface Row {
  page: string;
  formFactor: "mobile" | "desktop";
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transferred bytes of every script the page loaded (gzip as served). */
  scriptBytes: number;
}

console.log(`Seeding a small data set into ${database.kind}…`);
const tag = await seed();
// startServer waits for the "listening" log line, which is an info-level line.
const api = await startServer("src/server.ts", {
  cwd: path.join(repoRoot, "apps/api"),
  env: { ...apiEnv, LOG_LEVEL: "info" },
});
const web = await startWeb(api.url);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
});
try {
  const heavy = (await (await fetch(`${api.url}/api/v2/profiles/heavy.publisher/content`)).json()) as {
    data: { slug: string }[];
  };
  const publication = heavy.data[0]?.slug;
  if (!publication) throw new Error("the seeded profile has no publication");
  const person = `person1-${tag}@seed.verified.local`;
  const signIn = await signInSeeded(api.url, person);
  const { token } = (await signIn.clone().json()) as { token: string };
  // The signed-in home, not the onboarding tour it redirects to while the tour is unfinished.
  const finished = await fetch(`${api.url}/api/v1/tooltips/steps/finish`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  if (!finished.ok) throw new Error(`finishing the tour answered ${finished.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find(
      (pair) =>
        pair.startsWith(`${SESSION_COOKIE_NAME}=`) || pair.startsWith(`${SESSION_COOKIE_NAME_SECURE}=`),
    );
  if (!cookie) throw new Error("sign-in set no session cookie");
  const me = (await (await fetch(`${api.url}/api/auth/session`, { headers: { cookie } })).json()) as {
    user?: { slug?: string };
  } | null;
  const mySlug = me?.user?.slug;
  if (!mySlug)
    throw new Error(`cannot tell the signed-in person's slug: ${JSON.stringify(me).slice(0, 200)}`);

  const pages: { name: string; path: string; cookie?: string }[] = [
    { name: "home /", path: "/" },
    { name: "/login", path: "/login" },
    { name: "profile /heavy.publisher", path: "/heavy.publisher" },
    { name: "/search?search=publisher", path: "/search?search=publisher" },
    { name: "publication", path: `/heavy.publisher/posts/${publication}` },
    { name: "signed-in home", path: `/${mySlug}/network/suggested`, cookie },
  ];
  const only = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
  const chosen = only ? pages.filter((p) => only.some((word) => p.name.includes(word))) : pages;
  const formFactors = (["mobile", "desktop"] as const).filter(
    (f) => !process.env.LIGHTHOUSE_ONLY || process.env.LIGHTHOUSE_ONLY === f,
  );
  const rows: Row[] = [];
  for (const formFactor of formFactors) {
    for (const page of chosen) {
      const samples: Row[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          `${web.url}${page.path}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
          },
          formFactor === "desktop" ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`lighthouse returned nothing for ${page.path}`);
        const { lhr } = result;
        const reports = process.env.LIGHTHOUSE_REPORTS;
        if (reports) {
          await mkdir(reports, { recursive: true });
          const file = `${formFactor}-${page.name.replace(/[^a-z0-9]+/gi, "-")}-${i + 1}.json`;
          await writeFile(path.join(reports, file), JSON.stringify(lhr));
        }
        if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== page.path.split("?")[0]) {
          console.warn(`  ${page.path} ended at ${lhr.finalDisplayedUrl}`);
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const items = (
          lhr.audits["resource-summary"]?.details as {
            items?: { resourceType: string; transferSize: number }[];
          }
        )?.items;
        samples.push({
          page: page.name,
          formFactor,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(audit("largest-contentful-paint")),
          tbtMs: Math.round(audit("total-blocking-time")),
          cls: Number(audit("cumulative-layout-shift").toFixed(3)),
          scriptBytes: items?.find((item) => item.resourceType === "script")?.transferSize ?? 0,
        });
      }
      samples.sort((a, b) => a.score - b.score);
      const median = samples[Math.floor(samples.length / 2)]!;
      console.log(
        `  ${formFactor} ${page.name}: ${median.score} (LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls})`,
      );
      rows.push(median);
    }
  }
  const markdown = [
    "# lighthouse",
    "",
    `${new Date().toISOString()} · Node ${process.version} · Lighthouse 12.2.3 · ${runs} run(s) per page, median score`,
    "",
    "| page | form factor | performance | LCP ms | TBT ms | CLS | JS KB (transferred) |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.formFactor} | ${r.score} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${(r.scriptBytes / 1024).toFixed(1)} |`,
    ),
    "",
    "- Mobile: Lighthouse's default (Moto G power class, simulated slow 4G, 4x CPU slowdown); desktop: its desktop preset.",
    "- The built Next app (next start) and the API share the machine's cores with Chromium: scores move with load, compare rows of one run.",
    "- Signed-in home: the session cookie of a seeded person, sent as a request header.",
    "",
  ].join("\n");
  writeResults("lighthouse", { name: "lighthouse", at: new Date().toISOString(), runs, rows }, markdown);
} finally {
  chrome.kill();
  await web.stop();
  await api.stop();
  await database.drop();
}
