import { createHash, randomBytes, randomUUID } from "node:crypto";
import { AppError, messages, RESTORE_TOKEN_TTL_MS } from "@vn/contract";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  companyMembers,
  mediaFiles,
  mediaUploads,
  profiles,
  sessions,
  users,
  verifications,
} from "../../db/schema/index";
import { writeAudit } from "../../shared/audit";
import { rowsOf } from "../../shared/pages";
import { mediaFileDeletions, queueStorageDeletions } from "../../shared/storage-deletions";

/**
 * The account lifecycle of spec §4: active ⇄ profile-not-completed, deleted (restorable or
 * completely removable), blocked (by moderation; never by the person).
 *
 * Restoring and removing are proven by a restore token: signing in to a deleted account with the
 * right password answers `user_deleted` with the token in its details; the client passes it back
 * explicitly (Authorization: Bearer). The database holds only its hash, for 30 minutes, once.
 */

const RESTORE_PREFIX = "account-restore:";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export async function issueRestoreToken(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + RESTORE_TOKEN_TTL_MS);
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${RESTORE_PREFIX}${hashToken(token)}`,
    value: userId,
    expiresAt,
  });
  return { token, expiresAt };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Takes a restore token (single use) and returns the deleted account it proves, inside `tx`.
 * Unknown, used or expired → 401 user_restoreTokenInvalid; a blocked account → account_unavailable.
 */
async function consumeRestoreToken(tx: Tx, token: string | null): Promise<{ id: string; email: string }> {
  if (!token || token.length > 256) throw new AppError("user_restoreTokenInvalid");
  const [row] = await tx
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, `${RESTORE_PREFIX}${hashToken(token)}`),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .returning({ userId: verifications.value });
  if (!row) throw new AppError("user_restoreTokenInvalid");
  const [user] = await tx
    .select({ id: users.id, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, row.userId))
    .limit(1);
  if (!user) throw new AppError("user_restoreTokenInvalid");
  if (user.status === "blocked") {
    throw new AppError("account_unavailable", {
      message: messages.accountDeletedOrBlocked,
      details: { email: user.email },
    });
  }
  if (user.status !== "deleted") throw new AppError("user_restoreTokenInvalid");
  return { id: user.id, email: user.email };
}

/**
 * DELETE /users/me: the account becomes `deleted` (restorable), its personal profile leaves
 * public view and every session of it ends. Returns the ended session ids (their sockets close).
 */
export async function deleteAccount(db: Db, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ status: "deleted", deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx
      .update(profiles)
      .set({ status: "deleted_by_user", updatedAt: new Date() })
      .where(and(eq(profiles.userId, userId), eq(profiles.type, "user")));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await writeAudit(tx, {
      action: "account.deleted",
      resourceType: "user",
      resourceId: userId,
      after: { status: "deleted", sessionsEnded: ended.length },
    });
    return ended.map((row) => row.id);
  });
}

/**
 * PATCH /users/me/restore: back to where the account was (active, or profile-not-completed when
 * the wizard was never finished). The caller then starts a session (auth.api.startSessionFor).
 */
export async function restoreAccount(db: Db, token: string | null): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const user = await consumeRestoreToken(tx, token);
    await tx
      .update(users)
      .set({
        status: sql`case when ${users.profileCompletedAt} is null then 'profile-not-completed' else 'active' end`,
        deletedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await tx
      .update(profiles)
      .set({ status: "active", updatedAt: new Date() })
      .where(and(eq(profiles.userId, user.id), eq(profiles.type, "user")));
    // Proven by the restore token, not a session: the person restores themselves.
    await writeAudit(tx, {
      action: "account.restored",
      resourceType: "user",
      resourceId: user.id,
      before: { status: "deleted" },
      actor: { userId: user.id, profileId: null, staffRole: null },
    });
    return { userId: user.id };
  });
}

/**
 * Everything the removed profiles did to other people's things, undone on their counters before
 * the rows cascade away (issue 11): follower and following counts (counted per edge, so a person
 * and their company that both followed someone take two followers away), reactions (per kind and
 * the item's sum), comments (the item's count and the parent's reply count). A thread the removed
 * profiles started goes whole, replies by others included, as a deleted comment's does; their
 * images are dropped with them.
 */
async function unwindInteractions(tx: Tx, removed: string[]): Promise<string[]> {
  const ids = sql.join(
    removed.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE profiles p SET followers_count = greatest(p.followers_count - c.n, 0)
    FROM (SELECT followee_id AS id, count(*)::int AS n FROM follows WHERE follower_id IN (${ids}) GROUP BY followee_id) c
    WHERE p.id = c.id`);
  await tx.execute(sql`
    UPDATE profiles p SET following_count = greatest(p.following_count - c.n, 0)
    FROM (SELECT follower_id AS id, count(*)::int AS n FROM follows WHERE followee_id IN (${ids}) GROUP BY follower_id) c
    WHERE p.id = c.id`);
  await tx.execute(sql`
    UPDATE reaction_counts rc SET n = greatest(rc.n - c.n, 0)
    FROM (SELECT content_id, kind, count(*)::int AS n FROM reactions WHERE profile_id IN (${ids}) GROUP BY content_id, kind) c
    WHERE rc.content_id = c.content_id AND rc.kind = c.kind`);
  await tx.execute(sql`
    UPDATE content_items ci SET like_count = greatest(ci.like_count - c.n, 0)
    FROM (SELECT content_id, count(*)::int AS n FROM reactions WHERE profile_id IN (${ids}) GROUP BY content_id) c
    WHERE ci.id = c.content_id`);
  // The comments that go: the removed profiles' own, and replies in threads they started.
  const going = sql`(
    SELECT id, content_id, parent_id, deleted_at, image_media_id FROM comments WHERE author_id IN (${ids})
    UNION
    SELECT r.id, r.content_id, r.parent_id, r.deleted_at, r.image_media_id FROM comments r
      JOIN comments t ON t.id = r.parent_id WHERE t.author_id IN (${ids}))`;
  await tx.execute(sql`
    UPDATE content_items ci SET comment_count = greatest(ci.comment_count - c.n, 0)
    FROM (SELECT content_id, count(*)::int AS n FROM ${going} g WHERE g.deleted_at IS NULL GROUP BY content_id) c
    WHERE ci.id = c.content_id`);
  await tx.execute(sql`
    UPDATE comments p SET reply_count = greatest(p.reply_count - c.n, 0)
    FROM (SELECT parent_id, count(*)::int AS n FROM ${going} g
          WHERE g.deleted_at IS NULL AND g.parent_id IS NOT NULL GROUP BY parent_id) c
    WHERE p.id = c.parent_id`);
  // Others' replies in the removed profiles' threads would outlive their thread: they go now.
  const replies = await rowsOf<{ image: string | null }>(
    tx,
    sql`DELETE FROM comments r USING comments t
        WHERE t.id = r.parent_id AND t.author_id IN (${ids}) AND r.author_id NOT IN (${ids})
        RETURNING r.image_media_id AS image`,
  );
  const images = replies.flatMap((row) => (row.image ? [row.image] : []));
  if (images.length > 0) await tx.delete(mediaFiles).where(inArray(mediaFiles.id, images));
  return images;
}

/**
 * DELETE /users/me/complete-removal: the deleted account and everything it owns go, in one
 * transaction, so its email can sign up anew. Companies it alone belonged to go with it; companies
 * with other members stay with them. Everyone else's counters are corrected in the same
 * transaction (unwindInteractions), and the stored files of what goes (originals with their EXIF,
 * outputs, unfinished uploads) are queued for the storage.delete job.
 */
export async function completeRemoval(db: Db, token: string | null): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const user = await consumeRestoreToken(tx, token);
    const memberships = await tx
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, user.id));
    const companyIds = memberships.map((m) => m.companyId);
    const soleCompanies =
      companyIds.length === 0
        ? []
        : (
            await tx
              .select({ companyId: companyMembers.companyId })
              .from(companyMembers)
              .where(inArray(companyMembers.companyId, companyIds))
              .groupBy(companyMembers.companyId)
              .having(sql`count(*) = 1`)
          ).map((row) => row.companyId);
    const own = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.userId, user.id), eq(profiles.type, "user")));
    const removed = [...own.map((p) => p.id), ...soleCompanies];
    let storedFiles = 0;
    if (removed.length > 0) {
      const replyImages = await unwindInteractions(tx, removed);
      const files = await tx
        .select({ id: mediaFiles.id })
        .from(mediaFiles)
        .where(inArray(mediaFiles.ownerId, removed));
      const uploads = await tx
        .select({ key: mediaUploads.storageKey, uploadId: mediaUploads.storageUploadId })
        .from(mediaUploads)
        .where(inArray(mediaUploads.ownerId, removed));
      const deletions = [
        ...mediaFileDeletions([...files.map((f) => f.id), ...replyImages]),
        ...uploads.map((u) => ({ kind: "multipart" as const, key: u.key, uploadId: u.uploadId })),
      ];
      await queueStorageDeletions(tx, deletions);
      storedFiles = files.length + replyImages.length + uploads.length;
    }
    if (soleCompanies.length > 0) await tx.delete(profiles).where(inArray(profiles.id, soleCompanies));
    // Sessions, credentials, the personal profile (and what it published), memberships and sent
    // invitations cascade from the user row.
    await tx.delete(users).where(eq(users.id, user.id));
    await writeAudit(tx, {
      action: "account.removed",
      resourceType: "user",
      resourceId: user.id,
      before: { status: "deleted", profiles: removed },
      after: { storedFilesQueued: storedFiles },
      actor: { userId: user.id, profileId: null, staffRole: null },
    });
    return { email: user.email };
  });
}
