import { format, type ModerationSubjectDetail } from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { Alert } from "@/components/ui/Alert";
import { Badge } from "@/components/ui/Badge";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { formatDateTime, kindLabelOf } from "@/features/content/kinds";
import { ProfileLine } from "./ProfileLine";
import { plainOf } from "./review-text";

type Target = ModerationSubjectDetail["target"];

function isPicture(kind: string): boolean {
  return kind === "image" || kind === "picture" || kind === "photo";
}

/**
 * What was reported, as staff see it: a publication's or comment's words and media, a profile's
 * card, or a message alone (never its conversation). Rich text is shown as plain words.
 */
export function SubjectTarget({ target }: { target: Target }) {
  const text = target.text ? plainOf(target.text) : "";
  return (
    <section
      aria-labelledby="review-target"
      className="flex flex-col gap-4 rounded-card bg-surface p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="review-target" className="text-lg font-semibold text-ink">
          {moderationAdminMessages.reviewWhatWasReported}
        </h2>
        {target.status ? (
          <Badge>{format(moderationAdminMessages.reviewTargetStatus, { status: target.status })}</Badge>
        ) : null}
      </div>
      {!target.exists ? <Alert tone="info">{moderationAdminMessages.reviewTargetGone}</Alert> : null}
      {target.type === "message" ? (
        <p className="text-sm text-ink-muted">{moderationAdminMessages.reviewMessageAlone}</p>
      ) : null}
      {target.author ? <ProfileLine profile={target.author} link details /> : null}
      {target.type !== "profile" && (target.title || text) ? (
        <div className="flex flex-col gap-2 rounded-lg border border-line p-3.5">
          {target.kind || target.createdAt ? (
            <p className="text-sm text-ink-muted">
              {[
                target.kind
                  ? kindLabelOf({ type: { id: target.kind, title: target.kind }, quote: null })
                  : null,
                formatDateTime(target.createdAt),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          ) : null}
          {target.title ? <p className="font-semibold text-ink">{target.title}</p> : null}
          {text ? <p className="text-[0.95rem] break-words whitespace-pre-line text-ink">{text}</p> : null}
        </div>
      ) : null}
      {target.media.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {target.media.map((file) => (
            <li key={file.url}>
              {isPicture(file.kind) ? (
                <a href={file.url} target="_blank" rel="noreferrer" className="block">
                  {/* biome-ignore lint/performance/noImgElement: signed media URLs, shown as they are */}
                  <img
                    src={file.url}
                    alt={file.name ?? format(moderationAdminMessages.reviewMediaLink, { kind: file.kind })}
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                </a>
              ) : (
                <a
                  href={file.url}
                  target="_blank"
                  rel="noreferrer"
                  className="flex min-h-12 items-center gap-2 rounded-lg border border-line px-3 text-sm font-semibold text-brand hover:underline"
                >
                  <Icon name="document" size={18} />
                  <span className="truncate">
                    {file.name ?? format(moderationAdminMessages.reviewMediaLink, { kind: file.kind })}
                  </span>
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {target.path && target.exists ? (
        <Link
          href={target.path}
          className="inline-flex items-center gap-1 self-start text-sm font-semibold text-brand hover:underline"
        >
          {moderationAdminMessages.reviewOpenOnSite}
          <Icon name="chevronRight" size={16} />
        </Link>
      ) : null}
    </section>
  );
}
