"use client";

import { format, type KybTransaction } from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRef, useState } from "react";
import { DetailsStep } from "./DetailsStep";
import { DirectorsStep } from "./DirectorsStep";
import { DocumentsStep } from "./DocumentsStep";
import { KybStepNav } from "./KybStepNav";
import { firstOpenStep, type KybStep, kybStepLabels, kybSteps, nextStep, previousStep } from "./kyb-rules";
import { ReviewStep } from "./ReviewStep";

export interface KybCompany {
  id: string;
  name: string;
  slug: string;
}

/**
 * The draft's wizard (spec §4: company details → supported documents → director invites →
 * submit). It opens on the first step the checklist still misses; every step stays reachable from
 * the step list. Moving to a step puts the focus on its heading, so keyboard and screen reader
 * users land where the new content starts.
 */
export function KybWizard({ transaction, company }: { transaction: KybTransaction; company: KybCompany }) {
  const [step, setStep] = useState<KybStep>(() => firstOpenStep(transaction.checklist));
  const heading = useRef<HTMLHeadingElement>(null);

  const go = (next: KybStep) => {
    setStep(next);
    // The heading stays in place across steps; the new step's title is read once it renders.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const position = kybSteps.indexOf(step) + 1;
  const stepProps = { transaction, companyId: company.id };

  return (
    <div className="mx-auto flex w-full max-w-[1040px] flex-1 flex-col gap-5 px-4 py-6 md:py-10">
      <header>
        <h1 className="text-2xl leading-tight font-semibold break-words text-ink">
          {format(kybMessages.kybStartTitle, { company: company.name })}
        </h1>
      </header>
      <div className="flex flex-col gap-4 md:grid md:grid-cols-[240px_minmax(0,1fr)] md:items-start md:gap-6">
        <KybStepNav current={step} checklist={transaction.checklist} onSelect={go} />
        <section
          aria-labelledby="kyb-step-title"
          className="flex min-w-0 flex-col gap-5 rounded-card bg-surface p-5 shadow-card md:p-8"
        >
          <div>
            <p className="text-sm font-semibold text-ink-muted">
              {format(sharedMessages.wizardStepOf, { current: position, total: kybSteps.length })}
            </p>
            <h2
              id="kyb-step-title"
              ref={heading}
              tabIndex={-1}
              className="mt-0.5 text-xl font-semibold text-ink focus:outline-none"
            >
              {kybStepLabels[step]}
            </h2>
          </div>
          {step === "details" ? (
            <DetailsStep {...stepProps} onSaved={() => go(nextStep(step))} />
          ) : step === "documents" ? (
            <DocumentsStep
              {...stepProps}
              onBack={() => go(previousStep(step))}
              onContinue={() => go(nextStep(step))}
            />
          ) : step === "directors" ? (
            <DirectorsStep
              {...stepProps}
              onBack={() => go(previousStep(step))}
              onContinue={() => go(nextStep(step))}
            />
          ) : (
            <ReviewStep {...stepProps} onEdit={go} />
          )}
        </section>
      </div>
    </div>
  );
}
