import { AppError, type CommentImage, type MediaStatus } from "@vn/contract";
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { comments, mediaFiles } from "../../db/schema/index";
import type { StorageProvider } from "../../providers/storage/index";
import { storagePrefixesOf } from "../../shared/media-keys";
import { type MediaRow, mediaUrls } from "../../shared/media-view";

/**
 * Images in comments (docs/decisions/0011-comment-images.md): one per comment, an upload of
 * type comment_content_image by the comment's acting profile, never shared with another comment
 * or a publication. A deleted comment's image is deleted with it.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The image as Comment.image carries it: its variants, null until the file is ready. */
export function commentImageOf(row: MediaRow | null | undefined): CommentImage | null {
  if (!row) return null;
  const urls = mediaUrls(row);
  const ready = row.status === "ready";
  return {
    id: row.id,
    status: row.status as MediaStatus,
    width: row.width,
    height: row.height,
    urls: {
      extraSmall: ready ? urls.extraSmall : null,
      small: ready ? urls.small : null,
      preview: ready ? urls.preview : null,
      full: ready ? urls.full : null,
    },
  };
}

/** The media rows of these ids, by id (one query for a page of comments). */
export async function imagesById(db: Db, ids: Array<string | null>): Promise<Map<string, MediaRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(mediaFiles).where(inArray(mediaFiles.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Checks, inside the writing transaction (row locked), that `imageId` may become a comment's
 * image: the acting profile's own comment_content_image, not failed, not on a publication and not
 * on another comment. `exceptCommentId` lets an edit keep its own image.
 */
export async function claimImage(
  tx: Tx,
  actorId: string,
  imageId: string,
  exceptCommentId?: string,
): Promise<MediaRow> {
  const [row] = await tx.select().from(mediaFiles).where(eq(mediaFiles.id, imageId)).for("update").limit(1);
  // Someone else's file is answered as missing: its existence is not the caller's business.
  if (!row || row.ownerId !== actorId) throw new AppError("file_notFound", { details: { mediaId: imageId } });
  if (row.uploadType !== "comment_content_image" || row.kind !== "image")
    throw new AppError("file_invalidType", { details: { mediaId: imageId, uploadType: row.uploadType } });
  if (row.status === "failed")
    throw new AppError("file_damaged", { details: { mediaId: imageId, reason: row.errorCode } });
  const [used] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.imageMediaId, imageId),
        exceptCommentId ? ne(comments.id, exceptCommentId) : undefined,
        isNotNull(comments.imageMediaId),
      ),
    )
    .limit(1);
  if (used || row.contentItemId) throw imageInUse(imageId);
  return row;
}

function imageInUse(mediaId: string): AppError {
  return new AppError("request_conflict", { details: { mediaId, reason: "imageInUse" } });
}

/** Runs a write that sets image_media_id; a concurrent claim of the same file loses on the unique index. */
export async function guardImageRace<T>(
  imageId: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (imageId && isUniqueViolation(error)) throw imageInUse(imageId);
    throw error;
  }
}

/** Deletes the rows of images whose comment went (in the caller's transaction; the FK clears the column). */
export async function dropImageRows(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length) await tx.delete(mediaFiles).where(inArray(mediaFiles.id, ids));
}

/**
 * After the commit: removes the stored objects of dropped images, so their public URLs stop
 * answering. A failure is logged and leaves only unreachable bytes behind.
 */
export async function deleteStoredImages(
  storage: StorageProvider | undefined,
  ids: string[],
  log?: { warn(payload: object, message: string): void },
): Promise<void> {
  if (!storage) return;
  for (const id of ids) {
    for (const prefix of storagePrefixesOf(id)) {
      await storage
        .deletePrefix(prefix)
        .catch((err: unknown) => log?.warn({ err, prefix }, "comments: could not delete an image's objects"));
    }
  }
}
