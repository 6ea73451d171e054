import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Unit and integration tests of every workspace except the browser suite (tests/e2e has its own
 * config, run after the web build). Each test file runs in its own process, so each suite gets
 * its own database (a PGlite instance, or a fresh PostgreSQL database when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "contract", include: ["packages/contract/test/**/*.test.ts"] } },
      { extends: true, test: { name: "api", include: ["apps/api/test/**/*.test.ts"], pool: "forks" } },
      {
        extends: true,
        // The web's "@/…" imports (apps/web/tsconfig.json paths), so tests can load its components.
        resolve: { alias: { "@/": fileURLToPath(new URL("./apps/web/src/", import.meta.url)) } },
        test: { name: "web", include: ["apps/web/test/**/*.test.ts"] },
      },
    ],
  },
});
