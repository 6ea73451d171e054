"use client";

import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { Icon } from "./Icon";

export interface CheckboxProps extends Omit<ComponentProps<"input">, "type"> {
  /** The label; may hold links (they stay separately focusable). */
  label: ReactNode;
  error?: string | undefined;
}

/** A native checkbox (keyboard and form behaviour for free) drawn in the product's style. */
export function Checkbox({ label, error, id, className, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex items-start gap-3">
        <span className="relative mt-0.5 inline-flex size-6 shrink-0">
          <input
            id={inputId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? messageId : undefined}
            className={cn(
              "peer size-6 cursor-pointer appearance-none rounded-md bg-surface ring-1 ring-inset transition-colors",
              "checked:bg-brand checked:ring-brand",
              error ? "ring-2 ring-danger" : "ring-line-strong",
            )}
            {...props}
          />
          <Icon
            name="check"
            size={18}
            strokeWidth={2.6}
            className="pointer-events-none absolute top-[3px] left-[3px] text-white opacity-0 peer-checked:opacity-100"
          />
        </span>
        <label htmlFor={inputId} className="cursor-pointer text-sm leading-6 text-ink">
          {label}
        </label>
      </div>
      {error ? (
        <p id={messageId} role="alert" className="pl-9 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
