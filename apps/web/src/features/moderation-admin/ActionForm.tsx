"use client";

import {
  format,
  isStrikeKind,
  MODERATION_LIMIT_DAYS_DEFAULT,
  MODERATION_LIMIT_DAYS_MAX,
  MODERATION_MESSAGE_MAX,
  MODERATION_MESSAGE_MIN,
  MODERATION_NOTE_MAX,
  type ModerationActionKind,
  type ModerationSubjectDetail,
  moderationActRequestSchema,
} from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { fieldErrorsOf, submitErrorMessage } from "@/lib/forms";
import { reasonOptions } from "./reason-options";
import { actionLabels } from "./review-text";

type Field = "action" | "reason" | "message" | "note" | "days";

/** The actions that apply to a subject as it stands (escalating only from open; a profile has no content to remove). */
export function actionsFor(detail: ModerationSubjectDetail): ModerationActionKind[] {
  const kinds: ModerationActionKind[] = ["dismiss"];
  if (detail.subject.state === "open") kinds.push("escalate");
  if (detail.subject.type !== "profile") kinds.push("remove");
  kinds.push("warn", "limit", "suspend");
  return kinds;
}

/**
 * The staff decision on one subject: an action, a reason from the contract's codes, what the person
 * reads (required for decisions against them), a note for the log, a limit's days. It sends the
 * subject's version as loaded; when the subject changed meanwhile the API refuses (409) and
 * `onChanged` reloads it, while what was typed here stays.
 */
export function ActionForm({
  detail,
  onSaved,
  onChanged,
}: {
  detail: ModerationSubjectDetail;
  onSaved: (detail: ModerationSubjectDetail, action: ModerationActionKind) => void;
  onChanged: () => Promise<void>;
}) {
  const [picked, setAction] = useState<ModerationActionKind | "">("");
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState("");
  const [note, setNote] = useState("");
  const [days, setDays] = useState(String(MODERATION_LIMIT_DAYS_DEFAULT));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const kinds = actionsFor(detail);
  // A subject reloaded in another state may no longer allow the action picked before.
  const action = picked && kinds.includes(picked) ? picked : "";
  const againstPerson = action !== "" && isStrikeKind(action);
  const responsible = detail.subject.profile;
  const waitsForApproval = action === "suspend" && responsible?.verificationStatus === "verified";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const parsed = moderationActRequestSchema.safeParse({
      action: action || undefined,
      reason: reason || undefined,
      message: againstPerson ? message : undefined,
      note: note.trim() ? note : undefined,
      days: action === "limit" ? days : undefined,
      version: detail.subject.version,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        if (!(field in found))
          found[field] = field === "action" ? sharedMessages.fieldRequired : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const { data } = await api.moderation.act({ params: { id: detail.subject.id }, body: parsed.data });
      setAction("");
      setReason("");
      setMessage("");
      setNote("");
      setDays(String(MODERATION_LIMIT_DAYS_DEFAULT));
      onSaved(data, parsed.data.action);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "moderation_subjectChanged") {
        // Shown again as it is now; the choices and the message typed here stay for a second look.
        await onChanged();
      } else {
        const fields = fieldErrorsOf(failure) as Partial<Record<Field, string>>;
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setServerError(submitErrorMessage(failure));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="review-decide"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-card bg-surface p-4 shadow-card sm:p-5"
    >
      <h2 id="review-decide" className="text-lg font-semibold text-ink">
        {moderationAdminMessages.reviewDecideHeading}
      </h2>
      {serverError ? <Alert>{serverError}</Alert> : null}
      <Select
        label={moderationAdminMessages.reviewActionLabel}
        placeholder={moderationAdminMessages.reviewActionPlaceholder}
        options={kinds.map((value) => ({ value, label: actionLabels[value] }))}
        value={action}
        error={errors.action}
        onChange={(event) => setAction(event.target.value as ModerationActionKind | "")}
      />
      <Select
        label={sharedMessages.adminReasonLabel}
        placeholder={sharedMessages.adminReasonPlaceholder}
        options={reasonOptions}
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {action === "limit" ? (
        <Input
          label={moderationAdminMessages.reviewDaysLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={MODERATION_LIMIT_DAYS_MAX}
          value={days}
          hint={format(moderationAdminMessages.reviewDaysHint, { max: MODERATION_LIMIT_DAYS_MAX })}
          error={errors.days}
          onChange={(event) => setDays(event.target.value)}
        />
      ) : null}
      {againstPerson ? (
        <Textarea
          label={moderationAdminMessages.reviewMessageLabel}
          rows={4}
          maxLength={MODERATION_MESSAGE_MAX}
          value={message}
          hint={format(moderationAdminMessages.reviewMessageHint, { count: MODERATION_MESSAGE_MIN })}
          error={errors.message}
          onChange={(event) => setMessage(event.target.value)}
        />
      ) : null}
      <Textarea
        label={moderationAdminMessages.reviewNoteLabel}
        optional
        rows={2}
        maxLength={MODERATION_NOTE_MAX}
        value={note}
        hint={moderationAdminMessages.reviewNoteHint}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
      {waitsForApproval ? (
        <Alert tone="info">{moderationAdminMessages.reviewPendingApprovalNotice}</Alert>
      ) : null}
      <Button
        type="submit"
        variant={againstPerson ? "danger" : "primary"}
        disabled={sending}
        aria-busy={sending}
        className="self-start"
      >
        {sending ? moderationAdminMessages.reviewSubmitting : moderationAdminMessages.reviewSubmit}
      </Button>
    </form>
  );
}
