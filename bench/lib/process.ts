import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");

export interface Running {
  child: ChildProcess;
  url: string;
  /** The server's own process id when its listening line names it (pino's lines do; tsx runs it in a child). */
  pid?: number;
  stop(): Promise<void>;
}

/** Starts a server script with tsx and resolves when it logs "Server listening at <url>". */
export function startServer(
  script: string,
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Running> {
  const child = spawn(tsx, [script], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /Server listening at (http:\/\/[^"\s]+)/.exec(line);
      if (!match) return;
      const pid = /"pid":(\d+)/.exec(line)?.[1];
      resolve({
        child,
        url: match[1]!.replace("0.0.0.0", "127.0.0.1"),
        ...(pid ? { pid: Number(pid) } : {}),
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
