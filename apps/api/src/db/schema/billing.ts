import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/** One add-on bought on top of a paid plan: spy, stealth, or extra seats (quantity). */
export interface StoredAddon {
  type: "spy" | "stealth" | "seats";
  quantity: number;
  /** Removed by its owner: it stays until the paid period ends (prepaid time is never revoked). */
  cancelAtPeriodEnd?: boolean;
  /** A lower quantity from the period's end (fewer seats); the paid ones stay until then. */
  nextQuantity?: number | null;
}

/** A payment waiting for the cardholder's authentication, and the change it pays for. */
export interface StoredPendingAction {
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
  /** What to apply once it is paid: a new subscription (with trial or not) or an upgrade. */
  change: { tier: string; period: string; outcome: string; providerSubscriptionId: string };
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
    /** When the change in next_plan_tier / next_period takes effect (the period's end). */
    nextChangeAt: timestamp("next_change_at", { withTimezone: true }),
    /** The trial-ending reminder was dismissed (reminder/reject). */
    reminderDismissedAt: timestamp("reminder_dismissed_at", { withTimezone: true }),
    /** The owner shows the badge on their profile (PATCH …/me/subscription/badge). */
    badgeVisible: boolean("badge_visible").notNull().default(true),
    badgeCancelAtPeriodEnd: boolean("badge_cancel_at_period_end").notNull().default(false),
    /** The badge offer's reminder was dismissed (…/me/subscription/badge/reminder). */
    badgeReminderDismissedAt: timestamp("badge_reminder_dismissed_at", { withTimezone: true }),
    /** The plan picked before the owner could buy (desired-trial): its trial starts once they can. */
    desiredPlanTier: text("desired_plan_tier"),
    desiredPeriod: text("desired_period"),
    pendingAction: jsonb("pending_action").$type<StoredPendingAction>(),
    /**
     * The vendor's clock of the snapshot last applied: an older snapshot (a late webhook) never
     * overwrites a newer one (the per-subscription ordering guard).
     */
    providerSyncedAt: timestamp("provider_synced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_owner_idx").on(t.ownerProfileId),
    index("subscriptions_tier_idx").on(t.planTier),
  ],
);

/** Webhook events already processed, by the vendor's event id: a replay has no second effect. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Every §4 payment outcome an owner was told, once each: `key` names what caused it (an invoice,
 * a change request), so the answer to a call and the webhook about the same thing tell it once.
 */
export const paymentOutcomeLog = pgTable(
  "payment_outcomes",
  {
    id: text("id").primaryKey().default(sql`('pout_' || replace(gen_random_uuid()::text, '-', ''))`),
    ownerProfileId: text("owner_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    outcome: text("outcome").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_outcomes_key_idx").on(t.key),
    index("payment_outcomes_owner_idx").on(t.ownerProfileId, t.createdAt),
  ],
);

/** Billing history: the vendor's invoices as last seen (amounts in cents). */
export const paymentInvoices = pgTable(
  "payment_invoices",
  {
    id: text("id").primaryKey(),
    ownerProfileId: text("owner_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** paid | open | failed | void */
    status: text("status").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("payment_invoices_owner_idx").on(t.ownerProfileId, t.createdAt)],
);

/**
 * Money-moving requests by their client-chosen key, per owner: a repeat (a double click, a retried
 * request) answers the first one's result; the same key with another request is refused.
 */
export const paymentRequests = pgTable(
  "payment_requests",
  {
    ownerProfileId: text("owner_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestDigest: text("request_digest").notNull(),
    /** Null while the first request is still running. */
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerProfileId, t.key] })],
);

/**
 * The creator application (§4: pending → congratulation or rejected; a rejected applicant may
 * appeal once). Approval opens the creator plan's checkout. One row per person.
 */
export const creatorApplications = pgTable(
  "creator_applications",
  {
    id: text("id").primaryKey().default(sql`('capp_' || replace(gen_random_uuid()::text, '-', ''))`),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** pending | congratulation | rejected */
    status: text("status").notNull().default("pending"),
    /** What they publish, in their words. */
    publishes: text("publishes").notNull(),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    audience: text("audience"),
    decisionNote: text("decision_note"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    appealMessage: text("appeal_message"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("creator_applications_profile_idx").on(t.profileId),
    index("creator_applications_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Who looked at whose profile or publications, per viewer, subject and day (issue 13, the spy
 * add-on): signed-in viewers only, kept 90 days. `stealth`: the viewer held the stealth add-on
 * then, so the visit is never listed to the owner (even after the add-on ends).
 */
export const profileVisits = pgTable(
  "profile_visits",
  {
    ownerProfileId: text("owner_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    viewerProfileId: text("viewer_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** "profile", or the id of the publication viewed. */
    subject: text("subject").notNull(),
    day: text("day").notNull(),
    views: integer("views").notNull().default(1),
    stealth: boolean("stealth").notNull().default(false),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerProfileId, t.viewerProfileId, t.subject, t.day] }),
    index("profile_visits_owner_idx").on(t.ownerProfileId, t.lastViewedAt),
    index("profile_visits_day_idx").on(t.day),
  ],
);

// The sandbox payments vendor's own records (providers/payments/sandbox*.ts): what Stripe would
// hold on its side. Our code reaches them only through the provider interface.

/** Customers, cards, setup and payment intents, subscriptions, invoices: one JSON document each. */
export const paymentsSandboxObjects = pgTable(
  "payments_sandbox_objects",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    customerId: text("customer_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payments_sandbox_objects_type_idx").on(t.type, t.customerId)],
);

/** Events the sandbox made, and whether our webhook took them. */
export const paymentsSandboxEvents = pgTable(
  "payments_sandbox_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** The sandbox clock when it happened. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [index("payments_sandbox_events_pending_idx").on(t.deliveredAt, t.createdAt)],
);

/** The sandbox's test clock: how far it runs ahead of real time. */
export const paymentsSandboxClock = pgTable("payments_sandbox_clock", {
  id: integer("id").primaryKey().default(1),
  offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
});

/** The sandbox's idempotency keys, as Stripe keeps them (24 hours). */
export const paymentsSandboxIdempotency = pgTable("payments_sandbox_idempotency", {
  key: text("key").primaryKey(),
  requestDigest: text("request_digest").notNull(),
  response: jsonb("response").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
