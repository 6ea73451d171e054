import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { type Running, repoRoot } from "./process";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built web app (`next start`, run as node so its PID is the server's) pointed at an
 * API origin. Needs `npm run build` in apps/web first (into NEXT_DIST_DIR when that is set, as the
 * server reads it too). `nodeArgs` go to node before next (e.g. --cpu-prof), `env` to the server.
 */
export async function startWeb(
  apiOrigin: string,
  options: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<Running> {
  const webDir = path.join(repoRoot, "apps/web");
  if (!fs.existsSync(path.join(webDir, process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"))) {
    throw new Error("apps/web is not built: run npm run build in apps/web first");
  }
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      path.join(repoRoot, "node_modules/next/dist/bin/next"),
      "start",
      "--port",
      String(port),
      "--hostname",
      "127.0.0.1",
    ],
    {
      cwd: webDir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        API_ORIGIN: apiOrigin,
        NEXT_TELEMETRY_DISABLED: "1",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`next start exited with ${code} before it was ready`)));
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!/Ready in|started server/i.test(line)) return;
      resolve({
        child,
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}
