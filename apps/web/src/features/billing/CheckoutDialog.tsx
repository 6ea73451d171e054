"use client";

import {
  type BillingPeriod,
  type BillingState,
  FREE_TRIAL_DAYS,
  format,
  type PaymentOutcome,
  type PlansDictionary,
  type PlanTier,
} from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Icon } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import { needsCard } from "./billing-rules";
import { brandName, formatCents, formatDate, periodWord, perPeriod, tierNames } from "./billing-text";
import { CardSetup } from "./CardSetup";
import { PaymentAuthentication, type PendingAction } from "./PaymentAuthentication";
import { usePromotionInvite } from "./use-billing";

type Preview = {
  timing: "now" | "periodEnd";
  outcome: PaymentOutcome;
  amountDueCents: number;
  effectiveAt: string;
  nextPeriodCents: number;
  lines: { description: string; amountCents: number }[];
};

export interface CheckoutResult {
  outcome: PaymentOutcome | null;
  state: BillingState;
}

export interface CheckoutDialogProps {
  target: { tier: PlanTier; period: BillingPeriod };
  trial: boolean;
  state: BillingState;
  dictionary: PlansDictionary | null;
  ownerType: "user" | "company";
  onClose: () => void;
  /** The card was saved: re-read the billing state (the dialog then moves on). */
  onCardSaved: () => Promise<void>;
  onFinished: (result: CheckoutResult) => void | Promise<void>;
}

/** The price of a plan for one period, from the plans dictionary (cents; null: unknown). */
function priceOf(
  dictionary: PlansDictionary | null,
  owner: "user" | "company",
  tier: PlanTier,
  period: BillingPeriod,
): number | null {
  const plan = dictionary?.plans.find((item) => item.owner === owner && item.tier === tier);
  if (!plan) return null;
  return period === "annual" ? plan.annualCents : plan.monthlyCents;
}

function changeFailure(error: unknown): string {
  // §8 payment failure: a declined card changes nothing and says so in these words.
  if (error instanceof ApiError && error.hasCode("payments_paymentFailed"))
    return billingMessages.paymentFailed;
  return submitErrorMessage(error);
}

/**
 * The checkout of one plan card: a card first when none is on file, then what it costs (the trial's
 * terms, or the proration preview of an upgrade, or when a downgrade takes effect), then the change
 * itself, and the bank's confirmation when the payment asks for one. One idempotency key per
 * opened dialog, so a double click buys once.
 */
export function CheckoutDialog({
  target,
  trial,
  state,
  dictionary,
  ownerType,
  onClose,
  onCardSaved,
  onFinished,
}: CheckoutDialogProps) {
  const idempotencyKey = useRef<string>(crypto.randomUUID());
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const subscriptionId = state.publicId;
  // Joined through an invitation: the first trial runs longer, and the checkout says who invited.
  const { promotion } = usePromotionInvite(trial);
  const invited = trial && promotion?.available ? promotion : null;

  useEffect(() => {
    if (trial) return;
    let cancelled = false;
    api.billing
      .preview({ params: { id: subscriptionId }, body: { plan: target.tier, period: target.period } })
      .then(({ data }) => {
        if (!cancelled) setPreview(data);
      })
      .catch((error: unknown) => {
        if (!cancelled) setPreviewError(submitErrorMessage(error) || billingMessages.checkoutPreviewFailed);
      });
    return () => {
      cancelled = true;
    };
  }, [trial, subscriptionId, target.tier, target.period]);

  async function confirm() {
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      const { data } = await api.billing.changeSubscription({
        params: { id: subscriptionId },
        body: { plan: target.tier, period: target.period, trial, idempotencyKey: idempotencyKey.current },
      });
      if (data.status === "requires_action" && data.pendingAction) {
        setPending(data.pendingAction);
        return;
      }
      await onFinished({ outcome: data.outcome, state: data.state });
    } catch (error) {
      setFailure(changeFailure(error));
      // What failed changed nothing; trying again (another card) is a new request.
      idempotencyKey.current = crypto.randomUUID();
    } finally {
      setSending(false);
    }
  }

  const plan = tierNames[target.tier];
  const title = trial
    ? format(billingMessages.checkoutTrialTitle, { plan })
    : format(billingMessages.checkoutTitle, { plan, period: periodWord(target.period) });
  const card = state.billing.paymentMethod;
  const price = priceOf(dictionary, ownerType, target.tier, target.period);
  const showCard = needsCard(state, target.tier);

  let body: ReactNode;
  if (pending) {
    body = (
      <PaymentAuthentication
        action={pending}
        provider={state.billing.provider}
        onDone={(result) => onFinished(result)}
      />
    );
  } else if (showCard) {
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-[0.95rem] font-semibold">{billingMessages.checkoutNeedsCard}</p>
        <CardSetup onSaved={onCardSaved} />
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4" data-testid="checkout-summary">
        {invited?.invitedBy ? (
          <p
            className="flex items-center gap-2 rounded-lg bg-brand-soft p-3 text-sm font-semibold text-brand-strong"
            data-testid="checkout-promotion"
          >
            <Icon name="sparkle" size={18} className="shrink-0" />
            {format(billingMessages.promotionInvited, {
              name: invited.invitedBy.name,
              days: invited.trialDays,
            })}
          </p>
        ) : null}
        {trial ? (
          <p className="text-[0.95rem]">
            {format(billingMessages.checkoutTrialTerms, {
              days: invited?.trialDays ?? dictionary?.trialDays ?? FREE_TRIAL_DAYS,
              price: price === null ? "" : formatCents(price),
              per: perPeriod(target.period),
            })}
          </p>
        ) : previewError ? (
          <Alert>{previewError}</Alert>
        ) : !preview ? (
          <div aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">{commonMessages.loading}</span>
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : preview.timing === "now" ? (
          <>
            {preview.lines.length > 0 ? (
              <table className="w-full text-sm">
                <caption className="sr-only">{billingMessages.checkoutLinesLabel}</caption>
                <tbody>
                  {preview.lines.map((line) => (
                    <tr key={`${line.description}-${line.amountCents}`} className="border-b border-line">
                      <th scope="row" className="py-2 pr-3 text-left font-normal text-ink">
                        {line.description}
                      </th>
                      <td className="py-2 text-right tabular-nums text-ink">
                        {formatCents(line.amountCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <p className="flex items-baseline justify-between gap-3 text-base font-semibold">
              <span>{billingMessages.checkoutDueToday}</span>
              <span className="tabular-nums" data-testid="checkout-due">
                {formatCents(preview.amountDueCents)}
              </span>
            </p>
            <p className="text-sm text-ink-muted">
              {format(billingMessages.checkoutThen, {
                price: formatCents(preview.nextPeriodCents),
                per: perPeriod(target.period),
              })}
            </p>
          </>
        ) : target.tier === "basic" ? (
          <p className="text-[0.95rem]">
            {format(billingMessages.checkoutCancelTerms, { date: formatDate(preview.effectiveAt) })}
          </p>
        ) : (
          <>
            <p className="text-[0.95rem]">
              {format(billingMessages.checkoutLater, { date: formatDate(preview.effectiveAt) })}
            </p>
            <p className="text-sm text-ink-muted">
              {format(billingMessages.checkoutLaterPrice, {
                date: formatDate(preview.effectiveAt),
                price: formatCents(preview.nextPeriodCents),
                per: perPeriod(target.period),
              })}
            </p>
          </>
        )}
        {card && target.tier !== "basic" ? (
          <p className="text-sm text-ink-muted">
            {format(billingMessages.checkoutPayWith, { brand: brandName(card.brand), last4: card.last4 })}
          </p>
        ) : null}
        {failure ? <Alert>{failure}</Alert> : null}
      </div>
    );
  }

  const ready = !pending && !showCard && (trial || preview !== null);
  const payLabel =
    preview && preview.timing === "now" && preview.amountDueCents > 0 && !trial
      ? format(billingMessages.checkoutPay, { amount: formatCents(preview.amountDueCents) })
      : billingMessages.checkoutConfirm;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      footer={
        ready ? (
          <>
            <Button variant="tertiary" onClick={onClose}>
              {commonMessages.cancel}
            </Button>
            <Button onClick={() => void confirm()} disabled={sending} aria-busy={sending || undefined}>
              {sending ? billingMessages.checkoutSending : payLabel}
            </Button>
          </>
        ) : undefined
      }
    >
      {body}
    </Dialog>
  );
}
