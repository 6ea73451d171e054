"use client";

import type { ContentItem } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { contentMessages } from "@vn/contract/messages/content";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { Textarea } from "@/components/ui/Textarea";
import { useIntentReplay, useSignInPrompt } from "@/features/accounts/SignInDialog";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { useSession } from "@/lib/session";
import { repostFailureMessage } from "./repost-errors";

/**
 * The repost form (§2 global overlays): repost at once, or quote with a note (§5: the note must
 * not be empty). Shown only where the author allows reposts and to someone who is not the author.
 */
export function RepostButton({ item }: { item: ContentItem }) {
  const { user } = useSession();
  const router = useRouter();
  const snackbar = useSnackbar();
  const gate = useVerificationGate();
  const [open, setOpen] = useState(false);
  const [quoting, setQuoting] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = useSignInPrompt();
  const repostable =
    item.contentInteractionConfig.repostsEnabled && !item.isOwner && item.type.id !== "repost";
  // A visitor pressed repost and signed in: the repost form opens (the popup if not verified).
  useIntentReplay("repost", item.id, repostable, () => {
    if (gate.allows("content.write", { kind: "repost" })) setOpen(true);
  });
  if (!repostable) return null;

  const submit = async (withQuote: boolean) => {
    // Busy from here, while the schema loads on the first repost (zod stays out of the first
    // load); a failed load is a failed repost.
    setBusy(true);
    try {
      const { repostRequestSchema } = await import("@vn/contract/schemas/content");
      const parsed = repostRequestSchema.safeParse({ withQuote, quote: withQuote ? note : undefined });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? sharedMessages.quoteNoteRequired);
        return;
      }
      setError(null);
      const { data: created } = await api.content.repost({ params: { id: item.id }, body: parsed.data });
      setOpen(false);
      snackbar.show(contentMessages.repostDone, { tone: "success" });
      if (withQuote) router.push(created.path);
    } catch (failure) {
      if (gate.refusedBy(failure)) {
        setOpen(false);
        return;
      }
      const message = repostFailureMessage(failure);
      if (failure instanceof ApiError && failure.status === 422) setError(message);
      else snackbar.show(message, { tone: "error" });
    } finally {
      setBusy(false);
    }
  };

  // A visitor sees the button too: it opens the sign-in dialog (issue 18).
  if (!user) {
    return (
      <Button
        variant="tertiary"
        className="px-3"
        aria-haspopup="dialog"
        onClick={() => signIn.prompt({ action: "repost", target: item.id })}
      >
        {contentMessages.repostAction}
      </Button>
    );
  }
  return (
    <LazyDialog
      open={open}
      onOpenChange={(next) => {
        // Reposting is publishing (§6): not verified, the popup opens instead of the form.
        if (next && !gate.allows("content.write", { kind: "repost" })) return;
        setOpen(next);
        if (!next) {
          setQuoting(false);
          setNote("");
          setError(null);
        }
      }}
      title={contentMessages.repostDialogTitle}
      size="md"
      trigger={
        <Button variant="tertiary" className="px-3">
          {contentMessages.repostAction}
        </Button>
      }
      footer={
        quoting ? (
          <>
            <Button variant="secondary" onClick={() => setQuoting(false)}>
              {commonMessages.cancel}
            </Button>
            <Button onClick={() => void submit(true)} disabled={busy} aria-busy={busy}>
              {commonMessages.repostWithQuote}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setQuoting(true)}>
              {commonMessages.repostWithQuote}
            </Button>
            <Button onClick={() => void submit(false)} disabled={busy} aria-busy={busy}>
              {contentMessages.repostNow}
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-col gap-4">
        {quoting ? (
          <Textarea
            label={contentMessages.repostNoteLabel}
            placeholder={contentMessages.repostNotePlaceholder}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={error ?? undefined}
            rows={4}
            autoFocus
          />
        ) : error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <blockquote className="rounded-lg border border-line p-3 text-sm text-ink-muted">
          <p className="font-semibold text-ink">{item.owner.name}</p>
          <p className="mt-1 line-clamp-3">{item.title ?? item.shortContent ?? item.content}</p>
        </blockquote>
      </div>
    </LazyDialog>
  );
}
