import { spawn } from "node:child_process";
import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Running the external tools of the pipeline (ffmpeg, ffprobe, LibreOffice): each in its own
 * process group with a deadline, so a hung converter (and the children soffice starts) is killed
 * whole, and a crash there is a failed file, never a failed worker.
 */

export class ToolMissingError extends Error {
  constructor(readonly tool: string) {
    super(`${tool} is not installed or not executable`);
    this.name = "ToolMissingError";
  }
}

/** The tool was stopped because this node is shutting down; the work is for another try. */
export class ToolInterruptedError extends Error {
  constructor(readonly tool: string) {
    super(`${tool} was stopped by shutdown`);
    this.name = "ToolInterruptedError";
  }
}

/** Process groups running now, so shutdown can stop them instead of leaving orphans. */
const running = new Map<number, { interrupt(): void }>();

/**
 * Stops every tool this process started (SIGTERM to the API node): their jobs end with
 * ToolInterruptedError and the files stay queued for the sweep, instead of an orphaned ffmpeg
 * finishing work nobody will store. Returns how many were stopped.
 */
export function stopRunningTools(): number {
  const count = running.size;
  for (const entry of running.values()) entry.interrupt();
  return count;
}

export interface RunOptions {
  timeoutMs: number;
  /** Bytes written to stdin (then closed). */
  input?: Buffer;
  cwd?: string;
  env?: Record<string, string>;
  /** Called with each line of stdout (ffmpeg -progress). */
  onLine?: (line: string) => void;
  /** Keep stdout bytes (raw frames); by default only lines are seen. */
  collectStdout?: boolean;
  /** stdout beyond this many bytes kills the process (raw decode output is bounded). */
  maxStdoutBytes?: number;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: Buffer;
  /** The last 8 KB of stderr (what went wrong, for the log). */
  stderr: string;
}

const STDERR_KEEP = 8192;

export function run(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
      // Its own process group: a timeout kills soffice.bin and other grandchildren too.
      detached: true,
    });
    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let lineBuffer = "";
    let timedOut = false;
    let overflow = false;
    let interrupted = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    if (child.pid)
      running.set(child.pid, {
        interrupt: () => {
          interrupted = true;
          killGroup();
        },
      });
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (options.maxStdoutBytes !== undefined && stdoutBytes > options.maxStdoutBytes) {
        overflow = true;
        killGroup();
        return;
      }
      if (options.collectStdout) chunks.push(chunk);
      if (options.onLine) {
        lineBuffer += chunk.toString("utf8");
        const lines = lineBuffer.split("\n");
        lineBuffer = lines.pop() ?? "";
        for (const line of lines) options.onLine(line);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEEP);
    });
    // A tool that exits before reading all of stdin must not crash us with EPIPE.
    child.stdin.on("error", () => {});
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (child.pid) running.delete(child.pid);
      reject(error.code === "ENOENT" || error.code === "EACCES" ? new ToolMissingError(command) : error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (child.pid) running.delete(child.pid);
      if (interrupted) return reject(new ToolInterruptedError(command));
      resolve({
        code: overflow ? null : code,
        signal,
        timedOut,
        stdout: Buffer.concat(chunks),
        stderr: overflow ? `${stderr}\n(output limit exceeded)` : stderr,
      });
    });
    if (options.input) child.stdin.end(options.input);
    else child.stdin.end();
  });
}

const availability = new Map<string, { ok: boolean; at: number }>();
const AVAILABILITY_TTL_MS = 60_000;

/** Is this command (a name on PATH or a path) executable here? Cached for a minute. */
export async function toolAvailable(command: string): Promise<boolean> {
  const cached = availability.get(command);
  if (cached && Date.now() - cached.at < AVAILABILITY_TTL_MS) return cached.ok;
  const candidates = command.includes("/")
    ? [command]
    : (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, command));
  let ok = false;
  for (const candidate of candidates) {
    try {
      await fs.access(candidate, constants.X_OK);
      ok = true;
      break;
    } catch {
      // next
    }
  }
  availability.set(command, { ok, at: Date.now() });
  return ok;
}

/** Forget cached answers (tests that hide a tool, or a server that just got it installed). */
export function resetToolCache(): void {
  availability.clear();
}
