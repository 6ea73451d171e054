import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Media } from "@vn/contract";
import type { App } from "../../src/app";
import { multipart } from "./media-fixtures";

/** A fresh media directory per suite (removed afterwards). */
export async function mediaDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vn-media-test-"));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Every file under a directory (relative paths), to prove nothing half-written stayed. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(at: string) {
    for (const entry of await fs.readdir(at, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  }
  await walk(dir);
  return out.sort();
}

/** The path of a media URL (URLs are absolute on API_ORIGIN; inject takes paths). */
export function pathOf(url: string | null | undefined): string {
  if (!url) throw new Error("no url");
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

export async function uploadFile(
  app: App,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file: { name: string; data: Buffer },
) {
  const body = multipart(fields, file);
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/media",
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return { res, media: (res.json() as { data?: Media }).data };
}
