"use client";

import { format, type Strike, type StrikeAppealRequest } from "@vn/contract";
import { moderationMessages } from "@vn/contract/messages/moderation";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { formatDate } from "@/features/content/kinds";
import { StrikeAppealForm } from "./StrikeAppealForm";
import { appealText, strikeEnds, strikeKindText, strikeStatus, strikeSubjectText } from "./strike-text";

/**
 * One strike: what was done and to what, the reason and what the moderators wrote, until when,
 * and its one appeal — the form while it may be sent, then where it stands.
 */
export function StrikeItem({
  strike,
  send,
  onChanged,
}: {
  strike: Strike;
  send: (body: StrikeAppealRequest) => Promise<Strike>;
  onChanged: (strike: Strike | null) => void;
}) {
  const [justSent, setJustSent] = useState(false);
  const [appealOpen, setAppealOpen] = useState(false);
  const status = strikeStatus(strike);
  const ends = strikeEnds(strike);
  const appeal = appealText(strike);
  const titleId = `strike-${strike.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-card bg-surface p-5 shadow-card"
      data-testid="strike"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {strikeKindText[strike.kind]}
          </h2>
          <p className="text-sm text-ink-muted">
            {format(moderationMessages.strikeDecidedOn, { date: formatDate(strike.createdAt) })}
            {ends ? ` · ${ends}` : null}
          </p>
        </div>
        <Badge tone={status.tone}>{status.text}</Badge>
      </header>
      <p className="text-[0.95rem] text-ink">
        <span className="font-medium">{strikeSubjectText[strike.subject.type]}</span>
        {strike.subject.excerpt ? (
          <span className="text-ink-muted">
            {": "}
            {strike.subject.path ? (
              <Link href={strike.subject.path} className="underline underline-offset-2 hover:text-brand">
                {strike.subject.excerpt}
              </Link>
            ) : (
              `“${strike.subject.excerpt}”`
            )}
          </span>
        ) : null}
      </p>
      <dl className="grid gap-3 text-[0.95rem]">
        <div>
          <dt className="text-sm font-medium text-ink-muted">{sharedMessages.strikeReasonLabel}</dt>
          <dd className="text-ink">{strike.reasonLabel}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-ink-muted">{moderationMessages.strikeMessageLabel}</dt>
          <dd className="whitespace-pre-line text-ink">{strike.message}</dd>
        </div>
      </dl>
      {strike.canAppeal && !appealOpen ? (
        <div className="flex border-t border-line pt-4">
          <Button variant="secondary" onClick={() => setAppealOpen(true)}>
            {moderationMessages.strikeAppealAction}
          </Button>
        </div>
      ) : strike.canAppeal ? (
        <StrikeAppealForm
          strikeId={strike.id}
          send={send}
          onSent={(next) => {
            setJustSent(true);
            onChanged(next);
          }}
        />
      ) : appeal ? (
        <div className="flex flex-col gap-3 border-t border-line pt-4">
          {justSent ? <Alert tone="success">{moderationMessages.strikeAppealSent}</Alert> : null}
          <p className="text-[0.95rem] text-ink">{appeal}</p>
          {strike.appeal.text ? (
            <blockquote className="rounded-lg border border-line p-3 text-[0.95rem] whitespace-pre-line text-ink-muted">
              {strike.appeal.text}
            </blockquote>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
