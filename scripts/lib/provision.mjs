// The system tools the tests need, provisioned the same way by `npm test` and by `.ci/run`:
// Debian's Chromium (the browser suite drives /usr/bin/chromium through playwright-core; it cannot
// be downloaded from npm here), ffmpeg (video and audio) and headless LibreOffice (document
// previews) for the media suites. Installed through apt when this process may (root, or sudo
// without a password); otherwise the caller stops at once with the one command to run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export const aptPackages = [
  "chromium",
  "ffmpeg",
  "libreoffice-core-nogui",
  "libreoffice-writer-nogui",
  "libreoffice-calc-nogui",
  "libreoffice-impress-nogui",
];

const tools = [
  { name: "chromium", present: () => fs.existsSync("/usr/bin/chromium") },
  { name: "ffmpeg", present: () => onPath("ffmpeg") },
  { name: "soffice (LibreOffice)", present: () => onPath("soffice") },
];

function onPath(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** The tools that are missing, by name. */
export function missingTools() {
  return tools.filter((tool) => !tool.present()).map((tool) => tool.name);
}

/** How this process may run apt-get as root: directly, through sudo -n, or not at all. */
function rootRunner() {
  if (!onPath("apt-get")) return null;
  if (typeof process.getuid === "function" && process.getuid() === 0) return [];
  if (onPath("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0)
    return ["sudo", "-n"];
  return null;
}

function run(prefix, args) {
  const [command, ...rest] = [...prefix, ...args];
  return spawnSync(command, rest, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  }).status;
}

/**
 * Makes sure the tools are there. Returns true when they are (already, or installed now); false,
 * after printing the one command that installs them, when they are missing and cannot be installed.
 */
export function provision({ log = console.log } = {}) {
  const missing = missingTools();
  if (missing.length === 0) return true;
  const command = `apt-get update && apt-get install -y ${aptPackages.join(" ")}`;
  const runner = rootRunner();
  if (!runner) {
    console.error(
      `The tests need ${missing.join(", ")}, which are not installed, and this user cannot install them.\n` +
        `Run, as root (Debian or Ubuntu):\n\n  ${command}\n`,
    );
    return false;
  }
  log(`Installing ${missing.join(", ")} through apt (${aptPackages.join(" ")})…`);
  if (
    run(runner, ["apt-get", "update", "-qq"]) !== 0 ||
    run(runner, ["apt-get", "install", "-y", "-qq", ...aptPackages]) !== 0
  ) {
    console.error(`Installing through apt failed. Run, as root:\n\n  ${command}\n`);
    return false;
  }
  const still = missingTools();
  if (still.length > 0) {
    console.error(`Still missing after apt: ${still.join(", ")}. Run, as root:\n\n  ${command}\n`);
    return false;
  }
  return true;
}
