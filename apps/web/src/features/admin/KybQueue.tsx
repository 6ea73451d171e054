"use client";

import {
  format,
  type KybStaffDecisionRequest,
  type KybTransaction,
  kybReasons,
  kybStaffReasonCodes,
} from "@vn/contract";
import { adminMessages } from "@vn/contract/messages/admin";
import { sharedMessages } from "@vn/contract/messages/shared";
import { Badge } from "@/components/ui/Badge";
import { Link } from "@/components/ui/Link";
import { formatDate, formatDateTime } from "@/features/content/kinds";
import { api } from "@/lib/api-client";
import { useResource } from "@/lib/use-resource";
import { DecisionForm, type DecisionInput, reasonOptions } from "./DecisionForm";
import { AdminHeading, Fact, QueueBody } from "./QueueStates";
import { useQueueDecision } from "./use-queue-decision";

const businessReasonOptions = reasonOptions(kybStaffReasonCodes, kybReasons);

/**
 * /admin/kyb: business verifications the registry handed to a person (pending_admin_action),
 * oldest first: the company's details, its supported documents (downloads, read with the staff
 * member's session) and its directors; accept, or reject with a reason. Admins only.
 */
export function KybQueue() {
  const queue = useResource(api.kyb.staffQueue, {});
  const decide = useQueueDecision(queue.mutate, ["kybTransaction_alreadyDecided", "kybTransaction_notFound"]);

  const onDecide = (transaction: KybTransaction, input: DecisionInput) =>
    decide(transaction, transaction.company.name, () =>
      api.kyb.staffDecide({
        params: { id: transaction.id },
        body: {
          decision: input.accept ? "accepted" : "rejected",
          ...(input.reason ? { reason: input.reason as KybStaffDecisionRequest["reason"] } : {}),
          ...(input.note ? { note: input.note } : {}),
        },
      }),
    );

  return (
    <>
      <AdminHeading title={adminMessages.adminKybTitle} intro={adminMessages.adminKybIntro} />
      <QueueBody queue={queue} empty={adminMessages.adminKybEmpty}>
        {(items) =>
          items.map((transaction) => (
            <KybItem key={transaction.id} transaction={transaction} onDecide={onDecide} />
          ))
        }
      </QueueBody>
    </>
  );
}

function KybItem({
  transaction,
  onDecide,
}: {
  transaction: KybTransaction;
  onDecide: (transaction: KybTransaction, input: DecisionInput) => Promise<void>;
}) {
  const { company, details, documents, directors } = transaction;
  const headingId = `kyb-${transaction.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-card"
    >
      <header className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          <Link href={`/${encodeURIComponent(company.slug)}`} className="hover:underline">
            {company.name}
          </Link>
        </h2>
        {transaction.submittedAt ? (
          <p className="text-sm text-ink-muted">
            <time dateTime={transaction.submittedAt}>
              {format(adminMessages.adminSubmittedOn, { date: formatDateTime(transaction.submittedAt) })}
            </time>
          </p>
        ) : null}
      </header>

      <section aria-label={adminMessages.adminKybDetails}>
        <h3 className="mb-2 text-sm font-semibold text-ink">{adminMessages.adminKybDetails}</h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact label={adminMessages.adminKybLegalName}>{details.legalName ?? "—"}</Fact>
          <Fact label={adminMessages.adminKybRegistration}>
            {details.registrationNumber ?? "—"}
            {details.country ? ` · ${details.country}` : ""}
          </Fact>
          <Fact label={adminMessages.adminKybAddress}>{details.registeredAddress ?? "—"}</Fact>
          <Fact label={adminMessages.adminKybIncorporated}>
            {details.incorporationDate ? formatDate(details.incorporationDate) : "—"}
          </Fact>
          <Fact label={adminMessages.adminKybWebsite}>
            {details.website ? (
              <a
                href={details.website}
                target="_blank"
                rel="noreferrer noopener"
                className="text-brand hover:underline"
              >
                {details.website}
              </a>
            ) : (
              "—"
            )}
          </Fact>
        </dl>
      </section>

      <section aria-label={adminMessages.adminKybDocuments}>
        <h3 className="mb-2 text-sm font-semibold text-ink">{adminMessages.adminKybDocuments}</h3>
        {documents.length === 0 ? <p className="text-ink">—</p> : null}
        <ul className="flex flex-col gap-1">
          {documents.map((document) => (
            <li key={document.id}>
              <a
                href={api.kyb.staffDocument.href({ params: { id: document.id } })}
                download={document.name}
                aria-label={format(adminMessages.adminKybDownload, { name: document.name })}
                className="inline-flex min-h-10 items-center gap-2 text-brand hover:underline"
              >
                {document.name}
                <span className="text-sm text-ink-muted">
                  ({Math.max(1, Math.round(document.size / 1024))} KB)
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label={adminMessages.adminKybDirectors}>
        <h3 className="mb-2 text-sm font-semibold text-ink">{adminMessages.adminKybDirectors}</h3>
        <ul className="flex flex-col gap-1.5">
          {directors.map((director) => (
            <li key={director.id} className="flex flex-wrap items-center gap-2">
              <span className="text-ink">{director.name ?? director.email}</span>
              <span className="text-sm text-ink-muted">{director.email}</span>
              {director.verified ? (
                <Badge tone="verified">{adminMessages.adminKybDirectorVerified}</Badge>
              ) : (
                <Badge>{format(adminMessages.adminKybDirectorStatus, { status: director.status })}</Badge>
              )}
            </li>
          ))}
        </ul>
      </section>

      <DecisionForm
        label={`${adminMessages.adminDecide}: ${company.name}`}
        reasons={businessReasonOptions}
        noteHint={sharedMessages.adminNoteHint}
        onDecide={(input) => onDecide(transaction, input)}
      />
    </article>
  );
}
