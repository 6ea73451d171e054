"use client";

import { format } from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { StepCard } from "@/features/verification/StepCard";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import type { KybCompany } from "./KybWizard";
import { kybStepLabels, kybSteps } from "./kyb-rules";
import { useKybRefresh } from "./use-kyb";

/** Before the first transaction: what business verification asks for, and "Start verification". */
export function KybStartView({ company }: { company: KybCompany }) {
  const refresh = useKybRefresh(company.id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await api.kyb.create();
      await refresh(data);
    } catch (error) {
      setFailure(submitErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    <StepCard
      icon="building"
      title={format(kybMessages.kybStartTitle, { company: company.name })}
      text={format(kybMessages.kybStartText, { company: company.name })}
      actions={
        <Button size="lg" onClick={() => void start()} disabled={busy} aria-busy={busy}>
          {sharedMessages.verificationStart}
        </Button>
      }
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <ol aria-label={kybMessages.kybStepsLabel} className="flex flex-col gap-2">
        {kybSteps.map((step, index) => (
          <li key={step} className="flex items-center gap-3 text-ink">
            <span
              aria-hidden="true"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-strong"
            >
              {index + 1}
            </span>
            {kybStepLabels[step]}
          </li>
        ))}
      </ol>
    </StepCard>
  );
}
