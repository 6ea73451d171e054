import { AppError, chatAttachmentUploadTypes } from "@vn/contract";
import { and, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMessages, comments, mediaFiles } from "../../db/schema/index";
import type { MediaRow } from "../../shared/media-view";
import type { Tx } from "./conversations";

const allowedTypes: readonly string[] = chatAttachmentUploadTypes;

/**
 * Checks, inside the sending transaction (rows locked), that each file may go on a message: the
 * sender's own upload of a chat attachment type, not failed, and on nothing else yet (no
 * publication, comment or other message). Someone else's file answers as missing.
 */
export async function claimAttachments(tx: Tx, senderId: string, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select().from(mediaFiles).where(inArray(mediaFiles.id, ids)).for("update");
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || row.ownerId !== senderId) throw new AppError("file_notFound", { details: { mediaId: id } });
    if (!allowedTypes.includes(row.uploadType))
      throw new AppError("file_invalidType", { details: { mediaId: id, uploadType: row.uploadType } });
    if (row.status === "failed")
      throw new AppError("file_damaged", { details: { mediaId: id, reason: row.errorCode } });
    if (row.contentItemId) throw inUse(id);
  }
  const [comment] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(and(isNotNull(comments.imageMediaId), inArray(comments.imageMediaId, ids)))
    .limit(1);
  if (comment) throw inUse(ids.join(","));
  const [message] = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      sql`${chatMessages.attachments} ?| array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`,
    )
    .limit(1);
  if (message) throw inUse(ids.join(","));
  return ids.map((id) => byId.get(id)!);
}

function inUse(mediaId: string): AppError {
  return new AppError("request_conflict", { details: { mediaId, reason: "fileInUse" } });
}

/** Is this file on a message `viewerId` may read? (for the media routes: downloads of documents) */
export async function attachmentReadableBy(tx: Db | Tx, mediaId: string, viewerId: string): Promise<boolean> {
  const rows = await tx.execute(
    sql`SELECT 1 FROM chat_messages x
          JOIN chat_members m ON m.chat_id = x.chat_id AND m.profile_id = ${viewerId}
         WHERE x.attachments ? ${mediaId} AND x.deleted_at IS NULL AND m.request <> 'declined'
           AND x.seq > m.from_seq AND (m.until_seq IS NULL OR x.seq <= m.until_seq)
         LIMIT 1`,
  );
  return ((rows as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}
