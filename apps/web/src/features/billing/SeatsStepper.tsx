"use client";

import { billingMessages } from "@vn/contract/messages/billing";
import { useId } from "react";
import { Icon } from "@/components/ui/Icon";

export interface SeatsStepperProps {
  value: number;
  min: number;
  onChange: (value: number) => void;
}

const stepClass =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-lg font-semibold text-ink hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-40";

/** How many extra seats: − and + around a number field (typed too), never below `min`. */
export function SeatsStepper({ value, min, onChange }: SeatsStepperProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink-muted">
        {billingMessages.billingSeatsLabel}
      </label>
      <div className="flex items-center rounded-full ring-1 ring-line-strong focus-within:ring-2 focus-within:ring-brand">
        <button
          type="button"
          className={stepClass}
          aria-label={billingMessages.billingSeatsFewer}
          disabled={value <= min}
          onClick={() => onChange(Math.max(value - 1, min))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={500}
          value={value}
          onChange={(event) => {
            const typed = Number(event.target.value);
            if (Number.isFinite(typed)) onChange(Math.max(typed, min));
          }}
          className="h-10 w-14 bg-transparent text-center text-[0.95rem] font-semibold text-ink tabular-nums [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={stepClass}
          aria-label={billingMessages.billingSeatsMore}
          disabled={value >= 500}
          onClick={() => onChange(value + 1)}
        >
          <Icon name="plus" size={18} />
        </button>
      </div>
    </div>
  );
}
