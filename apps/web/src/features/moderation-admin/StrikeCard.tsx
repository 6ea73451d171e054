import { format, type ModerationAction, messages, moderationReasonLabel } from "@vn/contract";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/Badge";
import { formatDate, formatDateTime } from "@/features/content/kinds";
import { ProfileLine } from "./ProfileLine";
import { appealStateLabels, strikeKindLabels, strikeStatusLabels, strikeStatusTones } from "./review-text";

/**
 * A decision against a person as staff see it: what, why, what the person read, who decided, and
 * where its approval and appeal stand. `children` holds the controls a list adds (approve, grant…).
 */
export function StrikeCard({
  action,
  showTarget = false,
  children,
}: {
  action: ModerationAction;
  showTarget?: boolean;
  children?: ReactNode;
}) {
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-line p-3.5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-ink">{strikeKindLabels[action.kind]}</h3>
        <Badge tone={strikeStatusTones[action.status]}>{strikeStatusLabels[action.status]}</Badge>
        {action.appeal.state !== "none" ? (
          <Badge tone={action.appeal.state === "granted" ? "success" : "warning"}>
            {appealStateLabels[action.appeal.state]}
          </Badge>
        ) : null}
      </div>
      {showTarget ? <ProfileLine profile={action.targetProfile} link details /> : null}
      <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink-muted">{messages.strikeReasonLabel}</dt>
        <dd className="text-ink">{moderationReasonLabel(action.reason)}</dd>
        {action.message ? (
          <>
            <dt className="font-semibold text-ink-muted">{messages.reviewMessageLabel}</dt>
            <dd className="break-words whitespace-pre-line text-ink">{action.message}</dd>
          </>
        ) : null}
      </dl>
      {action.endsAt ? (
        <p className="text-sm text-ink">
          {format(messages.reviewActionUntil, { date: formatDate(action.endsAt) })}
        </p>
      ) : null}
      <p className="text-sm text-ink-muted">
        {format(messages.reviewActionBy, {
          name: action.createdBy.name,
          date: formatDateTime(action.createdAt),
        })}
        {action.approvedBy
          ? ` · ${format(messages.reviewActionApprovedBy, { name: action.approvedBy.name })}`
          : ""}
      </p>
      {action.appeal.text ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-ink-muted">
            {messages.reviewAppealText}
            {action.appeal.appealedAt
              ? ` · ${format(messages.reviewAppealedOn, { date: formatDateTime(action.appeal.appealedAt) })}`
              : ""}
          </p>
          <blockquote className="rounded-lg bg-canvas p-3 text-[0.95rem] break-words whitespace-pre-line text-ink">
            {action.appeal.text}
          </blockquote>
          {action.appealDecidedBy ? (
            <p className="text-sm text-ink-muted">
              {format(messages.reviewAppealDecidedBy, { name: action.appealDecidedBy.name })}
              {action.appealNote ? ` · ${action.appealNote}` : ""}
            </p>
          ) : null}
        </div>
      ) : null}
      {children}
    </article>
  );
}
