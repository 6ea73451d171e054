import { compareTiers, type PaymentOutcome, type PlanTier } from "@vn/contract";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { paymentEvents, type StoredPendingAction, subscriptions } from "../../db/schema/index";
import type { PaymentsProvider, ProviderEvent } from "../../providers/payments/types";
import type { SubscriptionRow } from "../../shared/subscriptions";
import type { BillingEnv, BillingLedger } from "./ledger";
import { isLive, planOfItems } from "./mirror";

/**
 * The vendor's webhooks (issue 13): each event processed once (payment_events, recorded before
 * and removed again when processing fails, so the vendor's retry works), in any order: the
 * subscription is read back from the vendor instead of trusting the event's copy, and the ledger
 * ignores a snapshot older than the one it holds. Time-driven outcomes are told here: renewals,
 * failed renewals and trials, scheduled downgrades taking effect, the trial reminder.
 */
export class BillingWebhooks {
  constructor(
    private readonly env: BillingEnv,
    private readonly ledger: BillingLedger,
  ) {}

  private get db(): Db {
    return this.env.db;
  }

  private get provider(): PaymentsProvider {
    return this.env.provider;
  }

  /** The owner a vendor object belongs to, by its customer. */
  private async ownerOfCustomer(customerId: string | null): Promise<SubscriptionRow | null> {
    if (!customerId) return null;
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(
        and(isNotNull(subscriptions.providerCustomerId), eq(subscriptions.providerCustomerId, customerId)),
      );
    return row ?? null;
  }

  /** One vendor event, processed once whatever the order or number of deliveries. */
  async apply(event: ProviderEvent): Promise<{ duplicate: boolean }> {
    try {
      await this.db
        .insert(paymentEvents)
        .values({ provider: this.provider.name, eventId: event.id, type: event.vendorType });
    } catch (error) {
      if (isUniqueViolation(error)) return { duplicate: true };
      throw error;
    }
    try {
      await this.process(event);
    } catch (error) {
      // Not processed: let the vendor's retry try again.
      await this.db
        .delete(paymentEvents)
        .where(and(eq(paymentEvents.provider, this.provider.name), eq(paymentEvents.eventId, event.id)));
      throw error;
    }
    return { duplicate: false };
  }

  private async process(event: ProviderEvent): Promise<void> {
    const row = await this.ownerOfCustomer(event.customerId);
    if (!row) {
      this.env.log.info({ event: event.id, type: event.vendorType }, "payments event for no known customer");
      return;
    }
    const ownerProfileId = row.ownerProfileId;
    const subscriptionId = event.subscription?.id ?? event.invoice?.subscriptionId ?? null;
    // The vendor's current word on the subscription, not the event's copy: order does not matter.
    const current = subscriptionId ? await this.provider.retrieveSubscription(subscriptionId) : null;

    switch (event.type) {
      case "setup_intent.succeeded": {
        const card = await this.provider.defaultPaymentMethod(row.providerCustomerId!);
        if (card)
          this.env
            .realtime()
            ?.emitToProfile(ownerProfileId, "payments.payment_method.created", { paymentMethod: card });
        return;
      }
      case "subscription.trial_will_end": {
        if (current?.status !== "trialing" || !current.trialEnd) return;
        await this.ledger.apply(ownerProfileId, current, null);
        const fresh = await this.ledger.recordOutcomeOnce(
          ownerProfileId,
          `reminder:${current.id}:${current.trialEnd.getTime()}`,
        );
        if (!fresh || row.reminderDismissedAt) return;
        const plan = planOfItems(current.items)?.tier ?? "basic";
        this.env.realtime()?.emitToProfile(ownerProfileId, "payments.subscription.reminder", {
          subscriptionId: row.id,
          trialEndsAt: current.trialEnd.toISOString(),
          plan,
        });
        this.ledger.mailReminder(ownerProfileId, plan, current.trialEnd);
        return;
      }
      case "invoice.paid": {
        const invoice = event.invoice!;
        await this.ledger.recordInvoice(ownerProfileId, invoice);
        if (!current) return;
        const pending = row.pendingAction;
        if (pending && invoice.paymentIntent?.id === pending.paymentIntentId) {
          // Authenticated, and the browser never came back to say so: finish the change here.
          await this.db
            .update(subscriptions)
            .set({ pendingAction: null })
            .where(eq(subscriptions.id, row.id));
          await this.ledger.apply(ownerProfileId, current, {
            outcome: pending.change.outcome as PaymentOutcome,
            key: `intent:${pending.paymentIntentId}`,
          });
          return;
        }
        const renewal = invoice.billingReason === "subscription_cycle" && invoice.amountPaidCents > 0;
        await this.ledger.apply(
          ownerProfileId,
          current,
          renewal ? { outcome: "renewed", key: `invoice:${invoice.id}:paid` } : null,
        );
        return;
      }
      case "invoice.payment_failed":
      case "invoice.payment_action_required": {
        const invoice = event.invoice!;
        await this.ledger.recordInvoice(ownerProfileId, invoice);
        if (!current || invoice.billingReason !== "subscription_cycle") {
          if (current) await this.ledger.apply(ownerProfileId, current, null);
          return;
        }
        // The first charge after a free trial failing is trial_failed; a renewal's, failed.
        const afterTrial =
          current.trialEnd !== null &&
          invoice.periodStart !== null &&
          Math.abs(invoice.periodStart.getTime() - current.trialEnd.getTime()) < 1000;
        await this.ledger.apply(ownerProfileId, current, {
          outcome: afterTrial ? "trial_failed" : "failed",
          key: `invoice:${invoice.id}:failed:${invoice.attemptCount}`,
          data: {
            attempt: invoice.attemptCount,
            nextAttemptAt: invoice.nextAttemptAt?.toISOString() ?? null,
          },
        });
        const intent = invoice.paymentIntent;
        if (event.type === "invoice.payment_action_required" && intent?.status === "requires_action") {
          const pendingAction: StoredPendingAction = {
            paymentIntentId: intent.id,
            clientSecret: intent.clientSecret,
            amountCents: intent.amountCents,
            change: {
              tier: planOfItems(current.items)?.tier ?? "basic",
              period: planOfItems(current.items)?.period ?? "monthly",
              outcome: "renewed",
              providerSubscriptionId: current.id,
            },
          };
          await this.db.update(subscriptions).set({ pendingAction }).where(eq(subscriptions.id, row.id));
          this.env.realtime()?.emitToProfile(ownerProfileId, "payments.payment_method.action_required", {
            subscriptionId: row.id,
            paymentIntentId: intent.id,
            clientSecret: intent.clientSecret,
            amountCents: intent.amountCents,
          });
        }
        return;
      }
      case "subscription.updated":
      case "subscription.deleted": {
        if (!current) return;
        const before = row.planTier as PlanTier;
        const after = isLive(current) ? (planOfItems(current.items)?.tier ?? before) : "basic";
        // A scheduled downgrade (or cancellation) took effect: that is the moment to tell it.
        const lowered = row.providerSubscriptionId === current.id && compareTiers(after, before) < 0;
        const told = lowered
          ? {
              outcome: "downgraded" as const,
              key: `downgraded:${current.id}:${row.currentPeriodEnd?.getTime() ?? 0}`,
              data: { from: before, to: after },
            }
          : null;
        if (!isLive(current) && row.pendingAction?.change.providerSubscriptionId === current.id) {
          await this.db
            .update(subscriptions)
            .set({ pendingAction: null })
            .where(eq(subscriptions.id, row.id));
        }
        await this.ledger.apply(ownerProfileId, current, told);
        return;
      }
      default:
        return;
    }
  }
}
