"use client";

import {
  type BillingState,
  format,
  formatCount,
  RENEWAL_RETRIES,
  TRIAL_REMINDER_DAYS_BEFORE,
} from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { Alert } from "@/components/ui/Alert";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { formatCents, formatDate, perPeriod, tierNames, trialDaysLeftText } from "./billing-text";

type Status = BillingState["billing"]["status"];

const statusTexts: Record<Status, { text: string; tone: BadgeTone }> = {
  active: { text: billingMessages.billingStatusActive, tone: "success" },
  trialing: { text: billingMessages.billingStatusTrialing, tone: "brand" },
  past_due: { text: billingMessages.billingStatusPastDue, tone: "danger" },
  incomplete: { text: billingMessages.billingStatusIncomplete, tone: "warning" },
  canceled: { text: billingMessages.billingStatusCanceled, tone: "neutral" },
};

export interface CurrentPlanSectionProps {
  state: BillingState;
  /** The plan's own price for its period, in cents (null while the dictionary loads). */
  priceCents: number | null;
  busy: boolean;
  onCancelChange: () => void;
  onUpdateCard: () => void;
  onConfirmPending: () => void;
  onDismissReminder: () => void;
}

/** The plan held now: status, trial days left, renewal, the change to come, and what needs doing. */
export function CurrentPlanSection({
  state,
  priceCents,
  busy,
  onCancelChange,
  onUpdateCard,
  onConfirmPending,
  onDismissReminder,
}: CurrentPlanSectionProps) {
  const { billing } = state;
  const tier = state.current.plan.slug;
  const status = statusTexts[billing.status];
  const price = priceCents === null ? "" : `${formatCents(priceCents)} ${perPeriod(billing.period)}`;
  const reminderDue =
    billing.status === "trialing" &&
    !billing.reminderDismissed &&
    billing.trialDaysLeft !== null &&
    billing.trialDaysLeft <= TRIAL_REMINDER_DAYS_BEFORE &&
    billing.trialEndsAt !== null;
  return (
    <div className="flex flex-col gap-4" data-testid="current-plan">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-xl font-semibold text-ink">{tierNames[tier]}</p>
        <Badge tone={status.tone}>{status.text}</Badge>
        {tier !== "basic" ? (
          <span className="text-sm text-ink-muted">
            {billing.period === "annual"
              ? billingMessages.billingPeriodAnnual
              : billingMessages.billingPeriodMonthly}
          </span>
        ) : null}
      </div>

      {tier === "basic" ? (
        <p className="text-[0.95rem] text-ink">{billingMessages.billingFreePlan}</p>
      ) : billing.status === "trialing" && billing.trialEndsAt ? (
        <div className="flex flex-col gap-1">
          {billing.trialDaysLeft !== null ? (
            <p className="text-[0.95rem] font-semibold text-ink" data-testid="trial-days-left">
              {trialDaysLeftText(billing.trialDaysLeft)}
            </p>
          ) : null}
          <p className="text-sm text-ink-muted">
            {format(billingMessages.billingTrialEnds, { date: formatDate(billing.trialEndsAt), price })}
          </p>
        </div>
      ) : billing.currentPeriodEnd && !billing.nextChange ? (
        <p className="text-[0.95rem] text-ink">
          {format(billingMessages.billingRenewsOn, { date: formatDate(billing.currentPeriodEnd), price })}
        </p>
      ) : null}

      {reminderDue && billing.trialEndsAt ? (
        <div className="flex flex-col gap-3 rounded-lg bg-brand-soft p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-medium text-brand-strong" role="status">
            {format(billingMessages.billingTrialReminder, {
              plan: tierNames[tier],
              date: formatDate(billing.trialEndsAt),
            })}
          </p>
          <Button variant="tertiary" onClick={onDismissReminder} className="shrink-0">
            {commonMessages.dismiss}
          </Button>
        </div>
      ) : null}

      {billing.status === "past_due" ? (
        <Alert>
          <div className="flex flex-col gap-3">
            <p>{billingMessages.paymentFailed}</p>
            {billing.failedRenewals > 0 && billing.failedRenewals < RENEWAL_RETRIES + 1 ? (
              <p className="font-normal">
                {formatCount(Math.max(RENEWAL_RETRIES - billing.failedRenewals + 1, 1), {
                  one: billingMessages.billingRetriesOne,
                  other: billingMessages.billingRetries,
                })}
              </p>
            ) : null}
            <Button variant="danger" onClick={onUpdateCard} className="self-start">
              {billingMessages.billingUpdateCard}
            </Button>
          </div>
        </Alert>
      ) : null}

      {billing.pendingAction ? (
        <div className="flex flex-col gap-3 rounded-lg bg-warning-soft p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm font-semibold text-warning">
            {format(billingMessages.billingPendingAction, {
              amount: formatCents(billing.pendingAction.amountCents),
            })}
          </p>
          <Button onClick={onConfirmPending} className="shrink-0">
            {billingMessages.billingConfirmPayment}
          </Button>
        </div>
      ) : null}

      {billing.nextChange ? (
        <div
          className="flex flex-col gap-3 rounded-lg border border-line p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="next-change"
        >
          <p className="text-[0.95rem] text-ink">
            {format(billingMessages.billingNextChange, {
              plan: tierNames[billing.nextChange.plan],
              period:
                billing.nextChange.period === "annual"
                  ? billingMessages.billingAnnual
                  : billingMessages.billingMonthly,
              date: formatDate(billing.nextChange.at),
            })}
          </p>
          <Button variant="secondary" onClick={onCancelChange} disabled={busy} className="shrink-0">
            {billingMessages.billingCancelChange}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
