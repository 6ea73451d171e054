"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

export interface InputProps extends Omit<ComponentProps<"input">, "size"> {
  label: string;
  /** Shown under the field while there is no error. */
  hint?: ReactNode;
  error?: string | undefined;
  /** Marks the field as optional next to its label. */
  optional?: boolean;
  /** Content placed inside the field on the right (e.g. a show-password button). */
  trailing?: ReactNode;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
}

export function Input({
  label,
  hint,
  error,
  optional,
  trailing,
  hideLabel,
  id,
  className,
  ...props
}: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const hasMessage = Boolean(error || hint);
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className={cn("text-sm font-semibold text-ink", hideLabel && "sr-only")}>
        {label}
        {optional ? (
          <span className="ml-1.5 font-normal text-ink-muted">
            ({commonMessages.optionalField.toLowerCase()})
          </span>
        ) : null}
      </label>
      <div
        className={cn(
          "flex min-h-12 items-center rounded-lg bg-surface ring-1 ring-inset transition-shadow",
          error ? "ring-2 ring-danger" : "ring-line-strong focus-within:ring-2 focus-within:ring-brand",
        )}
      >
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={hasMessage ? messageId : undefined}
          className="min-h-12 w-full min-w-0 flex-1 rounded-lg bg-transparent px-3.5 text-base text-ink placeholder:text-ink-muted focus:outline-none"
          // Spelled out, though it is the default: HTML_CodeSniffer reads the attribute to decide
          // which autocomplete tokens a field may carry (given-name, organization…; pa11y, issue 18).
          type="text"
          {...props}
        />
        {trailing ? <div className="flex shrink-0 items-center pr-1">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={messageId} className="flex items-start gap-1.5 text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-ink-muted" aria-live="polite">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
