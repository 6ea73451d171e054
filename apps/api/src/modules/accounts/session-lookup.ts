import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles, sessions, users } from "../../db/schema/index";

/** Who is calling: the login, and the profile acting in this session (own or a company's). */
export interface Principal {
  sessionId: string;
  userId: string;
  userStatus: string;
  profileId: string | null;
  profileSlug: string | null;
}

/**
 * Resolves a bearer or cookie session token to its principal; null when the token is unknown,
 * expired, or belongs to a deleted or blocked account. The socket handshake and REST guards share it.
 * A signed cookie value ("token.signature") is accepted by its token part.
 */
export async function principalFromToken(db: Db, rawToken: string): Promise<Principal | null> {
  const token = decodeURIComponent(rawToken).split(".")[0] ?? "";
  if (!token || token.length > 256) return null;
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      userStatus: users.status,
      activeProfileId: sessions.activeProfileId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row || row.userStatus === "deleted" || row.userStatus === "blocked") return null;
  const profileRows = row.activeProfileId
    ? await db.select().from(profiles).where(eq(profiles.id, row.activeProfileId)).limit(1)
    : await db
        .select()
        .from(profiles)
        .where(and(eq(profiles.userId, row.userId), eq(profiles.type, "user")))
        .limit(1);
  const profile = profileRows[0];
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    userStatus: row.userStatus,
    profileId: profile?.id ?? null,
    profileSlug: profile?.slug ?? null,
  };
}
