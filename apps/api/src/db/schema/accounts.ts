import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Identity tables in the shape better-auth's Drizzle adapter expects (user, session, account,
 * verification). A `users` row is a login identity; what the public sees is its profile
 * (profiles.ts). Account lifecycle status lives here because it gates sign-in.
 */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** active | profile-not-completed | deleted | blocked (§4). */
  status: text("status").notNull().default("profile-not-completed"),
  /** Staff role (moderator | admin), apart from company roles; null for everyone else. */
  staffRole: text("staff_role"),
  /**
   * A second factor (TOTP, better-auth's two-factor plugin; its secret is in two_factors) is on:
   * sign-in asks for a code. Staff rights hold only while it is on (the Actor, policy/actor.ts).
   */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  /**
   * A moderation limit (back-office): until then the person reads but does not write (publish,
   * comment, message, follow, react). Null when not limited.
   */
  limitedUntil: timestamp("limited_until", { withTimezone: true }),
  /** The guided tour was finished (POST tooltips/steps/finish); its passed steps: onboarding_steps. */
  onboardingFinishedAt: timestamp("onboarding_finished_at", { withTimezone: true }),
  /** The person closed the getting-started checklist on their home. */
  checklistHiddenAt: timestamp("checklist_hidden_at", { withTimezone: true }),
  phone: text("phone"),
  dateOfBirth: text("date_of_birth"),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
  /** When the sign-up consents (terms, privacy) were given. */
  consentedAt: timestamp("consented_at", { withTimezone: true }),
  /** The create-profile wizard's required fields were filled (status left profile-not-completed). */
  profileCompletedAt: timestamp("profile_completed_at", { withTimezone: true }),
  /** The company onboarding step was finished or skipped. */
  companyWizardCompletedAt: timestamp("company_wizard_completed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The profile acting in this session: the person's own or a company they manage (authBy). */
    activeProfileId: text("active_profile_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * Invitations to join the network (GET/PATCH /user-invites). A person invites an email; the link
 * carries the code; whoever signs up with it (or accepts it later) is linked to the inviter.
 */
export const userInvites = pgTable(
  "user_invites",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull(),
    email: text("email").notNull(),
    /** The profile that invited (a person, or a company acting through its owner). */
    inviterProfileId: text("inviter_profile_id").notNull(),
    inviterUserId: text("inviter_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** pending | accepted | revoked | expired */
    status: text("status").notNull().default("pending"),
    acceptedByUserId: text("accepted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_invites_code_idx").on(t.code),
    index("user_invites_inviter_idx").on(t.inviterUserId, t.createdAt.desc()),
    index("user_invites_email_idx").on(t.email),
  ],
);
