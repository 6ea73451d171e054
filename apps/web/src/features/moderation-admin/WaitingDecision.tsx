"use client";

import { MODERATION_NOTE_MAX, type ModerationSubjectSummary } from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { Textarea } from "@/components/ui/Textarea";
import { submitErrorMessage } from "@/lib/forms";
import { subjectTypeLabels } from "./review-text";

export interface Choice {
  label: string;
  variant: "primary" | "secondary" | "danger";
  run: (note: string | undefined) => Promise<void>;
}

/**
 * The decision part of a waiting strike (an approval or an appeal): what it was about, a note and
 * two answers — or why this staff member may not give them (`blocked`).
 */
export function WaitingDecision({
  subject,
  choices,
  blocked,
}: {
  subject: ModerationSubjectSummary;
  choices: [Choice, Choice];
  blocked: string | null;
}) {
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();
  const decide = async (choice: Choice) => {
    setBusy(true);
    setFailure(null);
    try {
      await choice.run(note.trim() ? note : undefined);
    } catch (error) {
      setFailure(submitErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-3">
      <p className="text-sm text-ink-muted">
        {subjectTypeLabels[subject.type]}
        {subject.excerpt ? `: ${subject.excerpt}` : ""}{" "}
        <Link
          href={`/admin/reports/${encodeURIComponent(subject.id)}`}
          className="font-semibold text-brand hover:underline"
        >
          {moderationAdminMessages.reviewOpenSubject}
        </Link>
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      {blocked ? (
        <Alert tone="info">{blocked}</Alert>
      ) : (
        <>
          <Textarea
            id={noteId}
            label={sharedMessages.adminNoteLabel}
            optional
            rows={2}
            maxLength={MODERATION_NOTE_MAX}
            hint={sharedMessages.adminNoteHint}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            {choices.map((choice) => (
              <Button
                key={choice.label}
                variant={choice.variant}
                disabled={busy}
                aria-busy={busy}
                onClick={() => void decide(choice)}
              >
                {choice.label}
              </Button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
