"use client";

import { billingMessages } from "@vn/contract/messages/billing";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { declineMessage, groupCardNumber, parseExpiry, typedExpiry } from "./billing-text";

export interface SandboxCardFormProps {
  setupIntentId: string;
  clientSecret: string;
  onSaved: () => void | Promise<void>;
}

type Field = "cardNumber" | "expiry" | "cvc";

/**
 * The sandbox vendor's card form (what Stripe Elements is for the real one): number, MM/YY and
 * CVC, confirmed against the SetupIntent with its client secret. Field errors and declines are
 * the vendor's answer, in words.
 */
export function SandboxCardForm({ setupIntentId, clientSecret, onSaved }: SandboxCardFormProps) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found: Partial<Record<Field, string>> = {};
    const digits = number.replace(/\D/g, "");
    if (digits.length < 12) found.cardNumber = sharedMessages.cardNumberInvalid;
    const date = parseExpiry(expiry);
    if (!date) found.expiry = sharedMessages.cardExpiryInvalid;
    if (!/^\d{3,4}$/.test(cvc)) found.cvc = sharedMessages.cardCvcInvalid;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !date) return;
    setSending(true);
    try {
      const { data } = await api.billing.sandboxConfirmSetup({
        params: { id: setupIntentId },
        body: { clientSecret, cardNumber: digits, expMonth: date.month, expYear: date.year, cvc },
      });
      if (data.status === "succeeded") {
        await onSaved();
        return;
      }
      if (data.declineCode === "incorrect_number")
        setErrors({ cardNumber: declineMessage(data.declineCode) });
      else if (data.declineCode === "expired_card") setErrors({ expiry: declineMessage(data.declineCode) });
      else setFailure(declineMessage(data.declineCode));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const next: Partial<Record<Field, string>> = {};
      if (fields.cardNumber) next.cardNumber = fields.cardNumber;
      if (fields.expMonth || fields.expYear) next.expiry = fields.expMonth ?? fields.expYear;
      if (fields.cvc) next.cvc = fields.cvc;
      if (error instanceof ApiError && error.hasCode("payments_cardInvalid") && !next.cardNumber) {
        next.cardNumber = error.message;
      }
      if (Object.keys(next).length > 0) setErrors(next);
      else setFailure(submitErrorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-ink-muted">{billingMessages.cardSandboxHint}</p>
      <Input
        label={billingMessages.cardNumberLabel}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(event) => setNumber(groupCardNumber(event.target.value))}
        error={errors.cardNumber}
        maxLength={23}
      />
      <div className="grid grid-cols-2 gap-3">
        <Input
          label={billingMessages.cardExpiryLabel}
          name="exp-date"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          value={expiry}
          onChange={(event) => setExpiry(typedExpiry(event.target.value, expiry))}
          error={errors.expiry}
          maxLength={7}
        />
        <Input
          label={billingMessages.cardCvcLabel}
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, "").slice(0, 4))}
          error={errors.cvc}
          maxLength={4}
        />
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <Button
        type="submit"
        disabled={sending}
        aria-busy={sending || undefined}
        className="self-end max-sm:self-stretch"
      >
        {sending ? billingMessages.cardSaving : billingMessages.cardSave}
      </Button>
    </form>
  );
}
