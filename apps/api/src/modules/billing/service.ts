import {
  type AddonType,
  AppError,
  type BillingPeriod,
  type BillingState,
  changeOf,
  entitlement,
  FREE_TRIAL_DAYS,
  format,
  hasFeature,
  INVITED_TRIAL_DAYS,
  messages,
  type OwnerType,
  type PaymentOutcome,
  type PlanTier,
  plans,
} from "@vn/contract";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  companyMembers,
  paymentInvoices,
  profiles,
  type StoredAddon,
  type StoredPendingAction,
  subscriptions,
  userInvites,
  users,
} from "../../db/schema/index";
import type {
  ItemSpec,
  PaymentsProvider,
  ProviderEvent,
  ProviderSubscription,
} from "../../providers/payments/types";
import { writeAudit } from "../../shared/audit";
import { type SubscriptionRow, subscriptionRow, subscriptionView } from "../../shared/subscriptions";
import { CreatorApplications } from "./creator";
import { type BillingEnv, BillingLedger } from "./ledger";
import { itemsFor } from "./mirror";
import { once, serialized } from "./requests";
import { BillingWebhooks } from "./webhooks";

/** Who the billing belongs to: the acting owner (a person, or the company they act for). */
export interface Owner {
  profileId: string;
  profileType: OwnerType;
  /** The person acting (their email names the vendor's customer). */
  userId: string;
}

export interface ChangeResult {
  outcome: PaymentOutcome | null;
  status: "done" | "requires_action";
  pendingAction: BillingState["billing"]["pendingAction"];
  state: BillingState;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Billing (issue 13): the only code that moves an owner's plan. The vendor (Stripe or the
 * sandbox) owns the billing cycle; this service asks it for changes and mirrors what it answers
 * into `subscriptions`, which every entitlement is read from, so a change takes effect the
 * moment the vendor confirms it. Time-driven changes (trial ends, renewals, failed renewals,
 * scheduled downgrades) arrive as webhook events, each processed once (payment_events), and a
 * snapshot older than the one applied is never applied (providerSyncedAt). Every §4 outcome is
 * told once (payment_outcomes): by socket, by mail where the owner may be away, and in the
 * audit log with the change.
 */
export class BillingService {
  readonly creators: CreatorApplications;
  private readonly ledger: BillingLedger;
  private readonly webhooks: BillingWebhooks;

  constructor(private readonly env: BillingEnv) {
    this.creators = new CreatorApplications(env);
    this.ledger = new BillingLedger(env);
    this.webhooks = new BillingWebhooks(env, this.ledger);
  }

  /** One vendor event, processed once whatever the order or number of deliveries. */
  applyEvent(event: ProviderEvent): Promise<{ duplicate: boolean }> {
    return this.webhooks.apply(event);
  }

  private get db(): Db {
    return this.env.db;
  }

  private get provider(): PaymentsProvider {
    return this.env.provider;
  }

  // Reading ---------------------------------------------------------------------------------------

  private async row(owner: Pick<Owner, "profileId">): Promise<SubscriptionRow> {
    const row = await subscriptionRow(this.db, owner.profileId);
    if (!row) throw new AppError("payments_subscriptionNotFound");
    return row;
  }

  /** The row a request names by its public id, which must be the acting owner's. */
  private async owned(owner: Owner, subscriptionId: string): Promise<SubscriptionRow> {
    const row = await this.row(owner);
    if (row.id !== subscriptionId) throw new AppError("payments_subscriptionNotFound");
    return row;
  }

  async state(owner: Owner, known?: SubscriptionRow): Promise<BillingState> {
    const row = known ?? (await this.row(owner));
    const paymentMethod = row.providerCustomerId
      ? await this.provider.defaultPaymentMethod(row.providerCustomerId)
      : null;
    // Days left are counted on the vendor's clock: the trial ends when the vendor says.
    const now = (await this.provider.now?.())?.getTime() ?? Date.now();
    const trialing = row.status === "trialing" && row.trialEndsAt;
    return {
      ...subscriptionView(owner.profileType, row),
      billing: {
        status: row.status as BillingState["billing"]["status"],
        period: row.period as BillingPeriod,
        currentPeriodStart: row.currentPeriodStart.toISOString(),
        currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
        trialEndsAt: trialing ? row.trialEndsAt!.toISOString() : null,
        trialDaysLeft: trialing ? Math.max(0, Math.ceil((row.trialEndsAt!.getTime() - now) / DAY_MS)) : null,
        reminderDismissed: row.reminderDismissedAt !== null,
        nextChange:
          row.nextPlanTier && row.nextChangeAt
            ? {
                plan: row.nextPlanTier as PlanTier,
                period: (row.nextPeriod ?? row.period) as BillingPeriod,
                at: row.nextChangeAt.toISOString(),
              }
            : null,
        addons: row.addons.map((addon) => ({
          type: addon.type,
          quantity: addon.quantity,
          cancelAtPeriodEnd: addon.cancelAtPeriodEnd ?? false,
          nextQuantity: addon.nextQuantity ?? null,
        })),
        badge: {
          active: row.badgeActive,
          visible: row.badgeVisible,
          cancelAtPeriodEnd: row.badgeCancelAtPeriodEnd,
        },
        failedRenewals: row.failedRenewals,
        paymentMethod,
        pendingAction: row.pendingAction
          ? {
              paymentIntentId: row.pendingAction.paymentIntentId,
              clientSecret: row.pendingAction.clientSecret,
              amountCents: row.pendingAction.amountCents,
            }
          : null,
        provider: { name: this.provider.name, publishableKey: this.provider.publishableKey },
      },
    };
  }

  async invoices(owner: Owner) {
    const rows = await this.db
      .select()
      .from(paymentInvoices)
      .where(eq(paymentInvoices.ownerProfileId, owner.profileId))
      .orderBy(desc(paymentInvoices.createdAt))
      .limit(100);
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      description: row.description,
      amountCents: row.amountCents,
      currency: "USD" as const,
      status: row.status as "paid" | "open" | "failed" | "void",
      periodStart: row.periodStart?.toISOString() ?? null,
      periodEnd: row.periodEnd?.toISOString() ?? null,
    }));
  }

  async defaultPaymentMethod(owner: Owner) {
    const row = await this.row(owner);
    return row.providerCustomerId ? this.provider.defaultPaymentMethod(row.providerCustomerId) : null;
  }

  // Cards -----------------------------------------------------------------------------------------

  /** The owner's customer at the vendor, made on first need. */
  private async customerOf(owner: Owner, row: SubscriptionRow): Promise<string> {
    if (row.providerCustomerId) return row.providerCustomerId;
    const [who] = await this.db
      .select({ name: profiles.name, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, owner.userId))
      .where(eq(profiles.id, owner.profileId));
    const customer = await this.provider.createCustomer(
      { ownerProfileId: owner.profileId, email: who?.email ?? null, name: who?.name ?? owner.profileId },
      `customer-${owner.profileId}`,
    );
    await this.db
      .update(subscriptions)
      .set({ providerCustomerId: customer.id, provider: this.provider.name, updatedAt: new Date() })
      .where(eq(subscriptions.id, row.id));
    return customer.id;
  }

  async setupIntent(owner: Owner, idempotencyKey: string) {
    return serialized(owner.profileId, async () => {
      const row = await this.row(owner);
      const customerId = await this.customerOf(owner, row);
      const intent = await this.provider.createSetupIntent(
        customerId,
        `setup-${owner.profileId}-${idempotencyKey}`,
      );
      return {
        setupIntentId: intent.id,
        clientSecret: intent.clientSecret,
        provider: this.provider.name,
        publishableKey: this.provider.publishableKey,
        confirmUrl:
          this.provider.name === "sandbox"
            ? `/api/v1/payments-sandbox/setup-intents/${intent.id}/confirm`
            : null,
      };
    });
  }

  async deletePaymentMethod(owner: Owner, paymentMethodId: string): Promise<void> {
    await serialized(owner.profileId, async () => {
      const row = await this.row(owner);
      const card = row.providerCustomerId
        ? await this.provider.defaultPaymentMethod(row.providerCustomerId)
        : null;
      if (!card || card.id !== paymentMethodId) throw new AppError("payments_paymentMethodNotFound");
      // A paid plan that will renew needs its card; one that ends at the period's end does not.
      const renews = row.providerSubscriptionId !== null && row.nextPlanTier !== "basic";
      if (renews) throw new AppError("payments_paymentMethodInUse");
      await this.provider.detachPaymentMethod(paymentMethodId);
      await writeAudit(this.db, {
        action: "billing.cardRemoved",
        resourceType: "subscription",
        resourceId: row.id,
        before: { brand: card.brand, last4: card.last4 },
      });
    });
  }

  // Changing the plan -----------------------------------------------------------------------------

  private async planFor(owner: Owner, tier: PlanTier) {
    const plan = plans.find((candidate) => candidate.owner === owner.profileType && candidate.tier === tier);
    if (!plan) throw new AppError("payments_planUnavailable");
    // Creator needs an approved application; enterprise is "contact us" (the enquiry form).
    const approvedCreator = tier === "creator" && (await this.creators.approved(owner.profileId));
    if (!plan.selfServe && !approvedCreator) throw new AppError("payments_planNotSelfServe");
    return plan;
  }

  /** A company may not fall below the team it has (issue 13: say what to do first). */
  private async checkTeamFits(owner: Owner, row: SubscriptionRow, tier: PlanTier): Promise<void> {
    if (owner.profileType !== "company") return;
    const included = entitlement("company", tier, "team.membersIncluded") as number;
    const seats = this.keptAddons(row).find((addon) => addon.type === "seats")?.quantity ?? 0;
    const [members] = await this.db
      .select({ n: count() })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, owner.profileId));
    const size = Number(members?.n ?? 0);
    if (size > included + seats) {
      throw new AppError("payments_teamTooLarge", {
        message: format(messages.paymentsTeamTooLarge, { members: size, included: included + seats }),
        details: { members: size, included: included + seats },
      });
    }
  }

  async change(
    owner: Owner,
    subscriptionId: string,
    request: { plan: PlanTier; period: BillingPeriod; trial: boolean; idempotencyKey: string },
  ): Promise<ChangeResult> {
    const { idempotencyKey, ...what } = request;
    return serialized(owner.profileId, () =>
      once(this.db, owner.profileId, `change:${idempotencyKey}`, what, async () => {
        const row = await this.owned(owner, subscriptionId);
        if (row.pendingAction) throw new AppError("payments_actionPending");
        const vendorKey = `${owner.profileId}-${idempotencyKey}`;
        if (request.plan === "basic" && !row.providerSubscriptionId) throw new AppError("payments_noChange");
        if (request.plan !== "basic") await this.planFor(owner, request.plan);
        if (!row.providerSubscriptionId) return this.subscribe(owner, row, request, vendorKey);
        return this.modify(owner, row, request, vendorKey);
      }),
    );
  }

  /** From the free plan: a trial, or the first period paid now. */
  private async subscribe(
    owner: Owner,
    row: SubscriptionRow,
    request: { plan: PlanTier; period: BillingPeriod; trial: boolean },
    vendorKey: string,
  ): Promise<ChangeResult> {
    const plan = await this.planFor(owner, request.plan);
    if (request.trial && (!plan.trial || row.trialUsed)) throw new AppError("payments_trialUnavailable");
    const customerId = await this.customerOf(owner, row);
    if (!(await this.provider.defaultPaymentMethod(customerId)))
      throw new AppError("payments_noPaymentMethod");
    const promotion = request.trial ? await this.promotionInvite(owner, row) : null;
    const subscription = await this.provider.createSubscription({
      customerId,
      items: itemsFor(owner.profileType, { tier: request.plan, period: request.period }),
      ...(request.trial ? { trialDays: promotion?.available ? promotion.trialDays : FREE_TRIAL_DAYS } : {}),
      metadata: { ownerProfileId: owner.profileId },
      idempotencyKey: vendorKey,
    });
    // The plan picked before they could buy, started now: the desired subscription.
    const desired = request.trial && row.desiredPlanTier === request.plan;
    const outcome: PaymentOutcome = request.trial
      ? desired
        ? "desired_subscription_activated"
        : "created"
      : "upgraded";
    if (desired) {
      await this.db
        .update(subscriptions)
        .set({ desiredPlanTier: null, desiredPeriod: null })
        .where(eq(subscriptions.id, row.id));
    }
    return this.settle(
      owner,
      subscription,
      { tier: request.plan, period: request.period, outcome },
      vendorKey,
    );
  }

  /** From a paid plan: upgrades now (prorated), the rest at the period's end. */
  private async modify(
    owner: Owner,
    row: SubscriptionRow,
    request: { plan: PlanTier; period: BillingPeriod; trial: boolean },
    vendorKey: string,
  ): Promise<ChangeResult> {
    if (request.trial) throw new AppError("payments_trialUnavailable");
    const current = { tier: row.planTier as PlanTier, period: row.period as BillingPeriod };
    const choice = { tier: request.plan, period: request.period };
    const change = changeOf(current, choice);
    if (!change) throw new AppError("payments_noChange");
    const subscriptionId = row.providerSubscriptionId!;
    if (change.timing === "now") {
      const subscription = await this.provider.updateSubscriptionNow(
        subscriptionId,
        itemsFor(owner.profileType, choice, {
          addons: row.addons,
          badge: row.badgeActive && !row.badgeCancelAtPeriodEnd,
        }),
        vendorKey,
      );
      const result = await this.settle(
        owner,
        subscription,
        { ...choice, outcome: change.outcome },
        vendorKey,
      );
      // An upgrade supersedes a downgrade or cancellation that was waiting for the period's end.
      const after =
        result.status === "done" ? await this.provider.retrieveSubscription(subscriptionId) : null;
      if (after && (after.scheduled || after.cancelAtPeriodEnd)) {
        const released = after.cancelAtPeriodEnd
          ? await this.provider.setCancelAtPeriodEnd(subscriptionId, false, `${vendorKey}-keep`)
          : await this.provider.scheduleAtPeriodEnd(subscriptionId, null, `${vendorKey}-keep`);
        const mirrored = await this.ledger.apply(owner.profileId, released, null);
        return { ...result, state: await this.state(owner, mirrored) };
      }
      return result;
    }
    await this.checkTeamFits(owner, row, request.plan);
    const subscription =
      request.plan === "basic"
        ? await this.provider.setCancelAtPeriodEnd(subscriptionId, true, vendorKey)
        : await this.provider.scheduleAtPeriodEnd(
            subscriptionId,
            // The badge needs premium and above: a lower plan leaves it behind.
            itemsFor(owner.profileType, choice, {
              addons: row.addons,
              badge: row.badgeActive && !row.badgeCancelAtPeriodEnd && request.plan !== "standard",
            }),
            vendorKey,
          );
    const state = await this.ledger.apply(owner.profileId, subscription, {
      outcome: change.outcome,
      key: `change:${vendorKey}`,
      data: { plan: request.plan, period: request.period, at: subscription.currentPeriodEnd.toISOString() },
    });
    return {
      outcome: change.outcome,
      status: "done",
      pendingAction: null,
      state: await this.state(owner, state),
    };
  }

  /**
   * What the vendor answered to a change paid now: done (mirror it, tell it), waiting for the
   * cardholder (keep what it waits on), or declined (undo, say so: nothing changed).
   */
  private async settle(
    owner: Owner,
    subscription: ProviderSubscription,
    change: { tier: PlanTier; period: BillingPeriod; outcome: PaymentOutcome },
    vendorKey: string,
  ): Promise<ChangeResult> {
    const waiting = subscription.status === "incomplete" || subscription.pendingUpdate !== null;
    if (!waiting) {
      const row = await this.ledger.apply(owner.profileId, subscription, {
        outcome: change.outcome,
        key: `change:${vendorKey}`,
        data: { plan: change.tier, period: change.period },
      });
      return {
        outcome: change.outcome,
        status: "done",
        pendingAction: null,
        state: await this.state(owner, row),
      };
    }
    const intent = subscription.latestInvoice?.paymentIntent;
    if (intent?.status === "requires_action") {
      const pendingAction: StoredPendingAction = {
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        amountCents: intent.amountCents,
        change: {
          tier: change.tier,
          period: change.period,
          outcome: change.outcome,
          providerSubscriptionId: subscription.id,
        },
      };
      const [row] = await this.db
        .update(subscriptions)
        .set({ pendingAction, updatedAt: new Date() })
        .where(eq(subscriptions.ownerProfileId, owner.profileId))
        .returning();
      this.env.realtime()?.emitToProfile(owner.profileId, "payments.payment_method.action_required", {
        subscriptionId: row!.id,
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        amountCents: intent.amountCents,
      });
      const action = {
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        amountCents: intent.amountCents,
      };
      return {
        outcome: null,
        status: "requires_action",
        pendingAction: action,
        state: await this.state(owner, row),
      };
    }
    // Declined: a new subscription that never started is abandoned; an upgrade's pending update
    // lapses at the vendor. Either way the owner keeps exactly what they had.
    if (subscription.status === "incomplete") await this.provider.cancelNow(subscription.id);
    if (subscription.latestInvoice)
      await this.ledger.recordInvoice(owner.profileId, subscription.latestInvoice);
    throw new AppError("payments_paymentFailed", {
      details: { declineCode: intent?.declineCode ?? "card_declined" },
    });
  }

  /** After the cardholder authenticated (or failed to): finish the change it was for. */
  async requireAction(owner: Owner, paymentIntentId: string): Promise<ChangeResult> {
    return serialized(owner.profileId, async () => {
      const row = await this.row(owner);
      const pending = row.pendingAction;
      if (!pending || pending.paymentIntentId !== paymentIntentId)
        throw new AppError("payments_actionNotFound");
      const intent = await this.provider.retrievePaymentIntent(paymentIntentId);
      if (intent.status === "requires_action") {
        const action = {
          paymentIntentId,
          clientSecret: pending.clientSecret,
          amountCents: pending.amountCents,
        };
        return {
          outcome: null,
          status: "requires_action",
          pendingAction: action,
          state: await this.state(owner, row),
        };
      }
      await this.db.update(subscriptions).set({ pendingAction: null }).where(eq(subscriptions.id, row.id));
      const subscription = await this.provider.retrieveSubscription(pending.change.providerSubscriptionId);
      if (intent.status !== "succeeded") {
        if (subscription.status === "incomplete") await this.provider.cancelNow(subscription.id);
        throw new AppError("payments_paymentFailed", {
          details: { declineCode: intent.declineCode ?? "authentication_failed" },
        });
      }
      const outcome = pending.change.outcome as PaymentOutcome;
      const next = await this.ledger.apply(owner.profileId, subscription, {
        outcome,
        key: `intent:${paymentIntentId}`,
        data: { plan: pending.change.tier, period: pending.change.period },
      });
      return { outcome, status: "done", pendingAction: null, state: await this.state(owner, next) };
    });
  }

  async preview(owner: Owner, subscriptionId: string, request: { plan: PlanTier; period: BillingPeriod }) {
    const row = await this.owned(owner, subscriptionId);
    if (request.plan !== "basic") await this.planFor(owner, request.plan);
    const current = { tier: row.planTier as PlanTier, period: row.period as BillingPeriod };
    const choice = { tier: request.plan, period: request.period };
    const change = changeOf(current, choice);
    if (!change) throw new AppError("payments_noChange");
    const items = itemsFor(owner.profileType, choice, { addons: row.addons, badge: row.badgeActive });
    if (!row.providerSubscriptionId) {
      const customerId = await this.customerOf(owner, row);
      const preview = await this.provider.previewCreate(customerId, items);
      const trial =
        !row.trialUsed &&
        plans.some((p) => p.owner === owner.profileType && p.tier === request.plan && p.trial);
      return {
        timing: "now" as const,
        outcome: trial ? ("created" as const) : change.outcome,
        // A trial charges nothing today; the first period is charged when it ends.
        amountDueCents: trial ? 0 : preview.amountDueCents,
        effectiveAt: new Date().toISOString(),
        nextPeriodCents: preview.nextPeriodCents,
        lines: preview.lines.map((line) => ({
          description: line.description,
          amountCents: line.amountCents,
        })),
      };
    }
    if (change.timing === "periodEnd") {
      const preview =
        request.plan === "basic" ? null : await this.provider.previewCreate(row.providerCustomerId!, items);
      return {
        timing: "periodEnd" as const,
        outcome: change.outcome,
        amountDueCents: 0,
        effectiveAt: (row.currentPeriodEnd ?? new Date()).toISOString(),
        nextPeriodCents: preview?.nextPeriodCents ?? 0,
        lines: [],
      };
    }
    const preview = await this.provider.previewUpdate(row.providerSubscriptionId, items);
    return {
      timing: "now" as const,
      outcome: change.outcome,
      amountDueCents: preview.amountDueCents,
      effectiveAt: new Date().toISOString(),
      nextPeriodCents: preview.nextPeriodCents,
      lines: preview.lines.map((line) => ({ description: line.description, amountCents: line.amountCents })),
    };
  }

  async cancelChanges(owner: Owner, subscriptionId: string): Promise<BillingState> {
    return serialized(owner.profileId, async () => {
      const row = await this.owned(owner, subscriptionId);
      if (!row.providerSubscriptionId || !row.nextPlanTier) throw new AppError("payments_noScheduledChange");
      const key = `cancel-${row.id}-${row.nextChangeAt?.getTime() ?? 0}`;
      const subscription =
        row.nextPlanTier === "basic"
          ? await this.provider.setCancelAtPeriodEnd(row.providerSubscriptionId, false, key)
          : await this.provider.scheduleAtPeriodEnd(row.providerSubscriptionId, null, key);
      const next = await this.ledger.apply(owner.profileId, subscription, null);
      this.env.realtime()?.emitToProfile(owner.profileId, "payments.subscription.cancel_future_changes", {
        subscriptionId: row.id,
      });
      return this.state(owner, next);
    });
  }

  // Add-ons and the badge ---------------------------------------------------------------------------

  /** A paid plan at the vendor: add-ons and the badge are items of it. */
  private async paidRow(owner: Owner, subscriptionId: string): Promise<SubscriptionRow> {
    const row = await this.owned(owner, subscriptionId);
    if (!row.providerSubscriptionId || row.planTier === "basic")
      throw new AppError("payments_paidPlanRequired");
    if (row.pendingAction) throw new AppError("payments_actionPending");
    return row;
  }

  private currentPlan(row: SubscriptionRow) {
    return { tier: row.planTier as PlanTier, period: row.period as BillingPeriod };
  }

  /**
   * What the subscription holds from the period's end: the scheduled plan (or the current one)
   * with these add-ons and badge. Null when that is what it holds now (no schedule needed).
   */
  private nextPhase(
    owner: Owner,
    row: SubscriptionRow,
    addons: StoredAddon[],
    badge: boolean,
  ): ItemSpec[] | null {
    const plan =
      row.nextPlanTier && row.nextPlanTier !== "basic"
        ? { tier: row.nextPlanTier as PlanTier, period: (row.nextPeriod ?? row.period) as BillingPeriod }
        : this.currentPlan(row);
    const next = itemsFor(owner.profileType, plan, { addons, badge });
    const now = itemsFor(owner.profileType, this.currentPlan(row), {
      addons: row.addons.map((addon) => ({ ...addon, cancelAtPeriodEnd: false })),
      badge: row.badgeActive,
    });
    const same = (a: ItemSpec[], b: ItemSpec[]) =>
      a.length === b.length &&
      a.every((item) => b.some((other) => other.price === item.price && other.quantity === item.quantity));
    return same(next, now) ? null : next;
  }

  /** Add-ons as they will be kept from the period's end (the ones set to end are left out). */
  private keptAddons(row: SubscriptionRow): StoredAddon[] {
    return row.addons
      .filter((addon) => !addon.cancelAtPeriodEnd)
      .map((addon) => ({ type: addon.type, quantity: addon.nextQuantity ?? addon.quantity }));
  }

  /** Buy now (prorated) what `items` adds, and keep a scheduled plan change carrying it too. */
  private async buyNow(
    owner: Owner,
    row: SubscriptionRow,
    items: ItemSpec[],
    next: { addons: StoredAddon[]; badge: boolean },
    outcome: PaymentOutcome,
    vendorKey: string,
  ): Promise<ChangeResult> {
    const subscription = await this.provider.updateSubscriptionNow(
      row.providerSubscriptionId!,
      items,
      vendorKey,
    );
    const result = await this.settle(owner, subscription, { ...this.currentPlan(row), outcome }, vendorKey);
    if (result.status === "done" && row.nextPlanTier && row.nextPlanTier !== "basic") {
      const fresh = await this.row(owner);
      const phase = this.nextPhase(owner, fresh, next.addons, next.badge);
      const rescheduled = await this.provider.scheduleAtPeriodEnd(
        row.providerSubscriptionId!,
        phase,
        `${vendorKey}-next`,
      );
      const mirrored = await this.ledger.apply(owner.profileId, rescheduled, null);
      return { ...result, state: await this.state(owner, mirrored) };
    }
    return result;
  }

  /** Change only what the period's end brings (removals, lower quantities, renewals). */
  private async scheduleOnly(
    owner: Owner,
    row: SubscriptionRow,
    next: { addons: StoredAddon[]; badge: boolean },
    vendorKey: string,
  ): Promise<ChangeResult> {
    // Everything ends with the period anyway: nothing to schedule.
    if (row.nextPlanTier === "basic")
      return { outcome: null, status: "done", pendingAction: null, state: await this.state(owner, row) };
    const phase = this.nextPhase(owner, row, next.addons, next.badge);
    const subscription = await this.provider.scheduleAtPeriodEnd(
      row.providerSubscriptionId!,
      phase,
      vendorKey,
    );
    const mirrored = await this.ledger.apply(owner.profileId, subscription, null);
    return { outcome: null, status: "done", pendingAction: null, state: await this.state(owner, mirrored) };
  }

  async addon(
    owner: Owner,
    subscriptionId: string,
    action: "add" | "update" | "remove" | "renew",
    request: { type: AddonType; quantity?: number; idempotencyKey: string },
  ): Promise<ChangeResult> {
    const { idempotencyKey, ...what } = request;
    return serialized(owner.profileId, () =>
      once(this.db, owner.profileId, `addon-${action}:${idempotencyKey}`, what, async () => {
        const row = await this.paidRow(owner, subscriptionId);
        // Seats are extra team members: for companies whose plan has a limit.
        if (
          request.type === "seats" &&
          (owner.profileType !== "company" ||
            entitlement("company", row.planTier as PlanTier, "team.membersIncluded") ===
              Number.POSITIVE_INFINITY)
        ) {
          throw new AppError("payments_addonUnavailable");
        }
        const vendorKey = `${owner.profileId}-${idempotencyKey}`;
        const quantity = request.type === "seats" ? (request.quantity ?? 1) : 1;
        const held = row.addons.find((addon) => addon.type === request.type);
        const badge = row.badgeActive && !row.badgeCancelAtPeriodEnd;
        const withQuantity = (n: number) => [
          ...this.keptAddons(row).filter((addon) => addon.type !== request.type),
          ...(n > 0 ? [{ type: request.type, quantity: n }] : []),
        ];
        if (action === "add") {
          if (held && !held.cancelAtPeriodEnd) throw new AppError("payments_addonAlreadyHeld");
          const addons = withQuantity(Math.max(quantity, held?.quantity ?? 0));
          const items = itemsFor(owner.profileType, this.currentPlan(row), {
            addons,
            badge: row.badgeActive,
          });
          return this.buyNow(owner, row, items, { addons, badge }, "addon_activated", vendorKey);
        }
        if (!held) throw new AppError("payments_addonNotHeld");
        if (action === "update" && quantity > held.quantity) {
          const addons = withQuantity(quantity);
          const items = itemsFor(owner.profileType, this.currentPlan(row), {
            addons,
            badge: row.badgeActive,
          });
          return this.buyNow(owner, row, items, { addons, badge }, "addon_activated", vendorKey);
        }
        if (action === "update" && quantity === held.quantity && !held.cancelAtPeriodEnd) {
          throw new AppError("payments_noChange");
        }
        // Fewer seats, a removal or a renewal: from the period's end (prepaid time is kept).
        const next =
          action === "remove"
            ? withQuantity(0)
            : withQuantity(action === "update" ? quantity : held.quantity);
        if (action === "renew" && !held.cancelAtPeriodEnd) throw new AppError("payments_noChange");
        if (owner.profileType === "company" && request.type === "seats") {
          await this.checkTeamFits(
            owner,
            { ...row, addons: next },
            (row.nextPlanTier ?? row.planTier) as PlanTier,
          );
        }
        return this.scheduleOnly(owner, row, { addons: next, badge }, vendorKey);
      }),
    );
  }

  async badge(
    owner: Owner,
    subscriptionId: string,
    action: "add" | "remove" | "renew",
    idempotencyKey: string,
  ): Promise<ChangeResult> {
    return serialized(owner.profileId, () =>
      once(this.db, owner.profileId, `badge-${action}:${idempotencyKey}`, { action }, async () => {
        const row = await this.paidRow(owner, subscriptionId);
        const vendorKey = `${owner.profileId}-${idempotencyKey}`;
        const addons = this.keptAddons(row);
        if (action === "add") {
          if (row.badgeActive && !row.badgeCancelAtPeriodEnd) throw new AppError("payments_addonAlreadyHeld");
          if (!hasFeature(owner.profileType, row.planTier as PlanTier, "badges.use")) {
            throw new AppError("payments_badgeNeedsPremium");
          }
          if (row.badgeActive) return this.scheduleOnly(owner, row, { addons, badge: true }, vendorKey);
          const items = itemsFor(owner.profileType, this.currentPlan(row), {
            addons: row.addons,
            badge: true,
          });
          const result = await this.buyNow(
            owner,
            row,
            items,
            { addons, badge: true },
            "badge_activated",
            vendorKey,
          );
          this.tellBadge(owner.profileId, result.state);
          return result;
        }
        if (!row.badgeActive) throw new AppError("payments_addonNotHeld");
        if (action === "renew" && !row.badgeCancelAtPeriodEnd) throw new AppError("payments_noChange");
        const result = await this.scheduleOnly(owner, row, { addons, badge: action === "renew" }, vendorKey);
        this.tellBadge(owner.profileId, result.state);
        return result;
      }),
    );
  }

  async badgeVisibility(owner: Owner, visible: boolean): Promise<BillingState> {
    const row = await this.row(owner);
    if (!row.badgeActive) throw new AppError("payments_addonNotHeld");
    const [next] = await this.db
      .update(subscriptions)
      .set({ badgeVisible: visible })
      .where(eq(subscriptions.id, row.id))
      .returning();
    const state = await this.state(owner, next);
    this.tellBadge(owner.profileId, state);
    return state;
  }

  async dismissBadgeReminder(owner: Owner): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({ badgeReminderDismissedAt: new Date() })
      .where(eq(subscriptions.ownerProfileId, owner.profileId));
  }

  private tellBadge(ownerProfileId: string, state: BillingState): void {
    this.env.realtime()?.emitToProfile(ownerProfileId, "payments.subscription.badge", {
      subscriptionId: state.publicId,
      active: state.billing.badge.active,
      visible: state.billing.badge.visible,
    });
  }

  /** The invitation promotion: a person who joined through an accepted invitation, trial unused. */
  async promotionInvite(owner: Owner, known?: SubscriptionRow) {
    const row = known ?? (await this.row(owner));
    if (owner.profileType !== "user")
      return { available: false, trialDays: FREE_TRIAL_DAYS, invitedBy: null };
    const [invite] = await this.db
      .select({ name: profiles.name, slug: profiles.slug })
      .from(userInvites)
      .innerJoin(profiles, eq(profiles.id, userInvites.inviterProfileId))
      .where(and(eq(userInvites.acceptedByUserId, owner.userId), eq(userInvites.status, "accepted")))
      .limit(1);
    const available = Boolean(invite) && !row.trialUsed;
    return {
      available,
      trialDays: available ? INVITED_TRIAL_DAYS : FREE_TRIAL_DAYS,
      invitedBy: invite ? { name: invite.name, slug: invite.slug } : null,
    };
  }

  // The desired trial -----------------------------------------------------------------------------

  async desiredTrial(owner: Owner) {
    const row = await this.row(owner);
    return row.desiredPlanTier
      ? { plan: row.desiredPlanTier as PlanTier, period: (row.desiredPeriod ?? "monthly") as BillingPeriod }
      : null;
  }

  async setDesiredTrial(owner: Owner, request: { plan: PlanTier; period: BillingPeriod }) {
    const plan = await this.planFor(owner, request.plan);
    const row = await this.row(owner);
    if (!plan.trial || row.trialUsed) throw new AppError("payments_trialUnavailable");
    await this.db
      .update(subscriptions)
      .set({ desiredPlanTier: request.plan, desiredPeriod: request.period })
      .where(eq(subscriptions.id, row.id));
    return request;
  }

  async desiredTrialCanShow(owner: Owner) {
    const row = await this.row(owner);
    const offered = plans.some((plan) => plan.owner === owner.profileType && plan.trial);
    return { canShow: offered && !row.trialUsed && row.planTier === "basic" };
  }

  async rejectReminder(owner: Owner, subscriptionId: string): Promise<BillingState> {
    const row = await this.owned(owner, subscriptionId);
    const [next] = await this.db
      .update(subscriptions)
      .set({ reminderDismissedAt: new Date() })
      .where(eq(subscriptions.id, row.id))
      .returning();
    return this.state(owner, next);
  }
}
