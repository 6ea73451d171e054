import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { NextConfig } from "next";

const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:4000";

/** The version the prebuild script wrote; baked into the bundle so the page can tell when a newer
 * build is deployed (src/lib/version.ts). "dev" when the file is missing (next dev). */
function buildVersion(): string {
  try {
    const parsed = JSON.parse(readFileSync(join(process.cwd(), "public", "version.json"), "utf8")) as {
      version?: unknown;
    };
    return typeof parsed.version === "string" ? parsed.version : "dev";
  } catch {
    return "dev";
  }
}

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets two builds live side by side (e.g. two engineers' browser runs on one checkout).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The contract package exports TypeScript source.
  transpilePackages: ["@vn/contract"],
  poweredByHeader: false,
  env: {
    NEXT_PUBLIC_APP_VERSION: buildVersion(),
    // The rewrite below is fixed at build time; src/proxy.ts compares this with the API_ORIGIN the
    // server starts with and forwards /api/* itself when they differ (no rebuild to move the API).
    BUILD_API_ORIGIN: apiOrigin,
  },
  async rewrites() {
    // The browser talks to one origin; /api/* is forwarded to the API (the socket connects to the
    // API origin directly, so /socket.io needs no rewrite).
    return [{ source: "/api/:path*", destination: `${apiOrigin}/api/:path*` }];
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
        // Polled for new deployments; must never be served from a cache.
        source: "/version.json",
        headers: [{ key: "Cache-Control", value: "no-store, max-age=0" }],
      },
    ];
  },
};

export default nextConfig;
