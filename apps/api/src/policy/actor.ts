import {
  type CompanyMemberRole,
  entitlementsOf,
  type OwnerType,
  type PlanTier,
  permissionsForRole,
  personalPermissions,
  type SessionActor,
  type StaffRole,
  type UserStatus,
  type VerificationStatus,
} from "@vn/contract";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedOnce } from "../db/prepared";
import { companyMembers, profiles, sessions, subscriptions, users } from "../db/schema/index";
import { activeAddons } from "../shared/subscriptions";
import type { ActorCache, ResolvedActor } from "./actor-cache";
import { sessionTokenDigest, tokenKey } from "./token";

/**
 * Resolves a session token to its Actor (contract/policy.ts): the person, the acting profile,
 * the company role and its scopes, verification, staff role and the acting owner's entitlements,
 * read from the stored subscription. Null when the token is unknown, expired, or belongs to a
 * deleted or blocked account. REST (policy/guard.ts) and the socket handshake share it; the guard
 * passes the node's cache of actors (policy/actor-cache.ts).
 */
export async function actorFromToken(
  db: Db,
  rawToken: string,
  cache?: ActorCache,
): Promise<SessionActor | null> {
  const token = tokenKey(rawToken);
  if (!token) return null;
  // Stored as its digest (issue 11): the presented token is digested the same way.
  const digest = sessionTokenDigest(token);
  const load = () => resolve(db, sessionByToken(db), digest);
  return cache ? cache.through(digest, load) : ((await load())?.actor ?? null);
}

/** The actor of a known session (after switching accounts, for instance). */
export async function actorFromSession(db: Db, sessionId: string): Promise<SessionActor | null> {
  return (await resolve(db, sessionById(db), sessionId))?.actor ?? null;
}

const ownerColumns = {
  id: profiles.id,
  slug: profiles.slug,
  type: profiles.type,
  status: profiles.status,
  verificationStatus: profiles.verificationStatus,
  tier: subscriptions.planTier,
  addons: subscriptions.addons,
};

/**
 * The session, its person and their own profile's holding: one statement (every request runs it).
 * The person's own profile is matched with `type = 'user'` written as a literal: the unique index
 * that finds it is partial (WHERE type = 'user'), and a generic plan cannot use a partial index for
 * a bound value, so it scanned every profile (test/prepared-statements.test.ts checks the plan).
 */
export function sessionLookup(db: Db, which: "token" | "id") {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      userStatus: users.status,
      staffRole: users.staffRole,
      twoFactorEnabled: users.twoFactorEnabled,
      limitedUntil: users.limitedUntil,
      activeProfileId: sessions.activeProfileId,
      expiresAt: sessions.expiresAt,
      own: ownerColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, and(eq(profiles.userId, users.id), sql`${profiles.type} = 'user'`))
    .leftJoin(subscriptions, eq(subscriptions.ownerProfileId, profiles.id))
    .where(
      and(
        eq(which === "token" ? sessions.token : sessions.id, sql.placeholder("key")),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1);
}

/** sessionLookup prepared once per handle; a unique key, so one plan serves every token (db/prepared.ts). */
function sessionQuery(which: "token" | "id") {
  return preparedOnce(`session_by_${which}`, (db) => sessionLookup(db, which), { generic: true });
}
const sessionByToken = sessionQuery("token");
const sessionById = sessionQuery("id");

async function resolve(
  db: Db,
  query: ReturnType<typeof sessionByToken>,
  key: string,
): Promise<ResolvedActor | null> {
  const now = new Date();
  const [row] = await query.execute({ key, now });
  if (!row || row.userStatus === "deleted" || row.userStatus === "blocked") return null;
  const own = row.own?.id ? row.own : null;
  const personVerification = (own?.verificationStatus ?? "not_verified") as VerificationStatus;

  const base: SessionActor = {
    sessionId: row.sessionId,
    userId: row.userId,
    userStatus: row.userStatus as UserStatus,
    // Issue 16: a staff role counts only with a second factor on; until then the back-office is 404.
    staffRole: row.twoFactorEnabled ? ((row.staffRole as StaffRole | null) ?? null) : null,
    profileId: own?.id ?? null,
    profileSlug: own?.slug ?? null,
    profileType: "user",
    ownProfileId: own?.id ?? null,
    companyRole: null,
    permissions: personalPermissions(),
    verificationStatus: personVerification,
    personVerificationStatus: personVerification,
    entitlements: entitlementsOf(holdingOf("user", own)),
    actingProfileLost: false,
    // A moderation limit in force (issue 16): the person reads but does not write.
    limited: row.limitedUntil !== null && row.limitedUntil > now,
  };
  // What a cache of this actor must hear about (migration 0027's keys), and when it ends by itself.
  const keys = [`u:${row.userId}`];
  if (own) keys.push(`p:${own.id}`);
  let validUntil = row.expiresAt.getTime();
  if (base.limited && row.limitedUntil) validUntil = Math.min(validUntil, row.limitedUntil.getTime());
  if (!row.activeProfileId || row.activeProfileId === own?.id) return { actor: base, keys, validUntil };

  keys.push(`p:${row.activeProfileId}`);
  const [company] = await db
    .select({ ...ownerColumns, role: companyMembers.role })
    .from(profiles)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.companyId, profiles.id), eq(companyMembers.userId, row.userId)),
    )
    .leftJoin(subscriptions, eq(subscriptions.ownerProfileId, profiles.id))
    .where(and(eq(profiles.id, row.activeProfileId), eq(profiles.type, "company")))
    .limit(1);
  if (company?.status !== "active") return { actor: { ...base, actingProfileLost: true }, keys, validUntil };
  const role = company.role as CompanyMemberRole;
  const actor: SessionActor = {
    ...base,
    profileId: company.id,
    profileSlug: company.slug,
    profileType: "company",
    companyRole: role,
    permissions: permissionsForRole(role),
    verificationStatus: company.verificationStatus as VerificationStatus,
    entitlements: entitlementsOf(holdingOf("company", company)),
  };
  return { actor, keys, validUntil };
}

function holdingOf(owner: OwnerType, row: { tier: string | null; addons: unknown } | null) {
  return { owner, tier: (row?.tier ?? "basic") as PlanTier, addons: activeAddons(row?.addons) };
}
