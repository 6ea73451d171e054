import type { CompanyMemberRole } from "@vn/contract";
import { and, eq, gt, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyMembers, profiles, sessions, users } from "../../db/schema/index";

/** Who is calling: the login, and the profile acting in this session (own or a company's). */
export interface Principal {
  sessionId: string;
  userId: string;
  userStatus: string;
  /** The acting profile: the person's own, or the company they switched to. */
  profileId: string | null;
  profileSlug: string | null;
  profileType: "user" | "company";
  /** The person's own (personal) profile. */
  ownProfileId: string | null;
  /** The person's role in the acting company; null when acting as themselves. */
  companyRole: CompanyMemberRole | null;
  /**
   * The session acts for a company that is gone, blocked, or no longer theirs. Routes answer
   * 403 accountManager_ownerNotFound so the client switches back (spec §4); profileId then
   * falls back to the person's own profile.
   */
  actingProfileLost: boolean;
}

/**
 * Resolves a bearer or cookie session token to its principal; null when the token is unknown,
 * expired, or belongs to a deleted or blocked account. The socket handshake and REST guards share it.
 * better-auth's cookie holds "token.signature" (URI-encoded); a bearer may be either form. Only
 * the token part is looked up: it is 32 random characters, unguessable on its own.
 */
export async function principalFromToken(db: Db, rawToken: string): Promise<Principal | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawToken);
  } catch {
    return null;
  }
  const token = decoded.split(".")[0] ?? "";
  if (!token || token.length > 256) return null;
  return resolve(db, eq(sessions.token, token));
}

/** The principal of a known session (after switching accounts, for instance). */
export function principalFromSession(db: Db, sessionId: string): Promise<Principal | null> {
  return resolve(db, eq(sessions.id, sessionId));
}

async function resolve(db: Db, which: SQL): Promise<Principal | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      userStatus: users.status,
      activeProfileId: sessions.activeProfileId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(which, gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row || row.userStatus === "deleted" || row.userStatus === "blocked") return null;

  const [own] = await db
    .select({ id: profiles.id, slug: profiles.slug })
    .from(profiles)
    .where(and(eq(profiles.userId, row.userId), eq(profiles.type, "user")))
    .limit(1);
  const base: Principal = {
    sessionId: row.sessionId,
    userId: row.userId,
    userStatus: row.userStatus,
    profileId: own?.id ?? null,
    profileSlug: own?.slug ?? null,
    profileType: "user",
    ownProfileId: own?.id ?? null,
    companyRole: null,
    actingProfileLost: false,
  };
  if (!row.activeProfileId || row.activeProfileId === own?.id) return base;

  const [company] = await db
    .select({ id: profiles.id, slug: profiles.slug, status: profiles.status, role: companyMembers.role })
    .from(profiles)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.companyId, profiles.id), eq(companyMembers.userId, row.userId)),
    )
    .where(and(eq(profiles.id, row.activeProfileId), eq(profiles.type, "company")))
    .limit(1);
  if (company?.status !== "active") return { ...base, actingProfileLost: true };
  return {
    ...base,
    profileId: company.id,
    profileSlug: company.slug,
    profileType: "company",
    companyRole: company.role as CompanyMemberRole,
  };
}
