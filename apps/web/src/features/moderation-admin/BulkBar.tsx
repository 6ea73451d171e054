"use client";

import { format, type ModerationBulkAction, type ModerationReason } from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Select } from "@/components/ui/Select";
import { reasonOptions } from "./reason-options";

/**
 * The bulk action on the selected subjects of a page: dismiss (nothing wrong) or escalate (to an
 * admin), each with a reason for the log. The API takes all of them or none.
 */
export function BulkBar({
  count,
  actions,
  busy,
  onApply,
}: {
  count: number;
  actions: readonly ModerationBulkAction[];
  busy: boolean;
  onApply: (action: ModerationBulkAction, reason: ModerationReason) => Promise<void>;
}) {
  const [action, setAction] = useState<ModerationBulkAction | "">("");
  const [reason, setReason] = useState<ModerationReason | "">("");
  const [errors, setErrors] = useState<{ action?: string; reason?: string }>({});
  const labels: Record<ModerationBulkAction, string> = {
    dismiss: moderationAdminMessages.reviewBulkDismiss,
    escalate: moderationAdminMessages.reviewBulkEscalate,
    close: moderationAdminMessages.reviewStateClosed,
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      action: action ? undefined : sharedMessages.fieldRequired,
      reason: reason ? undefined : sharedMessages.fieldRequired,
    };
    setErrors(missing);
    if (!action || !reason) return;
    await onApply(action, reason);
    setAction("");
    setReason("");
  };
  return (
    <form
      noValidate
      aria-label={moderationAdminMessages.reviewBulkLabel}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-lg bg-canvas p-3 sm:flex-row sm:items-end"
    >
      <p aria-live="polite" className="text-sm font-semibold text-ink sm:min-w-24 sm:pb-3">
        {format(moderationAdminMessages.reviewSelectedCount, { count })}
      </p>
      <Select
        className="sm:flex-1"
        label={moderationAdminMessages.reviewActionLabel}
        placeholder={moderationAdminMessages.reviewActionPlaceholder}
        options={actions.map((value) => ({ value, label: labels[value] }))}
        value={action}
        error={errors.action}
        onChange={(event) => setAction(event.target.value as ModerationBulkAction)}
      />
      <Select
        className="sm:flex-1"
        label={sharedMessages.adminReasonLabel}
        placeholder={sharedMessages.adminReasonPlaceholder}
        options={reasonOptions}
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value as ModerationReason)}
      />
      <Button type="submit" disabled={count === 0 || busy} aria-busy={busy}>
        {moderationAdminMessages.reviewBulkApply}
      </Button>
    </form>
  );
}
