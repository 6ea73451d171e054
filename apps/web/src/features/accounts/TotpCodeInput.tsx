"use client";

import { TOTP_CODE_LENGTH } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { Input, type InputProps } from "@/components/ui/Input";
import { cn } from "@/lib/cn";

/**
 * An authenticator's 6-digit code: the digit keyboard, the one-time-code autofill, room for one
 * space ("123 456"), set in a monospaced face so the digits line up.
 */
export function TotpCodeInput({ className, ...props }: Omit<InputProps, "label">) {
  return (
    <Input
      label={accountsMessages.twoFactorCodeLabel}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      spellCheck={false}
      maxLength={TOTP_CODE_LENGTH + 1}
      className={cn("[&_input]:font-mono", className)}
      {...props}
    />
  );
}
