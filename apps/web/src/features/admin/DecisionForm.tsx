"use client";

import { adminMessages } from "@vn/contract/messages/admin";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";

export interface DecisionInput {
  accept: boolean;
  reason?: string;
  note?: string;
}

export interface DecisionFormProps {
  /** Names the form for assistive technology (e.g. "Decide: Ada Lovelace"). */
  label: string;
  /** "Accept" or "Approve". */
  acceptLabel?: string;
  /** A rejection names one of these (fixable or final); none: a rejection needs no reason. */
  reasons?: readonly { value: string; label: string }[];
  noteHint: string;
  /** Sends the decision; throws what the API answered (422 fields are shown beside them). */
  onDecide: (input: DecisionInput) => Promise<void>;
}

/**
 * One staff decision: an optional note, a reason when rejecting, and the two outcomes as buttons.
 * The API checks the rest (a rejection without a reason is refused with the field's message).
 */
export function DecisionForm({ label, acceptLabel, reasons, noteHint, onDecide }: DecisionFormProps) {
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState<"accept" | "reject" | null>(null);
  const id = useId();

  async function decide(accept: boolean) {
    if (sending) return;
    if (!accept && reasons && !reason) {
      setErrors({ reason: sharedMessages.fieldRequired });
      return;
    }
    setSending(accept ? "accept" : "reject");
    setErrors({});
    setFailure(null);
    try {
      await onDecide({
        accept,
        ...(!accept && reason ? { reason } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFailure(submitErrorMessage(error));
    } finally {
      setSending(null);
    }
  }

  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void decide(true);
      }}
      className="flex flex-col gap-4"
    >
      {reasons ? (
        <Select
          id={`${id}-reason`}
          label={sharedMessages.adminReasonLabel}
          hint={adminMessages.adminReasonHint}
          placeholder={sharedMessages.adminReasonPlaceholder}
          options={reasons}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors((current) => ({ ...current, reason: "" }));
          }}
          error={errors.reason || undefined}
        />
      ) : null}
      <Textarea
        id={`${id}-note`}
        label={sharedMessages.adminNoteLabel}
        hint={noteHint}
        optional
        rows={3}
        maxLength={1000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note || undefined}
      />
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="danger"
          disabled={sending !== null}
          aria-busy={sending === "reject" || undefined}
          onClick={() => void decide(false)}
        >
          {adminMessages.adminReject}
        </Button>
        <Button type="submit" disabled={sending !== null} aria-busy={sending === "accept" || undefined}>
          {acceptLabel ?? adminMessages.adminAccept}
        </Button>
      </div>
    </form>
  );
}

/** Reason choices with their labels and whether the person may try again. */
export function reasonOptions(
  codes: readonly string[],
  catalogue: Record<string, { label: string; fixable: boolean }>,
): { value: string; label: string }[] {
  return codes.map((code) => {
    const reason = catalogue[code]!;
    return {
      value: code,
      label: `${reason.label} (${reason.fixable ? adminMessages.adminReasonFixable : adminMessages.adminReasonFinal})`,
    };
  });
}
