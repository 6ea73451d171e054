"use client";

import { type AddonType, type BillingState, format } from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { type ReactNode, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import { type AddonCall, chargedNow, proratedEstimate } from "./addon-rules";
import { brandName, formatCents, formatDate, perPeriod } from "./billing-text";
import type { CheckoutResult } from "./CheckoutDialog";
import { PaymentAuthentication, type PendingAction } from "./PaymentAuthentication";

/** What the dialog is asked to do: an add-on to a quantity, or the badge. */
export type AddonChange =
  | { item: AddonType; call: AddonCall; held: number; wanted: number; periodCents: number }
  | { item: "badge"; call: "add" | "remove" | "renew"; held: number; wanted: number; periodCents: number };

export interface AddonDialogProps {
  change: AddonChange;
  /** The add-on's (or badge's) name, as the section shows it. */
  name: string;
  state: BillingState;
  onClose: () => void;
  /** Done: the answer, and the sentence to tell when nothing was charged (a change at the period's end). */
  onFinished: (result: CheckoutResult, scheduled: string | null) => void | Promise<void>;
}

function failureText(error: unknown): string {
  // §8: a declined card changes nothing and says so in these words.
  if (error instanceof ApiError && error.hasCode("payments_paymentFailed"))
    return billingMessages.paymentFailed;
  return submitErrorMessage(error);
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The confirmation of an add-on or badge change, in the checkout's style: what is charged now
 * (an estimate of the prorated charge: the API charges add-ons without a preview) or when a
 * removal takes effect, then the call, and the bank's confirmation when the payment asks for one.
 * One idempotency key per opened dialog, so a double click buys once.
 */
export function AddonDialog({ change, name, state, onClose, onFinished }: AddonDialogProps) {
  const idempotencyKey = useRef<string>(crypto.randomUUID());
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const { billing } = state;
  const periodEnd = billing.currentPeriodEnd;
  const date = periodEnd ? formatDate(periodEnd) : "";
  const now = chargedNow(change.call, change.held, change.wanted);
  const seats = change.item === "seats";
  const Name = capitalized(name);

  const title =
    seats && change.call === "update"
      ? format(billingMessages.billingSeatsTitle, { count: change.wanted })
      : format(
          change.call === "add" || change.call === "update"
            ? billingMessages.billingAddonAddTitle
            : change.call === "remove"
              ? billingMessages.billingAddonRemoveTitle
              : billingMessages.billingAddonKeepTitle,
          { addon: name },
        );

  async function send() {
    const key = idempotencyKey.current;
    const params = { id: state.publicId };
    if (change.item === "badge") {
      const body = { idempotencyKey: key };
      if (change.call === "add") return api.billing.badgeAdd({ params, body });
      if (change.call === "remove") return api.billing.badgeRemove({ params, body });
      return api.billing.badgeRenew({ params, body });
    }
    const type = change.item;
    if (change.call === "add") {
      return api.billing.addonAdd({ params, body: { type, quantity: change.wanted, idempotencyKey: key } });
    }
    if (change.call === "update") {
      return api.billing.addonUpdate({
        params,
        body: { type, quantity: change.wanted, idempotencyKey: key },
      });
    }
    if (change.call === "remove")
      return api.billing.addonRemove({ params, body: { type, idempotencyKey: key } });
    return api.billing.addonRenew({ params, body: { type, idempotencyKey: key } });
  }

  /** The sentence for a change that waits for the period's end (nothing charged, so no outcome). */
  function scheduledText(): string | null {
    if (now) return null;
    if (change.call === "renew") return format(billingMessages.billingAddonKept, { addon: Name });
    if (seats && change.call === "update") {
      return format(billingMessages.billingSeatsLowered, { date, count: change.wanted });
    }
    return format(billingMessages.billingAddonRemoved, { addon: Name, date });
  }

  async function confirm() {
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      const { data } = await send();
      if (data.status === "requires_action" && data.pendingAction) {
        setPending(data.pendingAction);
        return;
      }
      await onFinished({ outcome: data.outcome, state: data.state }, scheduledText());
    } catch (error) {
      setFailure(failureText(error));
      // What failed changed nothing; trying again is a new request.
      idempotencyKey.current = crypto.randomUUID();
    } finally {
      setSending(false);
    }
  }

  const units = change.wanted - (change.call === "add" ? 0 : change.held);
  const estimate = now
    ? proratedEstimate(change.periodCents, units, { start: billing.currentPeriodStart, end: periodEnd })
    : null;
  const card = billing.paymentMethod;

  let body: ReactNode;
  if (pending) {
    body = (
      <PaymentAuthentication
        action={pending}
        provider={billing.provider}
        onDone={(result) => onFinished(result, null)}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-4" data-testid="addon-summary">
        {now ? (
          <>
            <p className="text-[0.95rem] text-ink">
              {estimate === null
                ? billingMessages.billingAddonChargeProrated
                : format(billingMessages.billingAddonChargeNow, { amount: formatCents(estimate) })}
            </p>
            <p className="text-sm text-ink-muted">
              {format(billingMessages.billingAddonThen, {
                price: formatCents(change.periodCents * change.wanted),
                per: perPeriod(billing.period),
              })}
            </p>
            {card ? (
              <p className="text-sm text-ink-muted">
                {format(billingMessages.checkoutPayWith, { brand: brandName(card.brand), last4: card.last4 })}
              </p>
            ) : null}
          </>
        ) : change.call === "renew" ? (
          <p className="text-[0.95rem] text-ink">
            {format(billingMessages.billingAddonKeepTerms, { addon: Name, date })}
          </p>
        ) : seats && change.call === "update" ? (
          <p className="text-[0.95rem] text-ink">
            {format(billingMessages.billingSeatsFewerTerms, {
              held: change.held,
              date,
              count: change.wanted,
            })}
          </p>
        ) : (
          <p className="text-[0.95rem] text-ink">
            {format(billingMessages.billingAddonRemoveTerms, { addon: Name, date })}
          </p>
        )}
        {failure ? <Alert>{failure}</Alert> : null}
      </div>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      footer={
        pending ? undefined : (
          <>
            <Button variant="tertiary" onClick={onClose}>
              {commonMessages.cancel}
            </Button>
            <Button onClick={() => void confirm()} disabled={sending} aria-busy={sending || undefined}>
              {sending ? billingMessages.checkoutSending : billingMessages.checkoutConfirm}
            </Button>
          </>
        )
      }
    >
      {body}
    </Dialog>
  );
}
