"use client";

import { COMMENT_BODY_MAX, commentBodySchema, messages } from "@vn/contract";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { ApiError } from "@/lib/api-error";
import { cn } from "@/lib/cn";

export interface CommentComposerProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  onSubmit: (body: string) => Promise<void>;
  onCancel?: () => void;
  /** The per-post limit was hit: the page shows the comment-limit dialog. */
  onLimitReached?: () => void;
  compact?: boolean;
}

/** A comment, reply or edit: the shared body rule (contract), submit on button or Ctrl+Enter. */
export function CommentComposer({
  label,
  placeholder,
  submitLabel,
  initial = "",
  autoFocus,
  onSubmit,
  onCancel,
  onLimitReached,
  compact,
}: CommentComposerProps) {
  const id = useId();
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = commentBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.fieldRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(parsed.data);
      setBody("");
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "comments_limitReached" && onLimitReached)
        onLimitReached();
      else setError(failure instanceof ApiError ? failure.message : messages.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit();
        }}
        placeholder={placeholder}
        maxLength={COMMENT_BODY_MAX}
        // biome-ignore lint/a11y/noAutofocus: reply and edit put the caret where the person just asked to write
        autoFocus={autoFocus}
        rows={compact ? 2 : 3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          "w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 text-[0.95rem] text-ink placeholder:text-ink-muted focus:outline-2 focus:outline-brand",
          error && "border-danger",
        )}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="tertiary" onClick={onCancel}>
            {messages.cancel}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || body.trim().length === 0} aria-busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
