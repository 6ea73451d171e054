import { AppError, type BillingPeriod, type PaymentOutcome, type PlanTier } from "@vn/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  companyMembers,
  paymentInvoices,
  paymentOutcomeLog,
  profiles,
  subscriptions,
  users,
} from "../../db/schema/index";
import { paymentOutcomeMail, trialEndingMail } from "../../providers/mail/templates";
import type { MailProvider } from "../../providers/mail/types";
import type { PaymentsProvider, ProviderInvoice, ProviderSubscription } from "../../providers/payments/types";
import { writeAudit } from "../../shared/audit";
import type { Realtime } from "../../shared/realtime";
import type { SubscriptionRow } from "../../shared/subscriptions";
import {
  basicFields,
  invoiceDescription,
  invoiceStatus,
  isLive,
  liveFields,
  type MirrorFields,
} from "./mirror";

export interface BillingEnv {
  db: Db;
  config: Config;
  provider: PaymentsProvider;
  realtime: () => Realtime | undefined;
  log: FastifyBaseLogger;
  /** Tells owners by mail what happened while they were away; the seed runs without. */
  mail?: MailProvider;
}

/** What to tell with a mirrored change: its §4 outcome, once per key. */
export interface Told {
  outcome: PaymentOutcome;
  key: string;
  data?: Record<string, unknown>;
}

/**
 * What we hold of the vendor's word, and what we tell of it (issue 13): the owner's mirrored
 * subscription row (never older than the snapshot last applied), the billing history, and each
 * §4 outcome told once (payment_outcomes), by socket and, for what happens while the owner is
 * away, by mail. The only writer of plans; the billing service and the webhooks both go through it.
 */
export class BillingLedger {
  constructor(private readonly env: BillingEnv) {}

  private get db(): Db {
    return this.env.db;
  }

  private get provider(): PaymentsProvider {
    return this.env.provider;
  }

  /**
   * Mirror a vendor snapshot into the owner's row (unless a newer one was applied), keep its
   * latest invoice in the history, and tell the outcome once. Returns the row as it now stands.
   */
  async apply(
    ownerProfileId: string,
    subscription: ProviderSubscription,
    told: Told | null,
  ): Promise<SubscriptionRow> {
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.ownerProfileId, ownerProfileId))
        .for("update");
      if (!row) throw new AppError("payments_subscriptionNotFound");
      const fields = this.fieldsFor(row, subscription);
      let next = row;
      if (fields) {
        [next] = (await tx
          .update(subscriptions)
          .set({ ...fields, provider: this.provider.name, updatedAt: new Date() })
          .where(eq(subscriptions.id, row.id))
          .returning()) as [SubscriptionRow];
        if (
          row.planTier !== next.planTier ||
          row.period !== next.period ||
          row.nextPlanTier !== next.nextPlanTier ||
          row.status !== next.status
        ) {
          await writeAudit(tx as Db, {
            action: "plan.changed",
            resourceType: "subscription",
            resourceId: row.id,
            before: { plan: row.planTier, period: row.period, status: row.status, next: row.nextPlanTier },
            after: { plan: next.planTier, period: next.period, status: next.status, next: next.nextPlanTier },
            ...(told ? {} : { actor: null }),
          });
        }
      }
      const fresh = told ? await this.recordOutcome(tx as Db, ownerProfileId, told) : false;
      return { row: next, fresh };
    });
    if (subscription.latestInvoice) await this.recordInvoice(ownerProfileId, subscription.latestInvoice);
    this.env.realtime()?.emitToProfile(ownerProfileId, "payments.subscription", {
      subscriptionId: result.row.id,
      outcome: result.fresh && told ? told.outcome : null,
      plan: result.row.planTier as PlanTier,
      period: result.row.period as BillingPeriod,
      status: result.row.status as "active",
    });
    if (result.fresh && told) this.mailOutcome(ownerProfileId, told.outcome, result.row);
    return result.row;
  }

  /** The mirrored fields for a snapshot, or null when it must not be applied. */
  private fieldsFor(row: SubscriptionRow, subscription: ProviderSubscription): MirrorFields | null {
    // The per-subscription ordering guard: an older snapshot (a late webhook) is history.
    if (row.providerSyncedAt && subscription.asOf < row.providerSyncedAt) return null;
    const ours = row.providerSubscriptionId === subscription.id;
    if (isLive(subscription)) {
      // A live subscription other than ours only replaces a free plan (the first subscribe).
      if (!ours && row.providerSubscriptionId) return null;
      return liveFields(row, subscription);
    }
    if (!ours) return null;
    // Ended (cancelled at the period's end, renewals gave up) → the free plan.
    if (
      subscription.status === "canceled" ||
      subscription.status === "incomplete_expired" ||
      subscription.status === "unpaid"
    ) {
      return basicFields(row, subscription.asOf);
    }
    return null;
  }

  /** True when this outcome is told now; false when it was told before (same key). */
  private async recordOutcome(db: Db, ownerProfileId: string, told: Told): Promise<boolean> {
    const inserted = await db
      .insert(paymentOutcomeLog)
      .values({ ownerProfileId, key: told.key, outcome: told.outcome, data: told.data ?? {} })
      .onConflictDoNothing()
      .returning({ id: paymentOutcomeLog.id });
    return inserted.length > 0;
  }

  async recordInvoice(ownerProfileId: string, invoice: ProviderInvoice): Promise<void> {
    const values = {
      id: invoice.id,
      ownerProfileId,
      provider: this.provider.name,
      description: invoiceDescription(invoice),
      amountCents: invoice.amountDueCents,
      status: invoiceStatus(invoice),
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      createdAt: invoice.createdAt,
    };
    await this.db
      .insert(paymentInvoices)
      .values(values)
      .onConflictDoUpdate({
        target: paymentInvoices.id,
        set: { status: values.status, amountCents: values.amountCents, description: values.description },
      });
  }

  mailOutcome(ownerProfileId: string, outcome: PaymentOutcome, row: SubscriptionRow): void {
    // Renewals and failures happen while the owner is away; the rest they just did on screen.
    if (!["renewed", "failed", "trial_failed", "downgraded"].includes(outcome) || !this.env.mail) return;
    void (async () => {
      const email = await this.emailOf(ownerProfileId);
      if (!email) return;
      const url = new URL("/settings/billing", this.env.config.WEB_ORIGIN).toString();
      await this.env.mail!.send(paymentOutcomeMail(email, outcome, row.planTier, url));
    })().catch((error: unknown) => this.env.log.warn({ err: error }, "could not mail a payment outcome"));
  }

  /** Where an owner's billing mail goes: the person, or the company's owner. */
  async emailOf(ownerProfileId: string): Promise<string | null> {
    const [profile] = await this.db
      .select({ type: profiles.type, userId: profiles.userId, email: users.email })
      .from(profiles)
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.id, ownerProfileId));
    if (!profile) return null;
    if (profile.email) return profile.email;
    const [owner] = await this.db
      .select({ email: users.email })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, ownerProfileId), eq(companyMembers.role, "owner")))
      .limit(1);
    return owner?.email ?? null;
  }

  async recordOutcomeOnce(ownerProfileId: string, key: string): Promise<boolean> {
    const inserted = await this.db
      .insert(paymentOutcomeLog)
      .values({ ownerProfileId, key, outcome: "reminder" })
      .onConflictDoNothing()
      .returning({ id: paymentOutcomeLog.id });
    return inserted.length > 0;
  }

  mailReminder(ownerProfileId: string, plan: PlanTier, trialEnd: Date): void {
    if (!this.env.mail) return;
    void (async () => {
      const email = await this.emailOf(ownerProfileId);
      if (!email) return;
      const url = new URL("/settings/billing", this.env.config.WEB_ORIGIN).toString();
      await this.env.mail!.send(trialEndingMail(email, plan, trialEnd, url));
    })().catch((error: unknown) => this.env.log.warn({ err: error }, "could not mail a trial reminder"));
  }
}
