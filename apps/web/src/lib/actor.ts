import { type Actor, companyRoleOfSession, entitlementsOfPlanFeatures, type SessionUser } from "@vn/contract";

/**
 * The policy Actor (contract policy.ts) of the signed-in person, from the Session user (§3), so
 * screens ask `can(actor, action, resource)` the same rule the API enforces; null for visitors.
 *
 * A session whose acting company is gone never gets here (/users/me answers 403).
 */
export function actorOf(user: SessionUser | null | undefined): Actor | null {
  if (!user) return null;
  return {
    userId: user.userId,
    userStatus: user.status.id,
    profileId: user.id,
    profileSlug: user.slug,
    profileType: user.type.id,
    ownProfileId: user.authBy.id,
    companyRole: companyRoleOfSession(user),
    permissions: user.permissions,
    verificationStatus: user.verificationStatus,
    personVerificationStatus: user.authBy.verificationStatus,
    staffRole: user.staffRole,
    entitlements: entitlementsOfPlanFeatures(user.subscription.current.plan.features),
    actingProfileLost: false,
    // Issue 16: a moderation limit in force hides the write controls (the API answers 403 account_limited).
    limited: isLimited(user.limitedUntil),
  };
}

/** A moderation limit (Session user `limitedUntil`) still in force at `now`. */
export function isLimited(limitedUntil: string | null | undefined, now: number = Date.now()): boolean {
  return limitedUntil != null && Date.parse(limitedUntil) > now;
}
