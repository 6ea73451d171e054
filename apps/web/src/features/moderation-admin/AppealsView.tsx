"use client";

import type { ModerationAction } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import type { ReactNode } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Icon } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { QueueError } from "@/features/admin/QueueStates";
import { api } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import { StrikeCard } from "./StrikeCard";
import { WaitingDecision } from "./WaitingDecision";

function WaitingSection({
  id,
  title,
  empty,
  state,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  state: { loading: boolean; failed: boolean; count: number; retry: () => void };
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card sm:p-5"
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {state.loading ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">{commonMessages.loading}</span>
          <Skeleton className="h-32" />
        </div>
      ) : state.failed ? (
        <QueueError onRetry={state.retry} />
      ) : state.count === 0 ? (
        <p className="flex items-center gap-2 text-ink-muted">
          <Icon name="checkCircle" size={20} className="text-success" />
          {empty}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">{children}</ul>
      )}
    </section>
  );
}

/**
 * /admin/appeals: suspensions of verified accounts waiting for a second staff member (admins
 * approve or refuse; never the proposer), and appealed strikes waiting for someone other than who
 * decided them (grant: the decision is reversed; deny: it stands).
 */
export function AppealsView() {
  const session = useSession();
  const me = session.user?.userId;
  const isAdmin = session.user?.staffRole === "admin";
  const snackbar = useSnackbar();
  const approvals = useResource(api.moderation.approvals, { query: { perPage: 50 } });
  const appeals = useResource(api.moderation.appeals, { query: { state: "pending", perPage: 50 } });
  const refresh = async () => {
    await Promise.all([approvals.mutate(), appeals.mutate()]);
  };

  const approvalBlock = (action: ModerationAction): string | null => {
    if (action.createdBy.userId === me) return moderationAdminMessages.reviewOwnProposal;
    if (!isAdmin) return moderationAdminMessages.reviewApprovalAdminsOnly;
    return null;
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-ink">{moderationAdminMessages.reviewAppealsTitle}</h1>
        <p className="text-[0.95rem] text-ink-muted">{moderationAdminMessages.reviewAppealsIntro}</p>
      </div>
      <WaitingSection
        id="review-approvals"
        title={moderationAdminMessages.reviewApprovalsHeading}
        empty={moderationAdminMessages.reviewApprovalsEmpty}
        state={{
          loading: !approvals.data && !approvals.error,
          failed: Boolean(approvals.error && !approvals.data),
          count: approvals.data?.data.length ?? 0,
          retry: () => void approvals.mutate(),
        }}
      >
        {approvals.data?.data.map(({ action, subject }) => (
          <li key={action.id}>
            <StrikeCard action={action} showTarget>
              <WaitingDecision
                subject={subject}
                blocked={approvalBlock(action)}
                choices={[
                  {
                    label: moderationAdminMessages.reviewApprove,
                    variant: "danger",
                    run: async (note) => {
                      await api.moderation.approve({
                        params: { id: action.id },
                        body: { approve: true, note },
                      });
                      snackbar.show(moderationAdminMessages.reviewApproved, { tone: "success" });
                      await refresh();
                    },
                  },
                  {
                    label: moderationAdminMessages.reviewRefuse,
                    variant: "secondary",
                    run: async (note) => {
                      await api.moderation.approve({
                        params: { id: action.id },
                        body: { approve: false, note },
                      });
                      snackbar.show(moderationAdminMessages.reviewRefused, { tone: "success" });
                      await refresh();
                    },
                  },
                ]}
              />
            </StrikeCard>
          </li>
        ))}
      </WaitingSection>
      <WaitingSection
        id="review-appeals"
        title={moderationAdminMessages.reviewAppealsHeading}
        empty={moderationAdminMessages.reviewAppealsEmpty}
        state={{
          loading: !appeals.data && !appeals.error,
          failed: Boolean(appeals.error && !appeals.data),
          count: appeals.data?.data.length ?? 0,
          retry: () => void appeals.mutate(),
        }}
      >
        {appeals.data?.data.map(({ action, subject }) => (
          <li key={action.id}>
            <StrikeCard action={action} showTarget>
              <WaitingDecision
                subject={subject}
                blocked={action.createdBy.userId === me ? moderationAdminMessages.reviewOwnDecision : null}
                choices={[
                  {
                    label: moderationAdminMessages.reviewGrant,
                    variant: "primary",
                    run: async (note) => {
                      await api.moderation.decideAppeal({
                        params: { id: action.id },
                        body: { decision: "granted", note },
                      });
                      snackbar.show(moderationAdminMessages.reviewGranted, { tone: "success" });
                      await refresh();
                    },
                  },
                  {
                    label: moderationAdminMessages.reviewDeny,
                    variant: "secondary",
                    run: async (note) => {
                      await api.moderation.decideAppeal({
                        params: { id: action.id },
                        body: { decision: "denied", note },
                      });
                      snackbar.show(moderationAdminMessages.reviewDenied, { tone: "success" });
                      await refresh();
                    },
                  },
                ]}
              />
            </StrikeCard>
          </li>
        ))}
      </WaitingSection>
    </div>
  );
}
