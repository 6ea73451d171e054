"use client";

import { format, type ModerationActionKind, type ModerationSubjectDetail } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRef, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Badge } from "@/components/ui/Badge";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { QueueError } from "@/features/admin/QueueStates";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import { ActionForm } from "./ActionForm";
import { EventLog } from "./EventLog";
import { ReportsPanel } from "./ReportsPanel";
import { ageOf, reportCount, stateLabels, stateTones, subjectTypeLabels } from "./review-text";
import { StrikeCard } from "./StrikeCard";
import { SubjectTarget } from "./SubjectTarget";

/**
 * /admin/reports/[id]: one subject — what was reported, its reports by reason and reporters, the
 * decisions and their appeals, the log — and the decision form. The subject is read once and not
 * refreshed behind the moderator's back: what they decide on is what they saw, and a subject that
 * changed meanwhile comes back with a notice (409) instead.
 */
export function SubjectView({ id }: { id: string }) {
  const session = useSession();
  const snackbar = useSnackbar();
  const { data, error, mutate } = useResource(
    api.moderation.subject,
    { params: { id } },
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
  );
  const [changed, setChanged] = useState(false);
  const notice = useRef<HTMLDivElement>(null);

  const back = (
    <Link
      href="/admin/reports"
      className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand hover:underline"
    >
      <Icon name="arrowLeft" size={18} />
      {sharedMessages.adminBackToQueue}
    </Link>
  );

  if (!data) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        {missing ? (
          <Alert tone="info">{moderationAdminMessages.reviewSubjectNotFound}</Alert>
        ) : error ? (
          <QueueError onRetry={() => void mutate()} />
        ) : (
          <div aria-busy="true" className="flex flex-col gap-4">
            <span className="sr-only">{commonMessages.loading}</span>
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-48" />
            <Skeleton className="h-32" />
          </div>
        )}
      </div>
    );
  }

  const detail: ModerationSubjectDetail = data.data;
  const { subject } = detail;
  const isAdmin = session.user?.staffRole === "admin";
  const pendingApproval = detail.actions.some((action) => action.status === "pending_approval");

  const onSaved = (next: ModerationSubjectDetail, action: ModerationActionKind) => {
    setChanged(false);
    void mutate({ data: next }, { revalidate: false });
    const waiting = action === "suspend" && next.actions.some((item) => item.status === "pending_approval");
    snackbar.show(
      waiting ? moderationAdminMessages.reviewSavedPending : moderationAdminMessages.reviewSaved,
      { tone: "success" },
    );
  };
  const onChanged = async () => {
    await mutate();
    setChanged(true);
    requestAnimationFrame(() => notice.current?.focus());
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {back}
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">
          {format(moderationAdminMessages.reviewSubjectHeading, { type: subjectTypeLabels[subject.type] })}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <Badge tone={stateTones[subject.state]}>{stateLabels[subject.state]}</Badge>
          <span>{reportCount(subject.openReports)}</span>
          <span aria-hidden="true">·</span>
          <span>{format(moderationAdminMessages.reviewPriority, { value: subject.priority })}</span>
          <span aria-hidden="true">·</span>
          <span>{ageOf(subject.lastReportedAt ?? subject.createdAt)}</span>
        </div>
      </div>
      {changed ? (
        <div ref={notice} tabIndex={-1} className="outline-none">
          <Alert tone="info">{moderationAdminMessages.moderationSubjectChanged}</Alert>
        </div>
      ) : null}
      {pendingApproval ? (
        <Alert tone="info">{moderationAdminMessages.reviewPendingApprovalNotice}</Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="lg:col-start-1 lg:row-start-1">
          <SubjectTarget target={detail.target} />
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <ReportsPanel detail={detail} />
        </div>
        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          {subject.state === "escalated" && !isAdmin ? (
            <Alert tone="info">{moderationAdminMessages.reviewEscalatedNotice}</Alert>
          ) : (
            <ActionForm detail={detail} onSaved={onSaved} onChanged={onChanged} />
          )}
          {subject.state === "closed" ? (
            <p className="text-sm text-ink-muted">{moderationAdminMessages.reviewClosedNotice}</p>
          ) : null}
          <section
            aria-labelledby="review-decisions"
            className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card sm:p-5"
          >
            <h2 id="review-decisions" className="text-lg font-semibold text-ink">
              {moderationAdminMessages.reviewActionsHeading}
            </h2>
            {detail.actions.length === 0 ? (
              <p className="text-sm text-ink-muted">{moderationAdminMessages.reviewActionsEmpty}</p>
            ) : (
              detail.actions.map((action) => <StrikeCard key={action.id} action={action} />)
            )}
          </section>
        </div>
        <div className="lg:col-start-1 lg:row-start-3">
          <EventLog events={detail.events} />
        </div>
      </div>
    </div>
  );
}
