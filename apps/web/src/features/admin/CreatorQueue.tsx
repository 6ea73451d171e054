"use client";

import { format, messages, type ResponseOf } from "@vn/contract";
import Link from "next/link";
import { Badge } from "@/components/ui/Badge";
import { formatDateTime } from "@/features/content/kinds";
import { api } from "@/lib/api-client";
import { useResource } from "@/lib/use-resource";
import { DecisionForm, type DecisionInput } from "./DecisionForm";
import { AdminHeading, Fact, QueueBody } from "./QueueStates";
import { useQueueDecision } from "./use-queue-decision";

type CreatorQueueItem = ResponseOf<typeof api.billing.creatorQueue.endpoint>["data"][number];

/**
 * /admin/creators: creator applications and appeals of rejected ones, oldest first — what the
 * person publishes, links to it, their audience, an appeal's message; approve or reject with a
 * note the person reads. Admins only.
 */
export function CreatorQueue() {
  const queue = useResource(api.billing.creatorQueue, {});
  const decide = useQueueDecision(queue.mutate, ["creator_alreadyDecided", "creator_applicationNotFound"]);

  const onDecide = (application: CreatorQueueItem, input: DecisionInput) =>
    decide(application, application.profile.name, () =>
      api.billing.creatorDecide({
        params: { id: application.id },
        body: {
          decision: input.accept ? "congratulation" : "rejected",
          ...(input.note ? { note: input.note } : {}),
        },
      }),
    );

  return (
    <>
      <AdminHeading title={messages.adminCreatorsTitle} intro={messages.adminCreatorsIntro} />
      <QueueBody queue={queue} empty={messages.adminCreatorsEmpty}>
        {(items) =>
          items.map((application) => (
            <CreatorItem key={application.id} application={application} onDecide={onDecide} />
          ))
        }
      </QueueBody>
    </>
  );
}

function CreatorItem({
  application,
  onDecide,
}: {
  application: CreatorQueueItem;
  onDecide: (application: CreatorQueueItem, input: DecisionInput) => Promise<void>;
}) {
  const { profile } = application;
  const appealed = application.appealedAt !== null;
  const since = application.appealedAt ?? application.createdAt;
  const headingId = `creator-${application.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-card"
    >
      <header className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          <Link href={`/${encodeURIComponent(profile.slug)}`} className="hover:underline">
            {profile.name}
          </Link>
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <Badge tone={appealed ? "warning" : "brand"}>
            {appealed ? messages.adminCreatorKindAppeal : messages.adminCreatorKindApplication}
          </Badge>
          <time dateTime={since}>
            {format(appealed ? messages.adminAppealedOn : messages.adminSubmittedOn, {
              date: formatDateTime(since),
            })}
          </time>
        </p>
      </header>
      <dl className="flex flex-col gap-3">
        <Fact label={messages.adminCreatorPublishes}>
          <span className="whitespace-pre-line">{application.publishes}</span>
        </Fact>
        <Fact label={messages.adminCreatorLinks}>
          <ul className="flex flex-col gap-1">
            {application.links.map((link) => (
              <li key={link} className="break-all">
                <a
                  href={link}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="text-brand hover:underline"
                >
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </Fact>
        {application.audience ? (
          <Fact label={messages.adminCreatorAudience}>{application.audience}</Fact>
        ) : null}
        {appealed && application.decisionNote ? (
          <Fact label={messages.adminCreatorEarlierNote}>{application.decisionNote}</Fact>
        ) : null}
        {application.appealMessage ? (
          <Fact label={messages.adminCreatorAppeal}>
            <span className="whitespace-pre-line">{application.appealMessage}</span>
          </Fact>
        ) : null}
      </dl>
      <DecisionForm
        label={`${messages.adminDecide}: ${profile.name}`}
        acceptLabel={messages.adminApprove}
        noteHint={messages.adminNoteToPersonHint}
        onDecide={(input) => onDecide(application, input)}
      />
    </article>
  );
}
