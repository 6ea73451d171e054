import {
  AppError,
  type CompanyMemberRole,
  isManagerRole,
  type MessageKey,
  messages,
  type OwnerType,
  type PrivacyLevel,
  permissionsForRole,
  personalPermissions,
  type SessionActor,
  type SessionUser,
  type UserStatus,
  type VerificationStatus,
} from "@vn/contract";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { companyMembers, profiles, users } from "../../db/schema/index";
import { profileImage } from "../../shared/profile-view";
import { subscriptionRow, subscriptionView } from "../../shared/subscriptions";

/**
 * The Session user of spec §3, built for one actor (schemas/session.ts explains which fields
 * follow the acting account and which the signed-in person).
 */

const statusTitle: Record<UserStatus, MessageKey> = {
  active: "statusActive",
  "profile-not-completed": "statusProfileNotCompleted",
  deleted: "statusDeleted",
  blocked: "statusBlocked",
};

type ProfileRow = typeof profiles.$inferSelect;

export async function buildSessionUser(db: Db, actor: SessionActor): Promise<SessionUser> {
  const [user] = await userById(db).execute({ id: actor.userId });
  if (!user) throw new AppError("request_invalidSessionToken");
  const own = actor.ownProfileId ? await profileById(db, actor.ownProfileId) : null;
  if (!own) throw new AppError("request_invalidSessionToken");
  const acting =
    actor.profileType === "company" && actor.profileId ? await profileById(db, actor.profileId) : own;
  if (!acting)
    throw new AppError("accountManager_ownerNotFound", { message: messages.companyDeletedOrBlocked });
  const [memberships] = await membershipCount(db).execute({ user: user.id });

  const actingAsCompany = acting.type === "company";
  const role: CompanyMemberRole | null = actingAsCompany ? actor.companyRole : null;
  const status = user.status as UserStatus;
  const ownSubscription = subscriptionView("user", await subscriptionRow(db, own.id));

  return {
    id: acting.id,
    userId: user.id,
    type: {
      id: acting.type as OwnerType,
      title: actingAsCompany ? messages.ownerTypeCompany : messages.ownerTypeUser,
    },
    permissions: role ? permissionsForRole(role) : personalPermissions(),
    verifiedAt: acting.verifiedAt?.toISOString() ?? null,
    verificationStatus: acting.verificationStatus as VerificationStatus,
    isManager: isManagerRole(role),
    staffRole: actor.staffRole,
    twoFactorEnabled: user.twoFactorEnabled,
    staffNeedsTwoFactor: user.staffRole !== null && !user.twoFactorEnabled,
    limitedUntil:
      user.limitedUntil && user.limitedUntil.getTime() > Date.now() ? user.limitedUntil.toISOString() : null,
    privacy: acting.privacy as PrivacyLevel,
    status: { id: status, title: messages[statusTitle[status]] },
    name: acting.name,
    email: user.email,
    emailVerified: user.emailVerified,
    phone: user.phone,
    slug: acting.slug,
    image: profileImage(acting.imageUrl),
    countCompanyProfiles: memberships?.count ?? 0,
    isProfileWizardCompleted: user.profileCompletedAt !== null || status === "active",
    isCompanyWizardCompleted: user.companyWizardCompletedAt !== null,
    comments: { canComment: status === "active", defaultMode: "open" },
    dateOfBirth: user.dateOfBirth,
    subscription: actingAsCompany
      ? subscriptionView("company", await subscriptionRow(db, acting.id))
      : ownSubscription,
    authBy: {
      id: own.id,
      slug: own.slug,
      name: own.name,
      verificationStatus: own.verificationStatus as VerificationStatus,
      verifiedAt: own.verifiedAt?.toISOString() ?? null,
      authAsCompanyOwner: actingAsCompany,
      privacy: own.privacy as PrivacyLevel,
      image: profileImage(own.imageUrl),
      subscription: ownSubscription,
    },
    // Issue 18: no extra query per page; passing the last step sets onboarding_finished_at too.
    hasUnfinishedOnboarding: status === "active" && !actingAsCompany && user.onboardingFinishedAt === null,
  };
}

async function profileById(db: Db, id: string): Promise<ProfileRow | null> {
  const [row] = await profileRow(db).execute({ id });
  return row ?? null;
}

// The session user is asked by every signed-in page (the browser's session hook): its lookups are
// key probes, prepared and planned once (decision 0031).
const userById = preparedOnce(
  "session_user_row",
  (db) =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .limit(1),
  { generic: true },
);
const profileRow = preparedOnce(
  "session_user_profile",
  (db) =>
    db
      .select()
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder("id")))
      .limit(1),
  { generic: true },
);
const membershipCount = preparedOnce(
  "session_user_memberships",
  (db) =>
    db
      .select({ count: count() })
      .from(companyMembers)
      .innerJoin(profiles, and(eq(profiles.id, companyMembers.companyId), eq(profiles.status, "active")))
      .where(eq(companyMembers.userId, sql.placeholder("user"))),
  { generic: true },
);
