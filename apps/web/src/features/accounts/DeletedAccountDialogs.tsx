"use client";

import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { api } from "@/lib/api-client";
import type { SessionUser } from "@/lib/session";
import { accountCreationOutcome, restoreFailureMessage } from "./auth-outcomes";

type Stage = "choose" | "confirmRestore" | "confirmRemove" | "closed";

export interface DeletedAccountDialogsProps {
  email: string;
  /** details.restoreToken of the user_deleted answer; given explicitly to restore and remove (§7). */
  restoreToken: string;
  /** Restored and signed in (the session answer of PATCH /users/me/restore). */
  onRestored: (user: SessionUser) => Promise<void>;
  /** The old account is gone; the person may join again. */
  onRemoved: () => void;
  onNotAvailable: (email: string) => void;
  onClose: () => void;
}

/**
 * Signing in to a deleted account (spec §4): restore it or create a new one, each behind its own
 * confirmation. Restore signs in; create-new removes the old account for good first.
 */
export function DeletedAccountDialogs({
  email,
  restoreToken,
  onRestored,
  onRemoved,
  onNotAvailable,
  onClose,
}: DeletedAccountDialogsProps) {
  const [stage, setStage] = useState<Stage>("choose");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const go = (next: Stage) => {
    setError(null);
    setStage(next);
    if (next === "closed") onClose();
  };
  // Closing a confirmation goes back to the choice; closing the choice ends the flow.
  const onOpenChange = (current: Stage) => (open: boolean) => {
    if (open || busy) return;
    go(current === "choose" ? "closed" : "choose");
  };

  const restore = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data: session } = await api.accounts.restore({ token: restoreToken });
      await onRestored(session.user);
    } catch (failure) {
      setError(restoreFailureMessage(failure));
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.accounts.completeRemoval({ token: restoreToken });
      onRemoved();
    } catch (failure) {
      const outcome = accountCreationOutcome(failure, email);
      if (outcome.kind === "notAvailable") onNotAvailable(outcome.email);
      else setError(outcome.kind === "message" ? outcome.text : commonMessages.createError);
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog
        open={stage === "choose"}
        onOpenChange={onOpenChange("choose")}
        title={accountsMessages.deletedDialogTitle}
        description={accountsMessages.deletedDialogBody}
        footer={
          <>
            <Button variant="secondary" onClick={() => go("confirmRemove")}>
              {accountsMessages.createNewAccount}
            </Button>
            <Button onClick={() => go("confirmRestore")}>{accountsMessages.restoreAccount}</Button>
          </>
        }
      >
        <p className="text-sm break-all text-ink-muted">{email}</p>
      </Dialog>

      <Dialog
        open={stage === "confirmRestore"}
        onOpenChange={onOpenChange("confirmRestore")}
        title={accountsMessages.restoreConfirmTitle}
        description={accountsMessages.restoreConfirmBody}
        size="sm"
        footer={
          <>
            <Button variant="tertiary" onClick={() => go("choose")} disabled={busy}>
              {commonMessages.cancel}
            </Button>
            <Button onClick={() => void restore()} disabled={busy} aria-busy={busy}>
              {busy ? accountsMessages.restoring : accountsMessages.restoreConfirm}
            </Button>
          </>
        }
      >
        {error ? <Alert>{error}</Alert> : null}
      </Dialog>

      <Dialog
        open={stage === "confirmRemove"}
        onOpenChange={onOpenChange("confirmRemove")}
        title={accountsMessages.removeConfirmTitle}
        description={accountsMessages.removeConfirmBody}
        size="sm"
        footer={
          <>
            <Button variant="tertiary" onClick={() => go("choose")} disabled={busy}>
              {commonMessages.cancel}
            </Button>
            <Button variant="danger" onClick={() => void remove()} disabled={busy} aria-busy={busy}>
              {busy ? accountsMessages.removing : accountsMessages.removeConfirm}
            </Button>
          </>
        }
      >
        {error ? <Alert>{error}</Alert> : null}
      </Dialog>
    </>
  );
}
