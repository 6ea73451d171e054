import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { storageDeletions } from "../db/schema/index";
import { storagePrefixesOf } from "./media-keys";

/**
 * Stored objects to delete after their rows are gone (issue 11): queued in the caller's
 * transaction, so they go exactly when the rows go (a rollback queues nothing), and deleted by
 * the `storage.delete` job (jobs/storage-deletions.ts), never inside the request.
 */
export type StorageDeletion =
  | { kind: "prefix"; key: string }
  | { kind: "multipart"; key: string; uploadId: string };

/** Every object of these media files: the original (with its EXIF), the outputs, the private files. */
export function mediaFileDeletions(mediaIds: Iterable<string>): StorageDeletion[] {
  return [...mediaIds].flatMap((id) =>
    storagePrefixesOf(id).map((key) => ({ kind: "prefix" as const, key })),
  );
}

/** Queues the deletions in `tx` (the transaction that drops their rows). */
export async function queueStorageDeletions(tx: Db, deletions: StorageDeletion[]): Promise<void> {
  const rows = deletions.map((deletion) => ({
    id: randomUUID(),
    kind: deletion.kind,
    key: deletion.key,
    uploadId: deletion.kind === "multipart" ? deletion.uploadId : null,
  }));
  // A few hundred rows per statement keep the parameter count well inside PostgreSQL's limit.
  for (let at = 0; at < rows.length; at += 500) {
    await tx.insert(storageDeletions).values(rows.slice(at, at + 500));
  }
}
