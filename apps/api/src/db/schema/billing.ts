import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/** One add-on bought on top of a paid plan: spy, stealth, or extra seats (quantity). */
export interface StoredAddon {
  type: "spy" | "stealth" | "seats";
  quantity: number;
}

/**
 * The subscription of one owner profile (a person or a company): the only place a plan is
 * stored, and what every entitlement is read from (contract/plans.ts turns it into features).
 * A trigger gives every new profile its basic row (migration 0012), so no insert path can forget.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey().default(sql`('sub_' || replace(gen_random_uuid()::text, '-', ''))`),
    ownerProfileId: text("owner_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    planTier: text("plan_tier").notNull().default("basic"),
    period: text("period").notNull().default("monthly"),
    /** active | trialing | past_due | canceled (enums.ts subscriptionStatuses). */
    status: text("status").notNull().default("active"),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull().defaultNow(),
    /** Null on the free plan, which never ends. */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    trialStartedAt: timestamp("trial_started_at", { withTimezone: true }),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    /** A free trial is given once per owner (canUseTrial). */
    trialUsed: boolean("trial_used").notNull().default(false),
    addons: jsonb("addons").$type<StoredAddon[]>().notNull().default([]),
    badgeActive: boolean("badge_active").notNull().default(false),
    /** A change that takes effect at the end of the period (downgrade, cancellation, period switch). */
    nextPlanTier: text("next_plan_tier"),
    nextPeriod: text("next_period"),
    /** The payments provider and its ids (sandbox or Stripe). */
    provider: text("provider").notNull().default("sandbox"),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    failedRenewals: integer("failed_renewals").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_owner_idx").on(t.ownerProfileId),
    index("subscriptions_tier_idx").on(t.planTier),
  ],
);
