"use client";

import { type BillingState, format } from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Icon } from "@/components/ui/Icon";
import { brandName } from "./billing-text";

export interface PaymentMethodSectionProps {
  method: BillingState["billing"]["paymentMethod"];
  onAddCard: () => void;
  onRemove: (id: string) => Promise<void>;
}

/** The card on file (brand, last four digits, expiry) with Replace and Remove, or Add card. */
export function PaymentMethodSection({ method, onAddCard, onRemove }: PaymentMethodSectionProps) {
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  if (!method) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-[0.95rem] text-ink-muted">{billingMessages.billingNoCard}</p>
        <Button variant="secondary" onClick={onAddCard} className="shrink-0">
          {billingMessages.billingAddCard}
        </Button>
      </div>
    );
  }
  const brand = brandName(method.brand);
  return (
    <div
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="payment-method"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-black/[0.06] text-ink">
          <Icon name="lock" size={20} />
        </span>
        <div>
          <p className="text-[0.95rem] font-semibold text-ink">
            {format(billingMessages.billingCardDescription, { brand, last4: method.last4 })}
          </p>
          <p className="text-sm text-ink-muted">
            {format(billingMessages.billingCardExpires, {
              month: String(method.expMonth).padStart(2, "0"),
              year: method.expYear,
            })}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onAddCard}>
          {billingMessages.billingReplaceCard}
        </Button>
        <Button variant="tertiary" onClick={() => setConfirming(true)}>
          {billingMessages.billingRemoveCard}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title={billingMessages.billingRemoveCardTitle}
        description={billingMessages.billingRemoveCardText}
        footer={
          <>
            <Button variant="tertiary" onClick={() => setConfirming(false)}>
              {commonMessages.cancel}
            </Button>
            <Button
              variant="danger"
              disabled={removing}
              onClick={() => {
                setRemoving(true);
                void onRemove(method.id).finally(() => {
                  setRemoving(false);
                  setConfirming(false);
                });
              }}
            >
              {billingMessages.billingRemoveCard}
            </Button>
          </>
        }
      />
    </div>
  );
}
