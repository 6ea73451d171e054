import { z } from "zod";
import {
  addonTypes,
  billingPeriods,
  commentsModes,
  ownerTypes,
  permissionScopes,
  permissionValues,
  planTiers,
  privacyLevels,
  staffRoles,
  userStatuses,
  verificationStatuses,
} from "../enums";

/**
 * The Session, the Session user and the Subscription of spec §3, as GET /api/v1/users/me and
 * the auth routes send them.
 *
 * Acting as a company (POST /users/switch-account) changes the account-level fields: `id`, `type`,
 * `name`, `slug`, `image`, `verificationStatus`, `verifiedAt`, `privacy`, `permissions`,
 * `isManager` and `subscription` describe the acting account (the person's own profile, or the
 * company). The person-level fields (`userId`, `email`, `phone`, `status`, `dateOfBirth`, the
 * wizard flags, `countCompanyProfiles`, `comments`) always describe the signed-in person, and
 * `authBy` is always the person's own profile, with `authAsCompanyOwner` true while they act for
 * a company.
 */

export const imageRefSchema = z.object({ urls: z.object({ preview: z.string() }) }).nullable();

export const planFeatureValueSchema = z.union([z.number(), z.boolean(), z.null()]);

export const subscriptionPlanSchema = z.object({
  slug: z.enum(planTiers),
  title: z.string(),
  ownerType: z.enum(ownerTypes),
  currency: z.literal("USD"),
  /** USD per month / per year; null for "contact us" (enterprise). */
  price: z.object({ monthly: z.number().nullable(), annual: z.number().nullable() }),
  period: z.enum(billingPeriods),
  /** Entitlements of plans.ts; a null limit means unlimited. */
  features: z.record(z.string(), planFeatureValueSchema),
});

export const subscriptionSchema = z
  .object({
    canUseTrial: z.boolean(),
    lastActive: z.object({ isTrial: z.boolean(), plan: z.object({ slug: z.enum(planTiers) }) }).nullable(),
    publicId: z.string(),
    current: z.object({
      plan: subscriptionPlanSchema,
      addons: z.array(
        z.object({
          type: z.object({ id: z.enum(addonTypes), title: z.string() }),
          quantity: z.number().int(),
        }),
      ),
      badge: z.object({ active: z.boolean() }).nullable(),
    }),
    next: z.object({ plan: z.object({ slug: z.enum(planTiers) }) }).nullable(),
  })
  .meta({ id: "Subscription" });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const authBySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  verificationStatus: z.enum(verificationStatuses),
  verifiedAt: z.string().nullable(),
  /** True while the person acts for a company they own or manage. */
  authAsCompanyOwner: z.boolean(),
  privacy: z.enum(privacyLevels),
  image: imageRefSchema,
  subscription: subscriptionSchema,
});

export const sessionUserSchema = z
  .object({
    /** The acting profile's id. */
    id: z.string(),
    /** The signed-in person's login id. */
    userId: z.string(),
    type: z.object({ id: z.enum(ownerTypes), title: z.string() }),
    permissions: z.record(z.enum(permissionScopes), z.enum(permissionValues)),
    verifiedAt: z.string().nullable(),
    verificationStatus: z.enum(verificationStatuses),
    isManager: z.boolean(),
    /**
     * The person's staff role (moderator, admin), apart from company roles; null for everyone else,
     * and null until the person has a second factor on (issue 16: no staff rights without it).
     */
    staffRole: z.enum(staffRoles).nullable(),
    /** Issue 16: a second factor (TOTP) is on for this person. */
    twoFactorEnabled: z.boolean(),
    /** Issue 16: the person holds a staff role that starts once the second factor is on. */
    staffNeedsTwoFactor: z.boolean(),
    /**
     * Issue 16: a moderation limit is in force until this time (ISO); null when none. While it
     * lasts the person reads but does not write (403 account_limited).
     */
    limitedUntil: z.string().nullable(),
    privacy: z.enum(privacyLevels),
    status: z.object({ id: z.enum(userStatuses), title: z.string() }),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    phone: z.string().nullable(),
    slug: z.string(),
    image: imageRefSchema,
    countCompanyProfiles: z.number().int(),
    isProfileWizardCompleted: z.boolean(),
    isCompanyWizardCompleted: z.boolean(),
    comments: z.object({ canComment: z.boolean(), defaultMode: z.enum(commentsModes) }),
    dateOfBirth: z.string().nullable(),
    subscription: subscriptionSchema,
    authBy: authBySchema,
    /**
     * Issue 18: the guided tour has steps left (GET tooltips/steps), so the onboarding redirect of
     * §2 applies. Always false while acting as a company (§6) and before the profile is finished.
     */
    hasUnfinishedOnboarding: z.boolean(),
  })
  .meta({ id: "SessionUser" });
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionUserResponseSchema = z.object({ data: sessionUserSchema });

/**
 * §3 Session: token and user (restore answers it). The token only to API clients: a browser's
 * request (Origin, Sec-Fetch-Site or cookies) gets none, its session rides in the httpOnly cookie
 * (issue 11, docs/decisions/0015-session-token-exposure.md).
 */
export const sessionSchema = z
  .object({ token: z.string().optional(), expiresAt: z.string(), user: sessionUserSchema })
  .meta({ id: "Session" });
export type Session = z.infer<typeof sessionSchema>;
export const sessionResponseSchema = z.object({ data: sessionSchema });

/**
 * The Session as GET /api/auth/session shows it to pages (issue 11): expiry and user, never the
 * token. Page JavaScript must not read the session token (the cookie is httpOnly); the socket
 * takes a single-use ticket (POST /api/v1/realtime/ticket) instead.
 */
export const pageSessionSchema = sessionSchema.omit({ token: true }).meta({ id: "PageSession" });
export type PageSession = z.infer<typeof pageSessionSchema>;

/** A company the person may act for (the header's account switcher). */
export const companyMembershipSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  role: z.enum(["owner", "manager", "company_employee"]),
  verificationStatus: z.enum(verificationStatuses),
  image: imageRefSchema,
});
export const companyMembershipsResponseSchema = z.object({ data: z.array(companyMembershipSchema) });

/** The login as better-auth answers it on /api/auth routes (the full Session user is /users/me). */
export const authUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AuthUser" });

/** A signed-in answer: the session started (cookie; the token to API clients). */
export const signedInResponseSchema = z.object({
  redirect: z.boolean(),
  /**
   * The session token, for `Authorization: Bearer` (API clients, the socket); absent in the answer
   * to a browser, whose session is the httpOnly cookie (decision 0015).
   */
  token: z.string().optional(),
  url: z.string().nullable().optional(),
  user: authUserSchema,
});

/**
 * Issue 16: the password was right and the account has a second factor on: no session yet. The
 * second step (POST /api/auth/two-factor/verify-totp or /verify-backup-code) finishes the sign-in
 * within 10 minutes. A browser holds the challenge in an httpOnly cookie; an API client gets it
 * as `twoFactorToken` and sends it back with the code.
 */
export const twoFactorChallengeSchema = z
  .object({
    twoFactorRedirect: z.literal(true),
    twoFactorMethods: z.array(z.enum(["totp", "otp"])),
    twoFactorToken: z.string().optional(),
  })
  .meta({ id: "TwoFactorChallenge" });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** Sign-in answers: signed in, or (second factor on) the challenge of the second step. */
export const signInResponseSchema = z.union([signedInResponseSchema, twoFactorChallengeSchema]);

/** The second step signed in: the token to API clients only (decision 0015), and the login. */
export const twoFactorSignedInSchema = z.object({
  token: z.string().optional(),
  user: authUserSchema.extend({ twoFactorEnabled: z.boolean().optional() }),
});

/**
 * Enabling: the authenticator's setup (the otpauth:// URI and its base32 key, to type in or copy)
 * and 10 backup codes, shown this once. The second factor is on after the first code (confirm).
 */
export const twoFactorEnableResponseSchema = z
  .object({ totpURI: z.string(), secret: z.string(), backupCodes: z.array(z.string()) })
  .meta({ id: "TwoFactorSetup" });

/**
 * Confirmed or turned off. The session was replaced by a new one (the cookie is set; API clients
 * get its token here, the old one ended).
 */
export const twoFactorStatusResponseSchema = z.object({
  twoFactorEnabled: z.boolean(),
  token: z.string().optional(),
});

export const signUpResponseSchema = z.object({
  /** Null until the email is verified with the mailed code (POST /api/auth/email-otp/verify-email). */
  token: z.null(),
  user: authUserSchema,
  verification: z.object({
    channel: z.literal("email"),
    /** False when the mail could not be handed over; POST /api/auth/email-otp/send-verification-otp resends. */
    codeSent: z.boolean(),
    expiresAt: z.string(),
  }),
});

export const verifyEmailResponseSchema = z.object({
  status: z.literal(true),
  /** The new session's token (the cookie is set too); absent in the answer to a browser (decision 0015). */
  token: z.string().nullable().optional(),
  user: authUserSchema,
});

export const authSuccessSchema = z.object({ success: z.boolean() });
export const authStatusSchema = z.object({ status: z.boolean(), message: z.string().optional() });
export const csrfResponseSchema = z.object({ csrfToken: z.string() });
export const authProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["credentials", "email"]),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});
export const providersResponseSchema = z.record(z.string(), authProviderSchema);
