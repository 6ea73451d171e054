import {
  AppError,
  annualPrice,
  type CompanyMemberRole,
  entitlement,
  features,
  isManagerRole,
  type MessageKey,
  messages,
  type OwnerType,
  type PlanTier,
  type PrivacyLevel,
  permissionsForRole,
  personalPermissions,
  plans,
  type SessionUser,
  type Subscription,
  type UserStatus,
  type VerificationStatus,
} from "@vn/contract";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyMembers, profiles, users } from "../../db/schema/index";
import type { Principal } from "./session-lookup";

/**
 * The Session user of spec §3, built for one principal (schemas/session.ts explains which fields
 * follow the acting account and which the signed-in person).
 */

const planTitle: Record<PlanTier, MessageKey> = {
  basic: "planBasic",
  standard: "planStandard",
  premium: "planPremium",
  creator: "planCreator",
  enterprise: "planEnterprise",
};

const statusTitle: Record<UserStatus, MessageKey> = {
  active: "statusActive",
  "profile-not-completed": "statusProfileNotCompleted",
  deleted: "statusDeleted",
  blocked: "statusBlocked",
};

type ProfileRow = typeof profiles.$inferSelect;

export function imageOf(url: string | null): { urls: { preview: string } } | null {
  return url ? { urls: { preview: url } } : null;
}

/**
 * The subscription as far as it is known before the billing issue: the profile's plan tier, its
 * price and entitlements; no add-ons, badge or scheduled change yet; a trial is still available.
 */
export function subscriptionOf(profile: ProfileRow): Subscription {
  const ownerType = profile.type as OwnerType;
  const tier = profile.planTier as PlanTier;
  const price = plans.find((plan) => plan.owner === ownerType && plan.tier === tier);
  const featureValues = Object.fromEntries(
    features.map((feature) => {
      const value = entitlement(ownerType, tier, feature);
      return [feature, value === Number.POSITIVE_INFINITY ? null : value];
    }),
  );
  return {
    canUseTrial: plans.some((plan) => plan.owner === ownerType && plan.trial),
    lastActive: tier === "basic" ? null : { isTrial: false, plan: { slug: tier } },
    publicId: `sub_${profile.id.replaceAll("-", "").slice(0, 16)}`,
    current: {
      plan: {
        slug: tier,
        title: messages[planTitle[tier]],
        ownerType,
        currency: "USD",
        price: {
          monthly: price?.monthly ?? null,
          annual: price?.monthly === null || price?.monthly === undefined ? null : annualPrice(price.monthly),
        },
        period: "monthly",
        features: featureValues,
      },
      addons: [],
      badge: null,
    },
    next: null,
  };
}

export async function buildSessionUser(db: Db, principal: Principal): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId)).limit(1);
  if (!user) throw new AppError("request_invalidSessionToken");
  const own = principal.ownProfileId ? await profileById(db, principal.ownProfileId) : null;
  if (!own) throw new AppError("request_invalidSessionToken");
  const acting =
    principal.profileType === "company" && principal.profileId
      ? await profileById(db, principal.profileId)
      : own;
  if (!acting)
    throw new AppError("accountManager_ownerNotFound", { message: messages.companyDeletedOrBlocked });
  const [memberships] = await db
    .select({ count: count() })
    .from(companyMembers)
    .innerJoin(profiles, and(eq(profiles.id, companyMembers.companyId), eq(profiles.status, "active")))
    .where(eq(companyMembers.userId, user.id));

  const actingAsCompany = acting.type === "company";
  const role: CompanyMemberRole | null = actingAsCompany ? principal.companyRole : null;
  const status = user.status as UserStatus;
  const ownSubscription = subscriptionOf(own);

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
    privacy: acting.privacy as PrivacyLevel,
    status: { id: status, title: messages[statusTitle[status]] },
    name: acting.name,
    email: user.email,
    emailVerified: user.emailVerified,
    phone: user.phone,
    slug: acting.slug,
    image: imageOf(acting.imageUrl),
    countCompanyProfiles: memberships?.count ?? 0,
    isProfileWizardCompleted: user.profileCompletedAt !== null || status === "active",
    isCompanyWizardCompleted: user.companyWizardCompletedAt !== null,
    comments: { canComment: status === "active", defaultMode: "open" },
    dateOfBirth: user.dateOfBirth,
    subscription: actingAsCompany ? subscriptionOf(acting) : ownSubscription,
    authBy: {
      id: own.id,
      slug: own.slug,
      name: own.name,
      verificationStatus: own.verificationStatus as VerificationStatus,
      verifiedAt: own.verifiedAt?.toISOString() ?? null,
      authAsCompanyOwner: actingAsCompany,
      privacy: own.privacy as PrivacyLevel,
      image: imageOf(own.imageUrl),
      subscription: ownSubscription,
    },
  };
}

async function profileById(db: Db, id: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return row ?? null;
}
