import { createHash, randomBytes, randomUUID } from "node:crypto";
import { AppError, messages, RESTORE_TOKEN_TTL_MS } from "@vn/contract";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyMembers, follows, profiles, sessions, users, verifications } from "../../db/schema/index";

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
    return { userId: user.id };
  });
}

/**
 * DELETE /users/me/complete-removal: the deleted account and everything it owns go, in one
 * transaction, so its email can sign up anew. Companies it alone belonged to go with it; companies
 * with other members stay with them. Follower counts of the profiles it followed are corrected.
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
    if (removed.length > 0) {
      await tx.execute(sql`
        update ${profiles} set followers_count = greatest(followers_count - 1, 0)
        where id in (select ${follows.followeeId} from ${follows} where ${inArray(follows.followerId, removed)})`);
      await tx.execute(sql`
        update ${profiles} set following_count = greatest(following_count - 1, 0)
        where id in (select ${follows.followerId} from ${follows} where ${inArray(follows.followeeId, removed)})`);
    }
    if (soleCompanies.length > 0) await tx.delete(profiles).where(inArray(profiles.id, soleCompanies));
    // Sessions, credentials, the personal profile (and what it published), memberships and sent
    // invitations cascade from the user row.
    await tx.delete(users).where(eq(users.id, user.id));
    return { email: user.email };
  });
}
