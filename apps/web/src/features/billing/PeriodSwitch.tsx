"use client";

import { type BillingPeriod, format } from "@vn/contract";
import { billingMessages } from "@vn/contract/messages/billing";
import { cn } from "@/lib/cn";

export interface PeriodSwitchProps {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  discountPercent: number;
}

/** Monthly / Annual, with the yearly discount shown (§9: 16%). A pair of radio-like toggle buttons. */
export function PeriodSwitch({ value, onChange, discountPercent }: PeriodSwitchProps) {
  const options: { period: BillingPeriod; label: string }[] = [
    { period: "monthly", label: billingMessages.billingMonthly },
    { period: "annual", label: billingMessages.billingAnnual },
  ];
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">{billingMessages.billingPeriodLabel}</legend>
      <div className="inline-flex rounded-full bg-black/[0.06] p-1">
        {options.map((option) => {
          const active = option.period === value;
          return (
            <button
              key={option.period}
              type="button"
              aria-pressed={active}
              onClick={() => onChange(option.period)}
              className={cn(
                "inline-flex min-h-10 cursor-pointer items-center rounded-full px-4 text-[0.95rem] font-semibold",
                active ? "bg-surface text-ink shadow-card" : "text-ink-muted hover:text-ink",
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <span className="rounded-full bg-success-soft px-2.5 py-1 text-xs font-semibold text-success">
        {format(billingMessages.billingAnnualSave, { percent: discountPercent })}
      </span>
    </fieldset>
  );
}
