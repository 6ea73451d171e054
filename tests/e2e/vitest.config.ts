import { defineConfig } from "vitest/config";

/**
 * The browser suite: builds the web app if stale, starts the real API (fresh database, demo
 * seed) and the built web app on free ports, then drives Debian's Chromium through
 * playwright-core. Files run one at a time: they share one API, one web server and two cores.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["specs/**/*.test.ts"],
    globalSetup: ["./global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A page settles in well under a second here, but a busy two-core machine can take a few:
    // a poll waits up to 5 s (vitest's default is 1 s) before calling the page wrong.
    expect: { poll: { timeout: 5000 } },
    reporters: ["default", "json"],
    outputFile: { json: "./artifacts/results.json" },
  },
});
