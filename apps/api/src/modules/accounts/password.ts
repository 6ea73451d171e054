import type { SessionActor } from "@vn/contract";
import { AppError } from "@vn/contract";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, sessions } from "../../db/schema/index";
import { writeAudit } from "../../shared/audit";
import type { Auth } from "./auth";

/**
 * PATCH /users/me/password: the current password must be right; the new one is hashed by
 * better-auth's hasher (the same one sign-in verifies with). Every other session of the account
 * ends (stolen sessions die with the old password); this one stays. Returns the ended session ids.
 */
export async function changePassword(
  auth: Auth,
  db: Db,
  actor: SessionActor,
  input: { currentPassword: string; newPassword: string },
): Promise<string[]> {
  const context = await auth.$context;
  const [credential] = await db
    .select({ id: accounts.id, password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, actor.userId), eq(accounts.providerId, "credential")))
    .limit(1);
  const valid =
    credential?.password != null &&
    (await context.password.verify({ hash: credential.password, password: input.currentPassword }));
  if (!valid) {
    throw new AppError("user_wrongPassword", {
      details: [{ path: "body.currentPassword", message: new AppError("user_wrongPassword").message }],
    });
  }
  const hash = await context.password.hash(input.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(eq(accounts.id, credential.id));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)))
      .returning({ id: sessions.id });
    await writeAudit(tx, {
      action: "account.passwordChanged",
      resourceType: "user",
      resourceId: actor.userId,
      after: { otherSessionsEnded: ended.length },
    });
    return ended.map((row) => row.id);
  });
}
