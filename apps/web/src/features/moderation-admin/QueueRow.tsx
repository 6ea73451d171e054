import { format, type ModerationSubjectSummary, moderationReasonLabel } from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { Badge } from "@/components/ui/Badge";
import { Checkbox } from "@/components/ui/Checkbox";
import { Link } from "@/components/ui/Link";
import { ProfileLine } from "./ProfileLine";
import { ageOf, reportCount, subjectTypeLabels } from "./review-text";

/** How many report reasons a line of the queue names. */
const TOP_REASONS = 3;

/**
 * One subject of the queue: what it is, a line of it, who answers for it, how many reports and
 * why, its priority and age. The checkbox (when bulk actions apply) selects it; the line opens it.
 */
export function QueueRow({
  subject,
  selectable,
  selected,
  onSelect,
  now,
}: {
  subject: ModerationSubjectSummary;
  selectable: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  now: number;
}) {
  const type = subjectTypeLabels[subject.type];
  return (
    <div className="flex items-start gap-3 px-3 py-3.5 sm:px-4">
      {selectable ? (
        <Checkbox
          className="pt-0.5"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          label={
            <span className="sr-only">
              {format(moderationAdminMessages.reviewSelectSubject, {
                type: type.toLowerCase(),
                name: subject.profile?.name ?? moderationAdminMessages.reviewNoProfile,
              })}
            </span>
          }
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <Badge>{type}</Badge>
          <span className="font-semibold text-ink">{reportCount(subject.openReports)}</span>
          <span aria-hidden="true" className="text-ink-muted">
            ·
          </span>
          <span className="text-ink-muted">
            {format(moderationAdminMessages.reviewPriority, { value: subject.priority })}
          </span>
          <span aria-hidden="true" className="text-ink-muted">
            ·
          </span>
          <span className="text-ink-muted">{ageOf(subject.lastReportedAt ?? subject.createdAt, now)}</span>
        </div>
        <Link
          href={`/admin/reports/${encodeURIComponent(subject.id)}`}
          className="line-clamp-2 text-[0.95rem] font-medium break-words text-ink hover:text-brand hover:underline"
        >
          {subject.excerpt ?? moderationAdminMessages.reviewNoExcerpt}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ProfileLine profile={subject.profile} />
          {subject.reasons.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {subject.reasons.slice(0, TOP_REASONS).map((item) => (
                <li key={item.reason}>
                  <Badge tone="danger">
                    {moderationReasonLabel(item.reason)} · {item.count}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </div>
  );
}
