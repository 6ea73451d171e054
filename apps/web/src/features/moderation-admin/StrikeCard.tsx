import { format, type ModerationAction, moderationReasonLabel } from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { sharedMessages } from "@vn/contract/messages/shared";
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
        <dt className="font-semibold text-ink-muted">{sharedMessages.strikeReasonLabel}</dt>
        <dd className="text-ink">{moderationReasonLabel(action.reason)}</dd>
        {action.message ? (
          <>
            <dt className="font-semibold text-ink-muted">{moderationAdminMessages.reviewMessageLabel}</dt>
            <dd className="break-words whitespace-pre-line text-ink">{action.message}</dd>
          </>
        ) : null}
      </dl>
      {action.endsAt ? (
        <p className="text-sm text-ink">
          {format(moderationAdminMessages.reviewActionUntil, { date: formatDate(action.endsAt) })}
        </p>
      ) : null}
      <p className="text-sm text-ink-muted">
        {format(moderationAdminMessages.reviewActionBy, {
          name: action.createdBy.name,
          date: formatDateTime(action.createdAt),
        })}
        {action.approvedBy
          ? ` · ${format(moderationAdminMessages.reviewActionApprovedBy, { name: action.approvedBy.name })}`
          : ""}
      </p>
      {action.appeal.text ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-ink-muted">
            {moderationAdminMessages.reviewAppealText}
            {action.appeal.appealedAt
              ? ` · ${format(moderationAdminMessages.reviewAppealedOn, { date: formatDateTime(action.appeal.appealedAt) })}`
              : ""}
          </p>
          <blockquote className="rounded-lg bg-canvas p-3 text-[0.95rem] break-words whitespace-pre-line text-ink">
            {action.appeal.text}
          </blockquote>
          {action.appealDecidedBy ? (
            <p className="text-sm text-ink-muted">
              {format(moderationAdminMessages.reviewAppealDecidedBy, { name: action.appealDecidedBy.name })}
              {action.appealNote ? ` · ${action.appealNote}` : ""}
            </p>
          ) : null}
        </div>
      ) : null}
      {children}
    </article>
  );
}
