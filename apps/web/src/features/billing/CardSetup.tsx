"use client";

import { billingMessages } from "@vn/contract/messages/billing";
import { commonMessages } from "@vn/contract/messages/common";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { SandboxCardForm } from "./SandboxCardForm";
import { StripeCardForm } from "./StripeCardForm";

type Intent = {
  setupIntentId: string;
  clientSecret: string;
  provider: "sandbox" | "stripe";
  publishableKey: string | null;
};

/**
 * Saving a card: a SetupIntent from the API (one per mount: its idempotency key is chosen once),
 * then the provider's form: Stripe Elements, or the sandbox's own card form.
 */
export function CardSetup({ onSaved }: { onSaved: () => void | Promise<void> }) {
  const key = useRef<string>(crypto.randomUUID());
  const [intent, setIntent] = useState<Intent | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = useCallback(async () => {
    setError(null);
    try {
      const { data } = await api.billing.setupIntent({ body: { idempotencyKey: key.current } });
      setIntent(data);
    } catch (failure) {
      setError(submitErrorMessage(failure));
      // The next try is a new request.
      key.current = crypto.randomUUID();
    }
  }, []);

  useEffect(() => {
    void start();
  }, [start]);

  if (error) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>{error}</Alert>
        <Button variant="secondary" onClick={() => void start()}>
          {commonMessages.tryAgain}
        </Button>
      </div>
    );
  }
  if (!intent) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{billingMessages.cardLoading}</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (intent.provider === "stripe" && intent.publishableKey) {
    return (
      <StripeCardForm
        publishableKey={intent.publishableKey}
        clientSecret={intent.clientSecret}
        onSaved={onSaved}
      />
    );
  }
  return (
    <SandboxCardForm
      setupIntentId={intent.setupIntentId}
      clientSecret={intent.clientSecret}
      onSaved={onSaved}
    />
  );
}
