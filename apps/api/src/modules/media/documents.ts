import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { AppError } from "@vn/contract";
import { checkPdf } from "./pdf";
import { run } from "./tools";

/**
 * Office files → PDF with LibreOffice (architecture.md: LibreOffice in jobs). Each conversion
 * gets its own user profile directory (soffice refuses to run twice on one profile, and a
 * profile left by a killed run could break the next), a deadline, and its own process group.
 * The archive checks (zip.ts) ran before: LibreOffice never sees a zip bomb.
 *
 * Issue 11: the tool runs sandboxed (tools.ts: minimal environment, own network namespace where
 * the machine allows one, a private HOME/TMPDIR), and its fresh profile turns off what could
 * reach out or run code even where no namespace is allowed: every proxy points at a closed
 * local port (nothing linked from a document is fetched), macros never run, and links from
 * untrusted documents are blocked. The PDF may not grow past DOCUMENT_PDF_MAX_BYTES.
 */
export const DOCUMENT_PDF_MAX_BYTES = 200 * 1024 * 1024;

/** Nothing listens here: a proxy that refuses every connection. */
const DEAD_PROXY = { host: "127.0.0.1", port: 9 };

const settings: Array<[path: string, name: string, value: string]> = [
  ["/org.openoffice.Inet/Settings", "ooInetProxyType", "1"],
  ["/org.openoffice.Inet/Settings", "ooInetHTTPProxyName", DEAD_PROXY.host],
  ["/org.openoffice.Inet/Settings", "ooInetHTTPProxyPort", String(DEAD_PROXY.port)],
  ["/org.openoffice.Inet/Settings", "ooInetHTTPSProxyName", DEAD_PROXY.host],
  ["/org.openoffice.Inet/Settings", "ooInetHTTPSProxyPort", String(DEAD_PROXY.port)],
  ["/org.openoffice.Inet/Settings", "ooInetFTPProxyName", DEAD_PROXY.host],
  ["/org.openoffice.Inet/Settings", "ooInetFTPProxyPort", String(DEAD_PROXY.port)],
  ["/org.openoffice.Inet/Settings", "ooInetNoProxy", ""],
  ["/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", "3"],
  ["/org.openoffice.Office.Common/Security/Scripting", "DisableMacrosExecution", "true"],
  ["/org.openoffice.Office.Common/Security/Scripting", "BlockUntrustedRefererLinks", "true"],
];

/** The profile's registrymodifications.xcu: the settings above, before LibreOffice first starts. */
async function writeProfile(profile: string): Promise<void> {
  const user = path.join(profile, "user");
  await fs.mkdir(user, { recursive: true });
  const items = settings
    .map(
      ([at, name, value]) =>
        `<item oor:path="${at}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`,
    )
    .join("\n");
  await fs.writeFile(
    path.join(user, "registrymodifications.xcu"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n${items}\n</oor:items>\n`,
  );
}

export async function convertToPdf(options: {
  sofficePath: string;
  /** A local copy of the original. */
  input: string;
  /** The extension LibreOffice picks its import filter by. */
  ext: string;
  workDir: string;
  timeoutMs: number;
  /** The PDF's limit (default DOCUMENT_PDF_MAX_BYTES). */
  maxOutputBytes?: number;
}): Promise<string> {
  const maxOutputBytes = options.maxOutputBytes ?? DOCUMENT_PDF_MAX_BYTES;
  const source = path.join(options.workDir, `document.${options.ext}`);
  await fs.copyFile(options.input, source);
  const profile = path.join(options.workDir, "lo-profile");
  await writeProfile(profile);
  const outDir = path.join(options.workDir, "out");
  await fs.mkdir(outDir, { recursive: true });
  const proxy = `http://${DEAD_PROXY.host}:${DEAD_PROXY.port}`;
  const result = await run(
    options.sofficePath,
    [
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      "--headless",
      "--invisible",
      "--nologo",
      "--nodefault",
      "--nolockcheck",
      "--norestore",
      "--convert-to",
      "pdf",
      "--outdir",
      outDir,
      source,
    ],
    {
      timeoutMs: options.timeoutMs,
      cwd: options.workDir,
      // HOME inside the work dir: LibreOffice writes caches there, and none may leak between jobs.
      env: { HOME: options.workDir, http_proxy: proxy, https_proxy: proxy, all_proxy: proxy, no_proxy: "" },
      maxFileBytes: maxOutputBytes,
      background: true,
    },
  );
  const output = path.join(outDir, "document.pdf");
  const size = await fs
    .stat(output)
    .then((s) => s.size)
    .catch(() => 0);
  const limited = result.outputLimited || size >= maxOutputBytes;
  // soffice often exits 0 when it could not load the file: the missing PDF is what tells.
  if (result.timedOut || limited || size === 0) {
    const reason = result.timedOut
      ? "timed out"
      : limited
        ? "output limit exceeded"
        : result.stderr.trim().slice(-300) || "no output";
    throw new AppError("file_unableToConvert", { details: { reason } });
  }
  await checkPdf(output).catch(() => {
    throw new AppError("file_unableToConvert", { details: { reason: "LibreOffice wrote a broken PDF" } });
  });
  return output;
}
