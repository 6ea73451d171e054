"use client";

import { format } from "@vn/contract";
import { accountsMessages } from "@vn/contract/messages/accounts";
import { type ComponentProps, useEffect, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { Spinner } from "@/components/ui/Spinner";
import { api } from "@/lib/api-client";
import { FieldFeedback } from "./FieldFeedback";
import { handleFeedback } from "./handle-check";
import { useHandleCheck } from "./use-handle-check";

type InputProps = Omit<ComponentProps<typeof Input>, "label" | "hint" | "error">;

export interface HandleFieldProps extends InputProps {
  /** The current value (watched by the form). */
  value: string;
  /** The handle the account has now: no check needed, nothing to say. */
  currentHandle?: string | null;
  /** The name a suggestion is made from. */
  nameForSuggestion: string;
  ownerType: "user" | "company";
  onSuggested: (handle: string) => void;
  error?: string | undefined;
  /** "Your profile address: …" or the company variant. */
  addressTemplate?: string;
}

/** The handle with its live availability (§5: taken, invalid format, needs Premium) and a "suggest" button. */
export function HandleField({
  value,
  currentHandle,
  nameForSuggestion,
  ownerType,
  onSuggested,
  error,
  addressTemplate = accountsMessages.handleHint,
  onBlur,
  ...props
}: HandleFieldProps) {
  const trimmed = value.trim();
  const unchanged = Boolean(currentHandle) && trimmed.toLowerCase() === currentHandle?.toLowerCase();
  const { pending, answer } = useHandleCheck(trimmed, unchanged);
  const [touched, setTouched] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const [host, setHost] = useState("");
  useEffect(() => setHost(window.location.host), []);

  const feedback = handleFeedback(trimmed, { unchanged, pending, answer, touched });
  const address = format(addressTemplate, { address: `${host}/${trimmed || "…"}` });

  const suggest = async () => {
    setSuggesting(true);
    try {
      const { data } = await api.accounts.generateSlug({
        body: { name: nameForSuggestion.trim() || "member", type: ownerType },
      });
      onSuggested(data.slug);
    } catch {
      // Nothing to suggest now; typing a handle still works.
    } finally {
      setSuggesting(false);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Input
        label={accountsMessages.handleLabel}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        error={error ?? (feedback?.tone === "error" ? feedback.text : undefined)}
        hint={
          feedback && feedback.tone !== "error" ? (
            <FieldFeedback tone={feedback.tone} text={feedback.text} />
          ) : (
            <span className="break-all">{address}</span>
          )
        }
        onBlur={(event) => {
          setTouched(true);
          onBlur?.(event);
        }}
        {...props}
      />
      <button
        type="button"
        onClick={() => void suggest()}
        disabled={suggesting}
        aria-busy={suggesting}
        className="inline-flex min-h-10 cursor-pointer items-center gap-1.5 self-start rounded-full px-2 text-sm font-semibold text-brand hover:bg-brand-soft disabled:cursor-wait disabled:opacity-60"
      >
        {suggesting ? <Spinner /> : <Icon name="star" size={18} />}
        {accountsMessages.handleGenerate}
      </button>
    </div>
  );
}
