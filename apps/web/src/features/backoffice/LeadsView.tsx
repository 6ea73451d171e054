"use client";

import {
  type AdSpendRange,
  adSpendLabels,
  format,
  type Lead,
  type LeadKind,
  type LeadListQuery,
  type LeadStatus,
  leadKinds,
  leadStatuses,
} from "@vn/contract";
import { backofficeMessages } from "@vn/contract/messages/backoffice";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { useCursorList } from "@/lib/use-cursor-list";
import { formatMoment, leadKindLabels, leadStatusLabels } from "./labels";
import { RecordList } from "./RecordList";

const kindOptions = leadKinds.map((kind) => ({ value: kind, label: leadKindLabels[kind] }));
const statusOptions = leadStatuses.map((status) => ({ value: status, label: leadStatusLabels[status] }));

/** The form's fields as staff read them, labelled with the form's own labels. */
function fieldLines(lead: Lead): Array<[string, string]> {
  const f = lead.fields as Record<string, string | null | undefined>;
  const text = (value: string | null | undefined) => value || "—";
  if (lead.kind === "enterprise") {
    return [
      [sharedMessages.websiteLabel, text(f.website)],
      [sharedMessages.countryLabel, text(f.country)],
      [sharedMessages.enquiryPhoneLabel, text(f.phone)],
      [sharedMessages.enquiryTextLabel, text(f.enquiry)],
    ];
  }
  return [
    [sharedMessages.websiteLabel, text(f.website)],
    [sharedMessages.countryLabel, text(f.country)],
    [sharedMessages.adPhoneLabel, text(f.phone)],
    [
      sharedMessages.adMonthlySpendLabel,
      f.monthlyAdSpend ? adSpendLabels[f.monthlyAdSpend as AdSpendRange] : "—",
    ],
    [sharedMessages.adObjectivesLabel, text(f.objectives)],
  ];
}

function LeadCard({ initial, onSaved }: { initial: Lead; onSaved: () => void }) {
  const snackbar = useSnackbar();
  const [lead, setLead] = useState(initial);
  const [status, setStatus] = useState<LeadStatus>(initial.status);
  const [note, setNote] = useState(initial.note ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = status !== lead.status || note !== (lead.note ?? "");

  const show = (next: Lead) => {
    setLead(next);
    setStatus(next.status);
    setNote(next.note ?? "");
  };

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const { data } = await api.backoffice.updateLead({
        params: { id: lead.id },
        body: { status, note, updatedAt: lead.updatedAt },
      });
      show(data);
      snackbar.show(backofficeMessages.leadSaved, { tone: "success" });
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.code === "lead_changed") {
        // Someone else changed it: show it as it is now, and say so.
        const fresh = (error.details as { lead?: Lead } | undefined)?.lead;
        if (fresh) show(fresh);
        setProblem(backofficeMessages.leadChanged);
      } else {
        setProblem(error instanceof ApiError ? error.message : commonMessages.somethingWentWrong);
      }
    } finally {
      setSaving(false);
    }
  };

  const id = `lead-${lead.id}`;
  return (
    <li aria-labelledby={`${id}-title`} className="rounded-card bg-surface p-4 shadow-card md:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold break-words text-ink">
            {lead.company || "—"}
          </h2>
          <p className="text-sm text-ink-muted">
            {lead.name}
            {lead.email ? (
              <>
                {" · "}
                <a href={`mailto:${lead.email}`} className="font-medium text-brand hover:underline">
                  {format(backofficeMessages.leadReplyTo, { email: lead.email })}
                </a>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge>{leadKindLabels[lead.kind]}</Badge>
          <Badge>{leadStatusLabels[lead.status]}</Badge>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {fieldLines(lead).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-ink-muted">{label}</dt>
            <dd className="break-words whitespace-pre-wrap text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-ink-muted">
        {format(backofficeMessages.leadReceived, { date: formatMoment(lead.createdAt) })}
        {lead.sender ? ` · ${format(backofficeMessages.leadSender, { name: lead.sender.name })}` : ""}
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-start">
        <Select
          label={format(backofficeMessages.leadStatusLabel, { company: lead.company })}
          options={statusOptions}
          value={status}
          onChange={(event) => setStatus(event.target.value as LeadStatus)}
        />
        <Textarea
          label={backofficeMessages.leadNoteLabel}
          rows={2}
          value={note}
          maxLength={2000}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end">
        <Button
          onClick={() => void save()}
          disabled={!dirty || saving}
          aria-label={`${backofficeMessages.leadSave}: ${lead.company}`}
        >
          {backofficeMessages.leadSave}
        </Button>
      </div>
    </li>
  );
}

/** /admin/leads (issue 16, item 6): enterprise enquiries and ad consultations, by kind and status. */
export function LeadsView() {
  const [kind, setKind] = useState<LeadKind | "">("");
  const [status, setStatus] = useState<LeadStatus | "">("");
  const query: LeadListQuery = { ...(kind ? { kind } : {}), ...(status ? { status } : {}) };
  const list = useCursorList([api.backoffice.leads.id, JSON.stringify(query)] as const, (key, cursor) =>
    api.backoffice.leads({ query: { ...JSON.parse(key[1]), ...(cursor ? { cursor } : {}) } }),
  );
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold text-ink">{backofficeMessages.adminLeadsTitle}</h1>
        <p className="mt-1 text-ink-muted">{backofficeMessages.adminLeadsIntro}</p>
      </header>
      <div className="grid gap-3 sm:grid-cols-2 md:max-w-xl">
        <Select
          label={backofficeMessages.leadKindFilter}
          options={kindOptions}
          placeholder={backofficeMessages.leadFilterAll}
          value={kind}
          onChange={(event) => setKind(event.target.value as LeadKind | "")}
        />
        <Select
          label={backofficeMessages.leadStatusFilter}
          options={statusOptions}
          placeholder={backofficeMessages.leadFilterAll}
          value={status}
          onChange={(event) => setStatus(event.target.value as LeadStatus | "")}
        />
      </div>
      <RecordList
        loadingFirst={list.loadingFirst}
        loadingMore={list.loadingMore}
        error={list.error}
        empty={list.items.length === 0}
        emptyText={backofficeMessages.adminLeadsEmpty}
        hasMore={list.hasMore}
        onMore={list.loadMore}
        onRetry={list.retry}
      >
        <ul className="flex flex-col gap-3">
          {list.items.map((lead) => (
            <LeadCard
              key={`${lead.id}-${lead.updatedAt}`}
              initial={lead}
              onSaved={() => void list.mutate()}
            />
          ))}
        </ul>
      </RecordList>
    </div>
  );
}
