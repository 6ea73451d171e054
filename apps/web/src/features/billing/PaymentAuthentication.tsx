"use client";

import { type BillingState, format, type PaymentOutcome } from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import { formatCents } from "./billing-text";
import { stripeOf } from "./stripe";

export interface PendingAction {
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
}

export interface AuthenticationResult {
  outcome: PaymentOutcome | null;
  state: BillingState;
}

export interface PaymentAuthenticationProps {
  action: PendingAction;
  provider: BillingState["billing"]["provider"];
  onDone: (result: AuthenticationResult) => void | Promise<void>;
}

/** A declined payment is the §8 payment failure message; anything else the server's words. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.hasCode("payments_paymentFailed"))
    return billingMessages.paymentFailed;
  return submitErrorMessage(error);
}

/**
 * The cardholder's confirmation of a payment (3-D Secure), then require-action completes the change
 * it was for. The sandbox imitates the bank's page (Approve / Fail); Stripe opens its own.
 */
export function PaymentAuthentication({ action, provider, onDone }: PaymentAuthenticationProps) {
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function complete(confirm: () => Promise<boolean>) {
    if (working) return;
    setWorking(true);
    setFailure(null);
    try {
      const passed = await confirm();
      if (!passed) {
        setFailure(billingMessages.paymentFailed);
        return;
      }
      const { data } = await api.billing.requireAction({ body: { paymentIntentId: action.paymentIntentId } });
      await onDone({ outcome: data.outcome, state: data.state });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setWorking(false);
    }
  }

  const sandbox = (approve: boolean) =>
    complete(async () => {
      const { data } = await api.billing.sandboxAuthenticate({
        params: { id: action.paymentIntentId },
        body: { clientSecret: action.clientSecret, approve },
      });
      return data.status === "succeeded";
    });

  const stripe = () =>
    complete(async () => {
      const client = provider.publishableKey ? await stripeOf(provider.publishableKey) : null;
      if (!client) return false;
      const result = await client.confirmCardPayment(action.clientSecret);
      return !result.error;
    });

  const amount = formatCents(action.amountCents);
  if (provider.name === "stripe") {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-[0.95rem]">{format(billingMessages.billingPendingAction, { amount })}</p>
        {failure ? <Alert>{failure}</Alert> : null}
        <Button onClick={() => void stripe()} disabled={working} className="self-end max-sm:self-stretch">
          {working ? billingMessages.authWorking : billingMessages.billingConfirmPayment}
        </Button>
      </div>
    );
  }
  return (
    <section
      aria-labelledby="bank-title"
      className="flex flex-col gap-4 rounded-lg border border-line-strong bg-canvas p-4"
      data-testid="bank-authentication"
    >
      <div className="flex items-center gap-2 border-b border-line pb-3">
        <Icon name="lock" size={20} className="shrink-0 text-success" />
        <h3 id="bank-title" className="text-sm font-semibold text-ink">
          {billingMessages.authBankName}
        </h3>
      </div>
      <p className="text-[0.95rem] text-ink">{format(billingMessages.authText, { amount })}</p>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => void sandbox(false)} disabled={working}>
          {billingMessages.authFail}
        </Button>
        <Button onClick={() => void sandbox(true)} disabled={working} aria-busy={working || undefined}>
          {working ? billingMessages.authWorking : billingMessages.authApprove}
        </Button>
      </div>
    </section>
  );
}
