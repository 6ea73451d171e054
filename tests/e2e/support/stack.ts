import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRunDatabase, freePort, repoRoot, runToEnd, type Started, startProcess } from "./servers";

export interface Stack {
  apiUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

/**
 * The product as a visitor meets it: the API on a fresh database (PostgreSQL when
 * TEST_DATABASE_URL is set, else PGlite under a temporary folder) with the demo seed, and the
 * built web app in front of it. `apiEnv` adds or overrides API settings (a real config setting,
 * e.g. a lowered comment limit; never a mock). The web build must exist (global setup makes it;
 * NEXT_DIST_DIR is inherited).
 */
export async function startStack(apiEnv: Record<string, string> = {}): Promise<Stack> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const database = await createRunDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-e2e-"));
  const started: Started[] = [];
  const stop = async () => {
    for (const server of started.reverse()) await server.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
  const apiDir = path.join(repoRoot, "apps/api");
  const env = {
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    WEB_ORIGIN: webUrl,
    API_ORIGIN: apiUrl,
    LOG_REQUESTS: "false",
    // The suite signs in many times from one address.
    RATE_LIMIT_PER_MINUTE: "5000",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    EMAIL_CHECK_RATE_LIMIT_PER_MINUTE: "1000",
    // The identity sandbox decides this long after a capture is sent (issue 12; default 3 s).
    IDV_SANDBOX_DELAY_MS: "1000",
    // Counters (per address, per email) live in Redis when CI gives one; a namespace of this run's
    // own keeps one run's sign-ins and resets from counting against the next.
    RATE_LIMIT_NAMESPACE: `vn-e2e-${randomUUID()}:`,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...apiEnv,
  };
  try {
    // The demo cast, seeded into the fresh database before the API starts (as `npm start` does).
    await runToEnd("demo seed", tsx, ["src/seed/cli.ts"], { cwd: apiDir, env });
    started.push(
      await startProcess("API", tsx, ["src/server.ts"], {
        cwd: apiDir,
        env,
        ready: (line) => line.includes("Server listening at"),
      }),
    );
    started.push(
      await startProcess(
        "web",
        process.execPath,
        [
          path.join(repoRoot, "node_modules/next/dist/bin/next"),
          "start",
          "--port",
          String(webPort),
          "--hostname",
          "127.0.0.1",
        ],
        {
          cwd: path.join(repoRoot, "apps/web"),
          env: { NODE_ENV: "production", API_ORIGIN: apiUrl, NEXT_TELEMETRY_DISABLED: "1" },
          ready: (line) => /Ready in|started server/i.test(line),
        },
      ),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrl, webUrl, stop };
}
