"use client";

import { format, type StaffDecisionRequest, type StaffRole } from "@vn/contract";
import { adminMessages } from "@vn/contract/messages/admin";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Badge } from "@/components/ui/Badge";
import { Link } from "@/components/ui/Link";
import { formatDateTime } from "@/features/content/kinds";
import { api } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { DecisionForm, type DecisionInput } from "./DecisionForm";
import { Fact, QueueError, QueueLoading } from "./QueueStates";
import { useVerificationQueue } from "./VerificationQueue";
import {
  documentTypeLabel,
  identityReasonOptions,
  itemId,
  kindLabel,
  sideLabel,
  type VerificationQueueItem,
  waitingSince,
} from "./verification-items";

const QUEUE_PATH = "/admin/verifications";

/**
 * /admin/verifications/{id}: one item of the queue — who, what the vendor reported, the document
 * images (read with the staff member's session through the web's /api), an appeal's message — and
 * the decision. Decided, it leaves the queue and the person is told at once (their processing page
 * moves on, a notification, a mail).
 */
export function VerificationDetail({ id, role }: { id: string; role: StaffRole }) {
  const queue = useVerificationQueue();
  const items = queue.data?.data;
  const item = items?.find((candidate) => itemId(candidate) === id);
  const router = useRouter();
  const snackbar = useSnackbar();

  async function decide(current: VerificationQueueItem, input: DecisionInput) {
    const decision = input.accept ? ("accepted" as const) : ("rejected" as const);
    try {
      if (current.kind === "appeal" && current.appeal) {
        await api.verification.staffDecideAppeal({
          params: { id: current.appeal.id },
          body: { decision, ...(input.note ? { note: input.note } : {}) },
        });
      } else {
        await api.verification.staffDecideTransaction({
          params: { id: current.transaction.id },
          body: {
            decision,
            ...(input.reason ? { reason: input.reason as StaffDecisionRequest["reason"] } : {}),
            ...(input.note ? { note: input.note } : {}),
          },
        });
      }
      snackbar.show(format(adminMessages.adminDecisionSaved, { name: current.person.name }), {
        tone: "success",
      });
    } catch (error) {
      const decidedMeanwhile =
        error instanceof ApiError &&
        (error.code === "verification_alreadyDecided" ||
          error.code === "verification_notFound" ||
          error.code === "appeal_notFound");
      if (!decidedMeanwhile) throw error;
      snackbar.show(adminMessages.adminAlreadyDecided);
    }
    // Either way it no longer waits: off the list, back to the queue.
    await queue.mutate(
      (answer) => answer && { ...answer, data: answer.data.filter((other) => itemId(other) !== id) },
      { revalidate: true },
    );
    router.push(QUEUE_PATH);
  }

  const back = (
    <Link href={QUEUE_PATH} className="text-sm font-semibold text-brand hover:underline">
      ← {sharedMessages.adminBackToQueue}
    </Link>
  );

  if (queue.error && !items) return <QueueError onRetry={() => void queue.mutate()} />;
  if (!items) return <QueueLoading />;
  if (!item) {
    return (
      <div className="flex flex-col items-start gap-3">
        {back}
        <Alert tone="info">{adminMessages.adminVerificationNotFound}</Alert>
      </div>
    );
  }

  const { person, transaction, appeal, documents } = item;
  const mayDecide = item.kind === "appeal" || role === "admin";
  return (
    <article className="flex flex-col gap-4">
      {back}
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">
          {format(adminMessages.adminVerificationDetailTitle, { name: person.name })}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <Badge tone={item.kind === "appeal" ? "warning" : "brand"}>{kindLabel(item)}</Badge>
          <span>{person.email}</span>
          {person.slug ? (
            <Link href={`/${encodeURIComponent(person.slug)}`} className="text-brand hover:underline">
              @{person.slug}
            </Link>
          ) : null}
          <time dateTime={waitingSince(item)}>
            {format(appeal ? adminMessages.adminAppealedOn : adminMessages.adminSubmittedOn, {
              date: formatDateTime(waitingSince(item)),
            })}
          </time>
        </p>
      </header>

      <section aria-labelledby="facts" className="rounded-lg bg-surface p-4 shadow-card">
        <h2 id="facts" className="mb-3 font-semibold text-ink">
          {adminMessages.adminVerificationFacts}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Fact label={adminMessages.adminVerificationCountry}>{transaction.country}</Fact>
          <Fact label={adminMessages.adminVerificationDocumentType}>
            {documentTypeLabel(transaction.documentType)}
          </Fact>
          <Fact label={adminMessages.adminVerificationNumberEnd}>{transaction.documentNumberEnd ?? "—"}</Fact>
          <Fact label={adminMessages.adminVerificationAttempt}>{transaction.attempt}</Fact>
        </dl>
        {transaction.reason ? (
          <dl className="mt-3">
            <Fact label={adminMessages.adminVerificationEarlierReason}>{transaction.reason.text}</Fact>
          </dl>
        ) : null}
        {appeal ? (
          <dl className="mt-3">
            <Fact label={adminMessages.adminVerificationAppealMessage}>
              <span className="whitespace-pre-line">{appeal.message}</span>
            </Fact>
          </dl>
        ) : null}
      </section>

      <section aria-labelledby="documents" className="rounded-lg bg-surface p-4 shadow-card">
        <h2 id="documents" className="mb-3 font-semibold text-ink">
          {adminMessages.adminVerificationDocuments}
        </h2>
        {documents.length === 0 ? (
          <p className="text-ink-muted">{adminMessages.adminVerificationNoDocuments}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {documents.map((document) => {
              const href = api.verification.staffDocument.href({ params: { documentId: document.id } });
              return (
                <li key={document.id}>
                  <figure className="flex flex-col gap-1.5">
                    <a href={href} target="_blank" rel="noreferrer" className="block">
                      {/* biome-ignore lint/performance/noImgElement: private, never-cached images are not for the image optimiser */}
                      <img
                        src={href}
                        alt={format(adminMessages.adminVerificationImageAlt, {
                          side: sideLabel(document.side),
                          document: documentTypeLabel(transaction.documentType).toLowerCase(),
                          name: person.name,
                        })}
                        loading="lazy"
                        className="max-h-80 w-full rounded-md bg-black/[0.04] object-contain"
                      />
                    </a>
                    <figcaption className="text-sm text-ink-muted">{sideLabel(document.side)}</figcaption>
                  </figure>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {mayDecide ? (
        <section aria-labelledby="decision" className="rounded-lg bg-surface p-4 shadow-card">
          <h2 id="decision" className="mb-3 font-semibold text-ink">
            {adminMessages.adminDecide}
          </h2>
          <DecisionForm
            label={`${adminMessages.adminDecide}: ${person.name}`}
            reasons={item.kind === "transaction" ? identityReasonOptions : undefined}
            noteHint={sharedMessages.adminNoteHint}
            onDecide={(input) => decide(item, input)}
          />
        </section>
      ) : null}
    </article>
  );
}
