"use client";

import {
  format,
  KYB_DIRECTORS_MAX,
  type KybDirector,
  type KybTransaction,
  kybDirectorInviteRequestSchema,
} from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type FormEvent, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { directorBadge, mayCancelDirector } from "./kyb-rules";
import { StepFooter } from "./StepFooter";
import { useKybRefresh } from "./use-kyb";

/** The API's refusals that are about the email typed (spec §8): shown under the field, as worded. */
const emailRefusals = new Set([
  "kybTransaction_directorInviteBlockedUser",
  "kybTransaction_directorInviteInactiveUser",
  "kybTransaction_directorInviteAlreadyExists",
]);

function DirectorRow({
  director,
  canEdit,
  busy,
  onCancel,
}: {
  director: KybDirector;
  canEdit: boolean;
  busy: boolean;
  onCancel: () => void;
}) {
  const badge = directorBadge(director);
  const name = director.name ?? director.email;
  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:gap-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-semibold break-words text-ink">{name}</span>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </p>
        {director.name ? <p className="text-sm break-all text-ink-muted">{director.email}</p> : null}
        {director.status === "rejected" && director.rejectReason ? (
          <p className="mt-1 text-sm whitespace-pre-line text-ink">
            {format(kybMessages.kybDirectorReason, { reason: director.rejectReason })}
          </p>
        ) : null}
      </div>
      {mayCancelDirector(director, canEdit) ? (
        <Button
          variant="secondary"
          className="self-start sm:self-center"
          aria-label={format(kybMessages.kybDirectorCancelFor, { name })}
          onClick={onCancel}
          disabled={busy}
          aria-busy={busy}
        >
          {kybMessages.kybDirectorCancel}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * Step 3: the directors, invited by email (and a name for the mail). Each confirms through the
 * mailed link as a verified person; the list follows live (a director's answer arrives over the
 * socket). An invitation can be cancelled while the draft is open.
 */
export function DirectorsStep({
  transaction,
  companyId,
  onBack,
  onContinue,
}: {
  transaction: KybTransaction;
  companyId: string;
  onBack: () => void;
  onContinue: () => void;
}) {
  const snackbar = useSnackbar();
  const refresh = useKybRefresh(companyId);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<{ email?: string; name?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const { directors, canEdit } = transaction;
  const full =
    directors.filter((d) => d.status === "pending" || d.status === "accepted").length >= KYB_DIRECTORS_MAX;

  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = kybDirectorInviteRequestSchema.safeParse({ email, name: name.trim() || undefined });
    if (!parsed.success) {
      const next: { email?: string; name?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "email" || field === "name") && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { data } = await api.kyb.inviteDirector({ body: { email, name: name.trim() || undefined } });
      await refresh(data);
      snackbar.show(format(kybMessages.kybDirectorInvited, { email: parsed.data.email }), {
        tone: "success",
      });
      setEmail("");
      setName("");
    } catch (error) {
      if (error instanceof ApiError && error.code && emailRefusals.has(error.code)) {
        setErrors({ email: error.message });
      } else {
        const fields = fieldErrorsOf(error);
        if (fields.email || fields.name) setErrors({ email: fields.email, name: fields.name });
        else setFailure(submitErrorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (director: KybDirector) => {
    setFailure(null);
    setCancelling(director.id);
    try {
      const { data } = await api.kyb.cancelDirectorInvite({ body: { inviteId: director.id } });
      await refresh(data);
      snackbar.show(sharedMessages.teamInviteCancelled);
    } catch (error) {
      setFailure(submitErrorMessage(error));
      // Answered meanwhile (accepted, rejected): the list is read again.
      void refresh();
    } finally {
      setCancelling(null);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-[0.95rem] text-ink-muted">{kybMessages.kybDirectorsText}</p>
      {failure ? <Alert>{failure}</Alert> : null}
      {canEdit && !full ? (
        <form
          noValidate
          onSubmit={(event) => void invite(event)}
          className="flex flex-col gap-4 rounded-lg bg-canvas p-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label={kybMessages.kybDirectorEmailLabel}
              name="email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors((current) => ({ ...current, email: undefined }));
              }}
              error={errors.email}
              disabled={busy}
            />
            <Input
              label={kybMessages.kybDirectorNameLabel}
              name="name"
              autoComplete="off"
              optional
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setErrors((current) => ({ ...current, name: undefined }));
              }}
              error={errors.name}
              disabled={busy}
            />
          </div>
          <Button type="submit" variant="secondary" className="self-start" disabled={busy} aria-busy={busy}>
            {kybMessages.kybDirectorInvite}
          </Button>
        </form>
      ) : null}
      {canEdit && full ? (
        <p className="text-sm text-ink-muted">
          {format(kybMessages.kybTooManyDirectors, { count: KYB_DIRECTORS_MAX })}
        </p>
      ) : null}
      <section aria-labelledby="kyb-directors" className="flex flex-col gap-3">
        <h3 id="kyb-directors" className="text-base font-semibold text-ink">
          {kybMessages.kybDirectorsHeading}
        </h3>
        {directors.length === 0 ? (
          <p className="text-sm text-ink-muted">{kybMessages.kybDirectorsEmpty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
            {directors.map((director) => (
              <DirectorRow
                key={director.id}
                director={director}
                canEdit={canEdit}
                busy={cancelling === director.id}
                onCancel={() => void cancel(director)}
              />
            ))}
          </ul>
        )}
      </section>
      <StepFooter>
        <Button size="lg" variant="tertiary" onClick={onBack}>
          {kybMessages.kybBack}
        </Button>
        <Button size="lg" onClick={onContinue}>
          {sharedMessages.createProfileContinue}
        </Button>
      </StepFooter>
    </div>
  );
}
