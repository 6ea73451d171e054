import { execFile, spawn } from "node:child_process";
import { constants } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * Running the external tools of the pipeline (ffmpeg, ffprobe, LibreOffice): each in its own
 * process group with a deadline, so a hung converter (and the children soffice starts) is killed
 * whole, and a crash there is a failed file, never a failed worker.
 *
 * Converters read files from strangers, so each runs as a sandbox (issue 11):
 *  - a minimal environment: PATH, a locale, and HOME/TMPDIR in a private directory made for this
 *    run and removed after it; nothing of the API's own environment (database URL, secrets, S3
 *    keys) reaches the tool;
 *  - no network: in a network namespace of its own (`unshare --net`, or `unshare --net
 *    --map-root-user` where only unprivileged user namespaces are allowed), which holds nothing
 *    but a loopback that is down. Where neither is allowed (a container whose seccomp profile
 *    forbids unshare) the tool runs without it, a warning is logged once, and the callers' own
 *    guards remain: ffmpeg reads only local files (-protocol_whitelist file), LibreOffice gets a
 *    profile whose proxy points nowhere and whose macros are off (documents.ts);
 *  - limits: a wall-clock deadline, a cap on stdout, and the largest file it may write
 *    (RLIMIT_FSIZE through prlimit; the kernel stops a write beyond it with SIGXFSZ), at a lower
 *    CPU priority (nice) when asked, so a transcode does not slow the requests beside it.
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
  /** Where the tool runs (default: its private directory). */
  cwd?: string;
  /** Added to the minimal environment (never the API's own). */
  env?: Record<string, string>;
  /** Called with each line of stdout (ffmpeg -progress). */
  onLine?: (line: string) => void;
  /** Keep stdout bytes (raw frames); by default only lines are seen. */
  collectStdout?: boolean;
  /** stdout beyond this many bytes kills the process (raw decode output is bounded). */
  maxStdoutBytes?: number;
  /** The largest file the tool may write (RLIMIT_FSIZE); beyond it the write kills it. */
  maxFileBytes?: number;
  /** Run at a lower CPU priority (nice 10): long background work, not work a request waits for. */
  background?: boolean;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Stopped for writing more than allowed (stdout cap, or a file beyond maxFileBytes). */
  outputLimited: boolean;
  stdout: Buffer;
  /** The last 8 KB of stderr (what went wrong, for the log). */
  stderr: string;
}

const STDERR_KEEP = 8192;
/** PATH when the process has none; the rest of the environment is never passed on. */
const DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

/** Where a command resolves (a path, or the first executable of that name on PATH), or null. */
async function resolveCommand(command: string): Promise<string | null> {
  const candidates = command.includes("/")
    ? [command]
    : (process.env.PATH ?? DEFAULT_PATH).split(path.delimiter).map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    try {
      await fs.access(candidate, constants.X_OK);
      return path.resolve(candidate);
    } catch {
      // next
    }
  }
  return null;
}

function succeeds(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 5000, env: { PATH: process.env.PATH ?? DEFAULT_PATH } }, (error) =>
      resolve(!error),
    );
  });
}

export interface Sandbox {
  /** The prefix that puts a command in a network namespace of its own, or null (not allowed here). */
  network: string[] | null;
  /** prlimit, for the file-size limit; null when missing. */
  prlimit: string | null;
  nice: string | null;
}

let sandbox: Promise<Sandbox> | undefined;
let warned = false;

/** What this machine allows, found once per process. */
export function sandboxSupport(): Promise<Sandbox> {
  sandbox ??= (async () => {
    const unshare = await resolveCommand("unshare");
    const truth = await resolveCommand("true");
    let network: string[] | null = null;
    if (unshare && truth) {
      for (const flags of [["--net"], ["--net", "--map-root-user"]]) {
        if (await succeeds(unshare, [...flags, "--", truth])) {
          network = [unshare, ...flags, "--"];
          break;
        }
      }
    }
    const prlimit = await resolveCommand("prlimit");
    const prlimitWorks = prlimit && truth ? await succeeds(prlimit, ["--fsize=1048576", "--", truth]) : false;
    const nice = await resolveCommand("nice");
    return { network, prlimit: prlimitWorks ? prlimit : null, nice };
  })();
  return sandbox;
}

/** The command line that runs `command` inside the sandbox's limits. */
async function sandboxed(
  command: string,
  args: string[],
  options: RunOptions,
  onWarning: (message: string) => void,
): Promise<[string, string[]]> {
  const support = await sandboxSupport();
  const prefix: string[] = [];
  if (options.maxFileBytes !== undefined && support.prlimit)
    prefix.push(support.prlimit, `--fsize=${Math.max(1, Math.floor(options.maxFileBytes))}`, "--");
  if (options.background && support.nice) prefix.push(support.nice, "-n", "10");
  if (support.network) prefix.push(...support.network);
  else if (!warned) {
    warned = true;
    onWarning(
      "media tools run without a network namespace (unshare is not allowed here); ffmpeg is still limited to local files and LibreOffice to a dead proxy",
    );
  }
  if (prefix.length === 0) return [command, args];
  return [prefix[0]!, [...prefix.slice(1), command, ...args]];
}

/** Where the sandbox's one-time warning goes (the API's log); console until set. */
let warn: (message: string) => void = (message) => console.warn(message);
export function setToolWarning(handler: (message: string) => void): void {
  warn = handler;
}

export async function run(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const resolved = await resolveCommand(command);
  if (!resolved) throw new ToolMissingError(command);
  const [file, argv] = await sandboxed(resolved, args, options, warn);
  // HOME and TMPDIR of this run only: caches, fonts, lock files of one file never meet another's.
  const privateDir = await fs.mkdtemp(path.join(os.tmpdir(), "vn-tool-"));
  try {
    return await spawnTool(
      command,
      file,
      argv,
      options,
      {
        PATH: process.env.PATH ?? DEFAULT_PATH,
        LANG: "C.UTF-8",
        HOME: privateDir,
        TMPDIR: privateDir,
        ...options.env,
      },
      options.cwd ?? privateDir,
    );
  } finally {
    await fs.rm(privateDir, { recursive: true, force: true });
  }
}

function spawnTool(
  command: string,
  file: string,
  argv: string[],
  options: RunOptions,
  env: Record<string, string>,
  cwd: string,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, {
      cwd,
      env,
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
      const limited = overflow || signal === "SIGXFSZ";
      resolve({
        code: limited ? null : code,
        signal,
        timedOut,
        outputLimited: limited,
        stdout: Buffer.concat(chunks),
        stderr: limited ? `${stderr}\n(output limit exceeded)` : stderr,
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
  const ok = (await resolveCommand(command)) !== null;
  availability.set(command, { ok, at: Date.now() });
  return ok;
}

/** Forget cached answers (tests that hide a tool, or a server that just got it installed). */
export function resetToolCache(): void {
  availability.clear();
}
