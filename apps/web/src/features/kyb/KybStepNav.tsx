"use client";

import type { KybTransaction } from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { Icon } from "@/components/ui/Icon";
import { cn } from "@/lib/cn";
import { type KybStep, kybStepLabels, kybSteps, stepDone } from "./kyb-rules";

/**
 * The wizard's steps: a row of four on phones (the label under the number), a list beside the
 * step on desktops (≥1024 px). Every step can be opened at any time; the checklist ticks those
 * that are done. The current one is `aria-current="step"`.
 */
export function KybStepNav({
  current,
  checklist,
  onSelect,
}: {
  current: KybStep;
  checklist: KybTransaction["checklist"];
  onSelect: (step: KybStep) => void;
}) {
  return (
    <nav aria-label={kybMessages.kybStepsLabel} className="md:sticky md:top-20">
      <ol className="grid grid-cols-4 gap-1.5 rounded-card bg-surface p-2 shadow-card md:flex md:flex-col md:gap-1 md:p-3">
        {kybSteps.map((step, index) => {
          const done = stepDone(step, checklist);
          const active = step === current;
          return (
            <li key={step} className="min-w-0">
              <button
                type="button"
                aria-current={active ? "step" : undefined}
                onClick={() => onSelect(step)}
                className={cn(
                  "flex min-h-12 w-full cursor-pointer flex-col items-center gap-1 rounded-lg px-1 py-2 text-center transition-colors",
                  "md:flex-row md:gap-3 md:px-3 md:text-left",
                  active ? "bg-brand-soft text-brand-strong" : "text-ink hover:bg-black/5",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                    done
                      ? "bg-success text-white"
                      : active
                        ? "bg-brand text-white"
                        : "bg-surface text-ink-muted ring-1 ring-inset ring-line-strong",
                  )}
                >
                  {done ? <Icon name="check" size={16} strokeWidth={2.6} /> : index + 1}
                </span>
                <span className="text-xs leading-tight font-semibold break-words md:text-sm">
                  {kybStepLabels[step]}
                  {done ? <span className="sr-only"> ({kybMessages.kybStepDoneLabel})</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
