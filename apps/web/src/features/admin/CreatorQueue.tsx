"use client";

import { format } from "@vn/contract";
import { adminMessages } from "@vn/contract/messages/admin";
import { Badge } from "@/components/ui/Badge";
import { Link } from "@/components/ui/Link";
import { formatDateTime } from "@/features/content/kinds";
import { type AnswerOf, api } from "@/lib/api-client";
import { useResource } from "@/lib/use-resource";
import { DecisionForm, type DecisionInput } from "./DecisionForm";
import { AdminHeading, Fact, QueueBody } from "./QueueStates";
import { useQueueDecision } from "./use-queue-decision";

type CreatorQueueItem = AnswerOf<typeof api.billing.creatorQueue>["data"][number];

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
      <AdminHeading title={adminMessages.adminCreatorsTitle} intro={adminMessages.adminCreatorsIntro} />
      <QueueBody queue={queue} empty={adminMessages.adminCreatorsEmpty}>
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
            {appealed ? adminMessages.adminCreatorKindAppeal : adminMessages.adminCreatorKindApplication}
          </Badge>
          <time dateTime={since}>
            {format(appealed ? adminMessages.adminAppealedOn : adminMessages.adminSubmittedOn, {
              date: formatDateTime(since),
            })}
          </time>
        </p>
      </header>
      <dl className="flex flex-col gap-3">
        <Fact label={adminMessages.adminCreatorPublishes}>
          <span className="whitespace-pre-line">{application.publishes}</span>
        </Fact>
        <Fact label={adminMessages.adminCreatorLinks}>
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
          <Fact label={adminMessages.adminCreatorAudience}>{application.audience}</Fact>
        ) : null}
        {appealed && application.decisionNote ? (
          <Fact label={adminMessages.adminCreatorEarlierNote}>{application.decisionNote}</Fact>
        ) : null}
        {application.appealMessage ? (
          <Fact label={adminMessages.adminCreatorAppeal}>
            <span className="whitespace-pre-line">{application.appealMessage}</span>
          </Fact>
        ) : null}
      </dl>
      <DecisionForm
        label={`${adminMessages.adminDecide}: ${profile.name}`}
        acceptLabel={adminMessages.adminApprove}
        noteHint={adminMessages.adminNoteToPersonHint}
        onDecide={(input) => onDecide(application, input)}
      />
    </article>
  );
}
