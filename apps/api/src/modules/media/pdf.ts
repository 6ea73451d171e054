import fs from "node:fs/promises";
import { AppError } from "@vn/contract";

/**
 * A structural check of a PDF without a PDF library (none is installed): the header, the
 * end-of-file marker, and a startxref offset that points at a cross-reference table or stream.
 * It catches truncated files and renamed garbage; a PDF that passes but is broken inside still
 * opens in the viewer's own error state.
 */
export async function checkPdf(filePath: string): Promise<void> {
  const handle = await fs.open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(1024, size));
    await handle.read(head, 0, head.length, 0);
    const tailLength = Math.min(2048, size);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const fail = (reason: string) => new AppError("file_damaged", { details: { reason } });
    if (!head.toString("latin1").includes("%PDF-")) throw fail("no PDF header");
    const tailText = tail.toString("latin1");
    if (!tailText.includes("%%EOF")) throw fail("no end-of-file marker (truncated?)");
    // The last one counts: incremental updates append new sections.
    const match = [...tailText.matchAll(/startxref\s+(\d+)\s+%%EOF/g)].at(-1);
    const offset = match ? Number(match[1]) : Number.NaN;
    if (!Number.isFinite(offset) || offset <= 0 || offset >= size) throw fail("bad startxref");
    const at = Buffer.alloc(Math.min(64, size - offset));
    await handle.read(at, 0, at.length, offset);
    const text = at.toString("latin1");
    if (!/^\s*(xref|\d+\s+\d+\s+obj)/.test(text)) throw fail("startxref points nowhere");
  } finally {
    await handle.close();
  }
}
