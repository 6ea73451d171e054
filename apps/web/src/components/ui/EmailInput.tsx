"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { Input, type InputProps } from "./Input";

/**
 * The email field of the account forms: the email keyboard, no capitals or spelling fixes, and
 * the "email" autofill token (an email field's own; "username" is for text fields: pa11y, issue 18).
 */
export function EmailInput({
  label = commonMessages.emailLabel,
  ...props
}: Omit<InputProps, "label" | "type"> & {
  label?: string;
}) {
  return (
    <Input
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
