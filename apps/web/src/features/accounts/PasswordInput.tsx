"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { type ComponentProps, useState } from "react";
import { Input } from "@/components/ui/Input";

type PasswordInputProps = Omit<ComponentProps<typeof Input>, "type" | "trailing">;

/** A password field with a Show/Hide toggle. */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? "text" : "password"}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-full px-3 text-sm font-semibold text-brand hover:bg-brand-soft"
          aria-label={visible ? commonMessages.hidePassword : commonMessages.showPassword}
        >
          {visible ? "Hide" : "Show"}
        </button>
      }
    />
  );
}
