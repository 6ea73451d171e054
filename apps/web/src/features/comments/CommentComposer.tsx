"use client";

import { COMMENT_BODY_MAX, type Comment } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { ApiError } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { CommentImageButton } from "./CommentImageButton";
import { CommentImagePreview } from "./CommentImagePreview";
import { useCommentImage } from "./use-comment-image";

/** What a composer sends: the text, and the image when it changed (null: removed). */
export interface CommentDraft {
  body: string;
  imageId?: string | null;
}

export interface CommentComposerProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  initial?: string;
  /** The image of the comment being edited. */
  initialImage?: Comment["image"];
  autoFocus?: boolean;
  onSubmit: (draft: CommentDraft) => Promise<void>;
  onCancel?: () => void;
  /** The per-post limit was hit: the page shows the comment-limit dialog. */
  onLimitReached?: () => void;
  compact?: boolean;
}

/**
 * A comment, reply or edit: text, one image (docs/decisions/0011), or both, under the contract's
 * text rule; submit on button or Ctrl+Enter.
 */
export function CommentComposer({
  label,
  placeholder,
  submitLabel,
  initial = "",
  initialImage = null,
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
  const image = useCommentImage(initialImage);
  const hasContent = body.trim().length > 0 || image.pending !== null;
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (image.uploading || busy) return;
    // Busy from here, while the schema loads on the first send (zod stays out of the page's first
    // load); a failed load is a failed send.
    setBusy(true);
    try {
      const { commentTextSchema } = await import("@vn/contract/schemas/comments");
      const parsed = commentTextSchema.safeParse(body);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? sharedMessages.fieldRequired);
        return;
      }
      if (!parsed.data && !image.pending) {
        setError(sharedMessages.fieldRequired);
        return;
      }
      setError(null);
      await onSubmit({
        body: parsed.data,
        ...(image.imageId === undefined ? {} : { imageId: image.imageId }),
      });
      setBody("");
      image.clear();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "comments_limitReached" && onLimitReached)
        onLimitReached();
      else setError(failure instanceof ApiError ? failure.message : commonMessages.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };
  const shownError = error ?? image.state.error;
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
        aria-describedby={shownError ? `${id}-error` : undefined}
        className={cn(
          "w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 text-[0.95rem] text-ink placeholder:text-ink-muted focus:outline-2 focus:outline-brand",
          error && "border-danger",
        )}
      />
      <CommentImagePreview image={image} />
      {shownError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {shownError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <div className="mr-auto">
          <CommentImageButton image={image} disabled={busy} />
        </div>
        {onCancel ? (
          <Button variant="tertiary" onClick={onCancel}>
            {commonMessages.cancel}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || image.uploading || !hasContent} aria-busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
