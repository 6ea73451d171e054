import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { NextConfig } from "next";
import { anonymousMaxAgeSeconds } from "./src/features/content/anonymous-cache-window";
import { ANONYMOUS_SEGMENT, anonymousRewriteRules } from "./src/features/content/anonymous-render";

const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:4000";

/** The version the prebuild script wrote for this build folder; baked into the bundle so the page
 * can tell when a newer build is deployed (src/lib/version.ts). "dev" when missing (next dev). */
function buildVersion(): string {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  try {
    const parsed = JSON.parse(readFileSync(join(process.cwd(), ".versions", `${distDir}.json`), "utf8")) as {
      version?: unknown;
    };
    return typeof parsed.version === "string" ? parsed.version : "dev";
  } catch {
    return "dev";
  }
}

/**
 * The first path segments the app serves itself (/faq, /search, /login…), looked up through route
 * groups: they win over /{slug}, so they are never rewritten to the anonymous render of a profile
 * (src/features/content/anonymous-render.ts). Read from src/app when the config loads.
 */
function staticTopLevelRoutes(dir = join(process.cwd(), "src", "app")): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (entry.name.startsWith("(") && entry.name.endsWith(")")) {
      names.push(...staticTopLevelRoutes(join(dir, entry.name)));
    } else if (!/^[[_@]/.test(entry.name)) {
      names.push(entry.name);
    }
  }
  return [...new Set(names)].sort();
}

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets two builds live side by side (e.g. two engineers' browser runs on one checkout).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The contract package exports TypeScript source.
  transpilePackages: ["@vn/contract"],
  poweredByHeader: false,
  // SOURCE_MAPS=1 writes the browser's source maps, for scripts/first-load-sources.mjs (what a
  // route's first load is made of); never in a deployed build.
  productionBrowserSourceMaps: process.env.SOURCE_MAPS === "1",
  // Every visitor gets the page's metadata (<title>, description) in the first <head>, as Next
  // gives search bots, instead of streamed in later: a streamed title sits in a Suspense boundary
  // that empties while router.refresh() re-renders, so screen readers and axe briefly see a page
  // without a title (decision 0017). generateMetadata shares the page's cached fetches, so this
  // costs no extra API call.
  htmlLimitedBots: /.*/,
  // The longest an ISR page may be served from Next's page cache (the anonymous render of profile
  // and detail pages is the only ISR route): older than this, a request waits for a new render.
  // Read when the server starts, so ANONYMOUS_PAGE_MAX_AGE_SECONDS needs no rebuild.
  expireTime: anonymousMaxAgeSeconds(),
  env: {
    NEXT_PUBLIC_APP_VERSION: buildVersion(),
    // The rewrite below is fixed at build time; src/proxy.ts compares this with the API_ORIGIN the
    // server starts with and forwards /api/* itself when they differ (no rebuild to move the API).
    BUILD_API_ORIGIN: apiOrigin,
    // For src/proxy.ts (lib/csp.ts): which requests the cached anonymous render answers.
    STATIC_TOP_LEVEL_ROUTES: staticTopLevelRoutes().join(","),
  },
  async rewrites() {
    // The browser talks to one origin; /api/* is forwarded to the API (the socket connects to the
    // API origin directly, so /socket.io needs no rewrite).
    // A cookie-less request of a profile or detail page goes to their cached anonymous render
    // (docs/decisions/0010); the URL the visitor sees does not change.
    return {
      // The anonymous render is reached only through the rewrites below, never by its address.
      beforeFiles: [{ source: `/:first/${ANONYMOUS_SEGMENT}/:rest*`, destination: "/not-found" }],
      afterFiles: [
        { source: "/api/:path*", destination: `${apiOrigin}/api/:path*` },
        ...anonymousRewriteRules(staticTopLevelRoutes()),
      ],
      fallback: [],
    };
  },
  async headers() {
    return [
      {
        // Pages only: /api/* carries the API's own headers (its document endpoint may be framed
        // by this origin so the file viewer can show PDFs).
        source: "/((?!api/).*)",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
      {
        // The capture page takes its photos with the camera (issue 12); the last match wins.
        source: "/jumio",
        headers: [{ key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" }],
      },
      // The anonymous render is shared by every cookie-less visitor of a URL but is not what a
      // signed-in visitor of the same URL gets, so no browser or shared cache may keep it (Next
      // would advertise its page-cache lifetime as s-maxage). Next's own cache is the only one.
      ...anonymousRewriteRules(staticTopLevelRoutes()).map(({ source, missing }) => ({
        source,
        missing,
        headers: [{ key: "Cache-Control", value: "private, no-cache, no-store, max-age=0, must-revalidate" }],
      })),
    ];
  },
};

export default nextConfig;
