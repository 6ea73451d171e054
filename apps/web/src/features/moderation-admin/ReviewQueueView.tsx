"use client";

import {
  formatCount,
  type ModerationBulkAction,
  type ModerationReason,
  type ModerationState,
  moderationStates,
  STAFF_QUEUE_PER_PAGE,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Badge } from "@/components/ui/Badge";
import { Checkbox } from "@/components/ui/Checkbox";
import { Icon } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { Tabs } from "@/components/ui/Tabs";
import { QueueError } from "@/features/admin/QueueStates";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { submitErrorMessage } from "@/lib/forms";
import { useSession } from "@/lib/session";
import { useResource } from "@/lib/use-resource";
import { BulkBar } from "./BulkBar";
import { Pager } from "./Pager";
import { QueueRow } from "./QueueRow";
import { stateLabels } from "./review-text";

const emptyText: Record<ModerationState, string> = {
  open: moderationAdminMessages.reviewQueueEmptyOpen,
  escalated: moderationAdminMessages.reviewQueueEmptyEscalated,
  closed: moderationAdminMessages.reviewQueueEmptyClosed,
};

function stateOf(value: string | null): ModerationState {
  return (moderationStates as readonly string[]).includes(value ?? "") ? (value as ModerationState) : "open";
}

/**
 * /admin/reports: the review queue, one state at a time (open, escalated, closed; the tab and page
 * live in the address), highest priority first. Subjects of a page can be selected and dismissed
 * or escalated together; escalated ones are for admins.
 */
export function ReviewQueueView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const state = stateOf(params.get("state"));
  const page = Math.max(1, Number(params.get("page")) || 1);
  const session = useSession();
  const isAdmin = session.user?.staffRole === "admin";
  const snackbar = useSnackbar();
  const query = { state, page, perPage: STAFF_QUEUE_PER_PAGE };
  const { data, error, mutate, isLoading } = useResource(api.moderation.queue, { query });
  // Selected subjects of this page, with the version each was seen at (the API checks it).
  const [selected, setSelected] = useState<Map<string, number>>(new Map());
  const [busy, setBusy] = useState(false);
  // One clock per answer, so every line's age is measured from the same moment.
  const now = useMemo(() => (data ? Date.now() : 0), [data]);

  const go = (next: { state?: ModerationState; page?: number }) => {
    const search = new URLSearchParams();
    const nextState = next.state ?? state;
    if (nextState !== "open") search.set("state", nextState);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) search.set("page", String(nextPage));
    setSelected(new Map());
    const qs = search.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };

  // Bulk actions: dismiss and escalate open subjects; admins may dismiss escalated ones.
  const bulkActions: ModerationBulkAction[] =
    state === "open" ? ["dismiss", "escalate"] : state === "escalated" && isAdmin ? ["dismiss"] : [];
  const selectable = bulkActions.length > 0;
  const rows = data?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const apply = async (action: ModerationBulkAction, reason: ModerationReason) => {
    setBusy(true);
    try {
      const subjects = [...selected].map(([id, version]) => ({ id, version }));
      const result = await api.moderation.bulk({ body: { action, reason, subjects } });
      snackbar.show(
        formatCount(result.data.subjects.length, {
          one: moderationAdminMessages.reviewBulkDoneOne,
          other: moderationAdminMessages.reviewBulkDoneOther,
        }),
        { tone: "success" },
      );
    } catch (failure) {
      const changed = failure instanceof ApiError && failure.code === "moderation_subjectChanged";
      snackbar.show(changed ? moderationAdminMessages.reviewBulkChanged : submitErrorMessage(failure), {
        tone: "error",
      });
    } finally {
      setSelected(new Map());
      setBusy(false);
      await mutate();
    }
  };

  const list = (
    <div className="flex flex-col gap-3">
      {selectable ? (
        <BulkBar count={selected.size} actions={bulkActions} busy={busy} onApply={apply} />
      ) : null}
      <section aria-label={stateLabels[state]} className="rounded-card bg-surface shadow-card">
        {isLoading && !data ? (
          <div aria-busy="true" className="flex flex-col gap-3 p-4">
            <span className="sr-only">{commonMessages.loading}</span>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-20" />
            ))}
          </div>
        ) : null}
        {error && !data ? (
          <div className="p-4">
            <QueueError onRetry={() => void mutate()} />
          </div>
        ) : null}
        {data && rows.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
              <Icon name="flag" size={26} />
            </span>
            <p className="max-w-sm text-ink-muted">{emptyText[state]}</p>
          </div>
        ) : null}
        {rows.length > 0 ? (
          <>
            {selectable ? (
              <div className="border-b border-line px-3 py-2.5 sm:px-4">
                <Checkbox
                  label={moderationAdminMessages.reviewSelectPage}
                  checked={allSelected}
                  onChange={(event) =>
                    setSelected(
                      event.target.checked ? new Map(rows.map((row) => [row.id, row.version])) : new Map(),
                    )
                  }
                />
              </div>
            ) : null}
            <ul className="flex flex-col divide-y divide-line">
              {rows.map((subject) => (
                <li key={subject.id}>
                  <QueueRow
                    subject={subject}
                    now={now}
                    selectable={selectable}
                    selected={selected.has(subject.id)}
                    onSelect={(on) =>
                      setSelected((current) => {
                        const next = new Map(current);
                        if (on) next.set(subject.id, subject.version);
                        else next.delete(subject.id);
                        return next;
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      {data ? (
        <Pager
          page={page}
          perPage={data.meta.perPage}
          total={data.meta.total}
          onPage={(n) => go({ page: n })}
        />
      ) : null}
    </div>
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-ink">{moderationAdminMessages.reviewQueueTitle}</h1>
        <p className="text-[0.95rem] text-ink-muted">{moderationAdminMessages.reviewQueueIntro}</p>
      </div>
      <Tabs
        label={moderationAdminMessages.reviewStatesLabel}
        value={state}
        onValueChange={(value) => go({ state: stateOf(value) })}
        items={moderationStates.map((value) => ({
          value,
          label: (
            <span className="inline-flex items-center gap-2">
              {stateLabels[value]}
              {data && value !== "closed" ? <Badge>{data.meta.counts[value]}</Badge> : null}
            </span>
          ),
          content: value === state ? list : null,
        }))}
      />
    </div>
  );
}
