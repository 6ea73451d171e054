"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { Icon } from "./Icon";

export interface SelectProps extends Omit<ComponentProps<"select">, "size"> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Marks the field as optional next to its label. */
  optional?: boolean;
  options: readonly { value: string; label: string }[];
  /** The empty first option ("Select a country"). */
  placeholder?: string;
}

/** A native <select>: the platform's picker on phones, type-to-find on desktops. */
export function Select({
  label,
  hint,
  error,
  optional,
  options,
  placeholder,
  id,
  className,
  ...props
}: SelectProps) {
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
      <div className="relative">
        <select
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={hasMessage ? messageId : undefined}
          className={cn(
            "min-h-12 w-full cursor-pointer appearance-none rounded-lg bg-surface pr-10 pl-3.5 text-base text-ink ring-1 ring-inset focus:outline-none",
            error ? "ring-2 ring-danger" : "ring-line-strong focus:ring-2 focus:ring-brand",
          )}
          {...props}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon
          name="chevronDown"
          size={20}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-ink-muted"
        />
      </div>
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
