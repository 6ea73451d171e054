"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { settingsMessages } from "@vn/contract/messages/settings";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";

/**
 * DELETE /users/me (spec §4: restorable). The API ends every session and clears the cookie; the
 * web then signs out through /logout, which forgets the cached session and says why.
 */
export function DeleteAccountSection() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.accounts.deleteMe();
    } catch (failure) {
      setError(submitErrorMessage(failure));
      setBusy(false);
      return;
    }
    router.replace(
      `${routes.logout}?${new URLSearchParams({ message: sharedMessages.accountDeleted }).toString()}`,
    );
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="max-w-xl text-sm text-ink-muted">{settingsMessages.deleteAccountBody}</p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!busy) setOpen(next);
        }}
        title={settingsMessages.deleteConfirmTitle}
        description={settingsMessages.deleteConfirmBody}
        size="sm"
        trigger={
          <Button variant="danger" className="shrink-0 max-sm:w-full">
            {settingsMessages.deleteAccount}
          </Button>
        }
        footer={
          <>
            <Button variant="tertiary" onClick={() => setOpen(false)} disabled={busy}>
              {commonMessages.cancel}
            </Button>
            <Button variant="danger" onClick={() => void remove()} disabled={busy} aria-busy={busy}>
              {busy ? settingsMessages.deleting : settingsMessages.deleteAccount}
            </Button>
          </>
        }
      >
        {error ? <Alert>{error}</Alert> : null}
      </Dialog>
    </div>
  );
}
