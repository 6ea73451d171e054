"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { signOutRequest } from "@/lib/api";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { SESSION_KEY } from "@/lib/session";
import { inviteConfirmationOf } from "./intent-confirmations";
import { useSnackbar } from "./SnackbarProvider";

/** A query intent that asks first (QueryIntentHandler): an invitation's code, or an undo link. */
export type IntentTask =
  | { type: "invite"; code: string; rest: string }
  | { type: "undo"; token: string; rest: string };

/** What is waiting for the person's answer. */
type Pending =
  | { type: "invite"; code: string; rest: string; name: string; title: string; description: string }
  | { type: "undo"; token: string; rest: string };

/** §8: 409 → "no longer available"; 404 or 403 → the server's message. */
function inviteFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return commonMessages.invitationUnavailable;
  if (error instanceof ApiError && !error.isNetworkError) return error.message;
  return commonMessages.invitationInvalid;
}

/**
 * Asks before a query intent changes anything (issue 11): a signed-in member's invitation is
 * accepted only after they confirm who they will follow (and only the invited email may accept
 * it); an undo link asks first, then signs out everywhere. Loaded by QueryIntentHandler only when
 * the address carries such an intent; `onDone` when it is answered, dismissed or not possible.
 */
export function IntentConfirmation({ task, onDone }: { task: IntentTask; onDone: () => void }) {
  const router = useRouter();
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<Pending | null>(task.type === "undo" ? task : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (task.type !== "invite") return;
    // Who invites, before anything is accepted.
    void api.accounts
      .invites({ query: { code: task.code } })
      .then(({ data }) => {
        const confirmation = Array.isArray(data) ? null : inviteConfirmationOf(data);
        if (confirmation?.type === "confirm") {
          const { name, title, description } = confirmation;
          setPending({ type: "invite", code: task.code, rest: task.rest, name, title, description });
          return;
        }
        snackbar.show(confirmation?.text ?? commonMessages.invitationInvalid, { tone: "error" });
        router.replace(task.rest);
        onDone();
      })
      .catch((failure: unknown) => {
        snackbar.show(inviteFailureText(failure), { tone: "error" });
        router.replace(task.rest);
        onDone();
      });
  }, [task, router, snackbar, onDone]);

  const dismiss = () => {
    if (busy || !pending) return;
    setPending(null);
    router.replace(pending.rest);
    onDone();
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    if (pending.type === "invite") {
      try {
        await api.accounts.acceptInvite({ body: { code: pending.code } });
        snackbar.show(format(commonMessages.inviteAccepted, { name: pending.name }), { tone: "success" });
      } catch (failure) {
        snackbar.show(inviteFailureText(failure), { tone: "error" });
      }
      setBusy(false);
      setPending(null);
      router.replace(pending.rest);
      onDone();
      return;
    }
    let message: string;
    try {
      message = (await api.accounts.accessChangeUndo({ body: { token: pending.token } })).data.message;
    } catch (failure) {
      setBusy(false);
      setError(submitErrorMessage(failure));
      return;
    }
    // Every session of the account has ended, this browser's included: forget it and sign in again.
    await signOutRequest();
    await mutate(() => true, undefined, { revalidate: false });
    await mutate(SESSION_KEY, null, { revalidate: false });
    setBusy(false);
    setPending(null);
    router.replace(routes.login);
    router.refresh();
    snackbar.show(message, { tone: "success", on: routes.login });
    onDone();
  };

  if (!pending) return null;
  const invite = pending.type === "invite";
  return (
    <LazyDialog
      open
      onOpenChange={(open) => {
        if (!open) dismiss();
      }}
      title={invite ? pending.title : commonMessages.accessChangeUndoTitle}
      description={invite ? pending.description : commonMessages.accessChangeUndoBody}
      size="sm"
      footer={
        <>
          <Button variant="tertiary" onClick={dismiss} disabled={busy}>
            {invite ? commonMessages.inviteDecline : commonMessages.cancel}
          </Button>
          <Button onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
            {invite
              ? commonMessages.inviteAccept
              : busy
                ? commonMessages.accessChangeUndoing
                : commonMessages.accessChangeUndoConfirm}
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
    </LazyDialog>
  );
}
