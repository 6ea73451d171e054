"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type ReactNode, useState } from "react";
import { Button, type ButtonVariant } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { submitErrorMessage } from "@/lib/forms";

export interface ConfirmButtonProps {
  /** The button's text, also the dialog's title and its confirm button. */
  label: string;
  /** What happens, in a sentence. */
  body: ReactNode;
  variant?: ButtonVariant;
  confirmVariant?: ButtonVariant;
  className?: string;
  /** The call; a failure is shown in the dialog as the server said it. */
  onConfirm: () => Promise<void>;
}

/** A team action that asks first: nothing changes before "Confirm" (removals cannot be undone). */
export function ConfirmButton({
  label,
  body,
  variant = "secondary",
  confirmVariant = "primary",
  className,
  onConfirm,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      setFailure(submitErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <LazyDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFailure(null);
      }}
      size="sm"
      title={label}
      description={body}
      trigger={
        <Button variant={variant} className={className}>
          {label}
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {commonMessages.cancel}
          </Button>
          <Button variant={confirmVariant} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {sharedMessages.confirmChange}
          </Button>
        </>
      }
    >
      {failure ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      ) : null}
    </LazyDialog>
  );
}
