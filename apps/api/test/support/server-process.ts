import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsxBin = path.resolve(apiRoot, "../../node_modules/.bin/tsx");

/** The real API process (src/server.ts), for tests of start-up and shutdown. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  lines: Record<string, unknown>[];
  /** Resolves with the first log line matching `test` (already seen or future). */
  waitForLog(test: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(tsxBin, ["src/server.ts"], {
    cwd: apiRoot,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: Array<{
    test: (l: Record<string, unknown>) => boolean;
    resolve: (l: Record<string, unknown>) => void;
  }> = [];
  const stderr: string[] = [];
  child.stderr?.on("data", (chunk) => stderr.push(String(chunk)));
  readline.createInterface({ input: child.stdout! }).on("line", (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text);
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const waitForLog = (test: (l: Record<string, unknown>) => boolean) => {
    const seen = lines.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      waiters.push({ test, resolve });
      void exited.then((code) =>
        reject(new Error(`server exited (${code}) before the log line: ${stderr.join("")}`)),
      );
    });
  };
  const listening = await waitForLog(
    (l) => typeof l.msg === "string" && l.msg.startsWith("Server listening at"),
  );
  const port = Number(/:(\d+)$/.exec(String(listening.msg))?.[1]);
  return { child, port, lines, waitForLog, exited };
}
