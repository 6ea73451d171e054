"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { billingMessages } from "@vn/contract/messages/billing";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { stripeOf } from "./stripe";

export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  onSaved: () => void | Promise<void>;
}

function ElementsForm({ onSaved }: { onSaved: StripeCardFormProps["onSaved"] }) {
  const stripe = useStripe();
  const elements = useElements();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || sending) return;
    setSending(true);
    setFailure(null);
    try {
      // Cards that need no redirect stay on this page; a bank that needs one comes back here.
      const result = await stripe.confirmSetup({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) setFailure(result.error.message ?? billingMessages.paymentFailed);
      else await onSaved();
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <PaymentElement />
      {failure ? <Alert>{failure}</Alert> : null}
      <Button
        type="submit"
        disabled={!stripe || sending}
        aria-busy={sending || undefined}
        className="self-end max-sm:self-stretch"
      >
        {sending ? billingMessages.cardSaving : billingMessages.cardSave}
      </Button>
    </form>
  );
}

/** Stripe Elements (the Payment Element) on the SetupIntent, when the provider is Stripe. */
export function StripeCardForm({ publishableKey, clientSecret, onSaved }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeOf(publishableKey)} options={{ clientSecret }}>
      <ElementsForm onSaved={onSaved} />
    </Elements>
  );
}
