"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

export interface TextareaProps extends ComponentProps<"textarea"> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Marks the field as optional next to its label. */
  optional?: boolean;
}

export function Textarea({ label, hint, error, optional, id, className, rows = 4, ...props }: TextareaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const hasMessage = Boolean(error || hint);
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
        {optional ? (
          <span className="ml-1.5 font-normal text-ink-muted">
            ({commonMessages.optionalField.toLowerCase()})
          </span>
        ) : null}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={hasMessage ? messageId : undefined}
        className={cn(
          "w-full resize-y rounded-lg bg-surface px-3.5 py-3 text-base leading-relaxed text-ink ring-1 ring-inset placeholder:text-ink-muted focus:outline-none",
          error ? "ring-2 ring-danger" : "ring-line-strong focus:ring-2 focus:ring-brand",
        )}
        {...props}
      />
      {error ? (
        <p id={messageId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
