"use client";

import type { AuditListQuery, AuditLogEntry } from "@vn/contract";
import { backofficeMessages } from "@vn/contract/messages/backoffice";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Input";
import { api } from "@/lib/api-client";
import { useCursorList } from "@/lib/use-cursor-list";
import { formatMoment } from "./labels";
import { RecordList } from "./RecordList";

interface Filters {
  actor: string;
  resourceType: string;
  resourceId: string;
  action: string;
  from: string;
  to: string;
}
const noFilters: Filters = { actor: "", resourceType: "", resourceId: "", action: "", from: "", to: "" };
const filterFields: Array<[keyof Filters, string]> = [
  ["actor", backofficeMessages.auditActorFilter],
  ["action", backofficeMessages.auditActionFilter],
  ["resourceType", backofficeMessages.auditResourceTypeFilter],
  ["resourceId", backofficeMessages.auditResourceIdFilter],
];

/** The filters as the API takes them: empty ones left out, the day pickers as UTC instants. */
function queryOf(filters: Filters): AuditListQuery {
  const query: AuditListQuery = {};
  for (const key of ["actor", "resourceType", "resourceId", "action"] as const) {
    if (filters[key].trim()) query[key] = filters[key].trim();
  }
  if (filters.from) query.from = `${filters.from}T00:00:00Z`;
  if (filters.to) query.to = `${filters.to}T23:59:59.999Z`;
  return query;
}

function Entry({ entry }: { entry: AuditLogEntry }) {
  const who = entry.actor
    ? `${entry.actor.name ?? entry.actor.userId}${entry.actor.email ? ` <${entry.actor.email}>` : ""}`
    : backofficeMessages.auditSystemActor;
  const changed = entry.before !== null || entry.after !== null;
  return (
    <li className="rounded-card bg-surface p-4 text-sm shadow-card">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-ink-muted">{backofficeMessages.auditAt}</dt>
        <dd>{formatMoment(entry.at)}</dd>
        <dt className="font-semibold text-ink-muted">{backofficeMessages.auditWho}</dt>
        <dd className="break-words">
          {who}
          {entry.staffRole ? ` (${entry.staffRole})` : ""}
        </dd>
        <dt className="font-semibold text-ink-muted">{backofficeMessages.auditWhat}</dt>
        <dd className="font-mono break-all">{entry.action}</dd>
        <dt className="font-semibold text-ink-muted">{backofficeMessages.auditOn}</dt>
        <dd className="font-mono break-all">
          {entry.resourceType} {entry.resourceId}
        </dd>
      </dl>
      {changed ? (
        <details className="mt-2">
          <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-brand">
            {backofficeMessages.auditChanges}
          </summary>
          <div className="grid gap-2 md:grid-cols-2">
            {(
              [
                [backofficeMessages.auditBefore, entry.before],
                [backofficeMessages.auditAfter, entry.after],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="min-w-0">
                <p className="font-semibold text-ink-muted">{label}</p>
                <pre className="overflow-auto rounded-lg bg-canvas p-2 text-xs">
                  {JSON.stringify(value, null, 2)}
                </pre>
              </div>
            ))}
          </div>
        </details>
      ) : null}
    </li>
  );
}

/** /admin/audit (issue 16, item 4): the audit log by actor, resource, action and time, newest first. */
export function AuditView() {
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [applied, setApplied] = useState<Filters>(noFilters);
  const query = queryOf(applied);
  const list = useCursorList([api.backoffice.audit.id, JSON.stringify(query)] as const, (key, cursor) =>
    api.backoffice.audit({
      query: { ...(JSON.parse(key[1]) as AuditListQuery), ...(cursor ? { cursor } : {}) },
    }),
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
  };
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold text-ink">{backofficeMessages.adminAuditTitle}</h1>
        <p className="mt-1 text-ink-muted">{backofficeMessages.adminAuditIntro}</p>
      </header>
      <form
        onSubmit={apply}
        className="grid gap-3 rounded-card bg-surface p-4 shadow-card sm:grid-cols-2 lg:grid-cols-3"
      >
        {filterFields.map(([key, label]) => (
          <Input
            key={key}
            label={label}
            value={draft[key]}
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
        ))}
        <Input
          label={backofficeMessages.auditFromFilter}
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <Input
          label={backofficeMessages.auditToFilter}
          type="date"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">{backofficeMessages.auditApplyFilters}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(noFilters);
              setApplied(noFilters);
            }}
          >
            {backofficeMessages.auditClearFilters}
          </Button>
        </div>
      </form>
      <RecordList
        loadingFirst={list.loadingFirst}
        loadingMore={list.loadingMore}
        error={list.error}
        empty={list.items.length === 0}
        emptyText={backofficeMessages.adminAuditEmpty}
        hasMore={list.hasMore}
        onMore={list.loadMore}
        onRetry={list.retry}
      >
        <ul className="flex flex-col gap-3">
          {list.items.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      </RecordList>
    </div>
  );
}
