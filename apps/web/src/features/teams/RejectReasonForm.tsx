"use client";

import { TEAM_REJECT_REASON_MAX } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { teamsMessages } from "@vn/contract/messages/teams";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Textarea } from "@/components/ui/Textarea";

/**
 * Rejecting a company's invitation (team or director): the reason is required (the company reads
 * it), checked before sending; `error` is the server's word on the field.
 */
export function RejectReasonForm({
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  error?: string;
  onSubmit: (reason: string) => void;
  onCancel?: () => void;
}) {
  const [reason, setReason] = useState("");
  const [required, setRequired] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) {
      setRequired(true);
      return;
    }
    setRequired(false);
    onSubmit(reason);
  };

  return (
    <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-3">
      <Textarea
        label={teamsMessages.teamRejectReasonLabel}
        name="reason"
        rows={3}
        maxLength={TEAM_REJECT_REASON_MAX}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setRequired(false);
        }}
        error={required ? sharedMessages.teamRejectReasonRequired : error}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="danger" disabled={busy} aria-busy={busy}>
          {teamsMessages.teamRejectSend}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {commonMessages.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
