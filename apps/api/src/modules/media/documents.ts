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
 */
export async function convertToPdf(options: {
  sofficePath: string;
  /** A local copy of the original. */
  input: string;
  /** The extension LibreOffice picks its import filter by. */
  ext: string;
  workDir: string;
  timeoutMs: number;
}): Promise<string> {
  const source = path.join(options.workDir, `document.${options.ext}`);
  await fs.copyFile(options.input, source);
  const profile = path.join(options.workDir, "lo-profile");
  const outDir = path.join(options.workDir, "out");
  await fs.mkdir(outDir, { recursive: true });
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
    // HOME inside the work dir: LibreOffice writes caches there, and none may leak between jobs.
    { timeoutMs: options.timeoutMs, cwd: options.workDir, env: { HOME: options.workDir } },
  );
  const output = path.join(outDir, "document.pdf");
  const exists = await fs
    .stat(output)
    .then((s) => s.size > 0)
    .catch(() => false);
  // soffice often exits 0 when it could not load the file: the missing PDF is what tells.
  if (result.timedOut || !exists) {
    throw new AppError("file_unableToConvert", {
      details: { reason: result.timedOut ? "timed out" : result.stderr.trim().slice(-300) || "no output" },
    });
  }
  await checkPdf(output).catch(() => {
    throw new AppError("file_unableToConvert", { details: { reason: "LibreOffice wrote a broken PDF" } });
  });
  return output;
}
