"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { signOutRequest } from "@/lib/api";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { decideQueryIntent } from "@/lib/query-intents";
import { SESSION_KEY, useSession } from "@/lib/session";
import { inviteConfirmationOf, undoIntentOf } from "./intent-confirmations";
import { useSnackbar } from "./SnackbarProvider";

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
 * Acts on the query parameters of spec §2 that may appear on any page: type=invite&code=… and
 * intent=create-profile (see lib/query-intents.ts), and the undo link of an email or phone change
 * (type=access-change-undo&token=…). Nothing changes without the person's say (issue 11): a
 * signed-in member's invitation is accepted only after they confirm who they will follow (and
 * only the invited email may accept it); a visitor's is carried to the join form; an undo asks
 * first, then signs out everywhere.
 */
export function QueryIntentHandler() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const router = useRouter();
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const { user, isLoading } = useSession();
  const handled = useRef<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (isLoading) return;
    const key = `${pathname}?${search}`;
    const undo = undoIntentOf(pathname, search);
    if (undo) {
      if (handled.current === key) return;
      handled.current = key;
      setError(null);
      setPending({ type: "undo", ...undo });
      return;
    }
    const intent = decideQueryIntent(pathname, search, user !== null);
    if (intent.type === "none") return;
    if (handled.current === key) return;
    handled.current = key;
    if (intent.type === "redirect") {
      router.replace(intent.to);
      return;
    }
    // Who invites, before anything is accepted.
    void api.accounts
      .invites({ query: { code: intent.code } })
      .then(({ data }) => {
        const confirmation = Array.isArray(data) ? null : inviteConfirmationOf(data);
        if (confirmation?.type === "confirm") {
          setError(null);
          const { name, title, description } = confirmation;
          setPending({ type: "invite", code: intent.code, rest: intent.rest, name, title, description });
          return;
        }
        snackbar.show(confirmation?.text ?? commonMessages.invitationInvalid, { tone: "error" });
        router.replace(intent.rest);
      })
      .catch((failure: unknown) => {
        snackbar.show(inviteFailureText(failure), { tone: "error" });
        router.replace(intent.rest);
      });
  }, [pathname, search, user, isLoading, router, snackbar]);

  const dismiss = () => {
    if (busy || !pending) return;
    setPending(null);
    router.replace(pending.rest);
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
    snackbar.show(message, { tone: "success" });
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
