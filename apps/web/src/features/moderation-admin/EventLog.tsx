import { format, type ModerationEvent, moderationReasonLabel } from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { formatDateTime } from "@/features/content/kinds";
import { cn } from "@/lib/cn";
import { eventLabel } from "./review-text";

const decisive = new Set<ModerationEvent["type"]>(["removed", "warned", "limited", "suspended", "approved"]);

/** A subject's append-only log as a timeline, oldest first. */
export function EventLog({ events }: { events: ModerationEvent[] }) {
  return (
    <section
      aria-labelledby="review-log"
      className="flex flex-col gap-4 rounded-card bg-surface p-4 shadow-card sm:p-5"
    >
      <h2 id="review-log" className="text-lg font-semibold text-ink">
        {moderationAdminMessages.reviewLogHeading}
      </h2>
      <ol className="flex flex-col">
        {events.map((event, index) => (
          <li key={event.id} className="relative flex gap-3 pb-4 last:pb-0">
            {index < events.length - 1 ? (
              <span aria-hidden="true" className="absolute top-4 bottom-0 left-[5px] w-px bg-line" />
            ) : null}
            <span
              aria-hidden="true"
              className={cn(
                "mt-1.5 size-[11px] shrink-0 rounded-full ring-2 ring-surface",
                decisive.has(event.type)
                  ? "bg-danger"
                  : event.type === "reported"
                    ? "bg-line-strong"
                    : "bg-brand",
              )}
            />
            <div className="flex min-w-0 flex-col gap-0.5">
              <p className="text-[0.95rem] text-ink">
                <span className="font-semibold">{eventLabel(event.type)}</span>{" "}
                <span className="text-ink-muted">
                  {event.actor
                    ? format(moderationAdminMessages.reviewLogBy, { name: event.actor.name })
                    : moderationAdminMessages.reviewLogSystem}
                </span>
              </p>
              <p className="text-sm text-ink-muted">
                {[formatDateTime(event.createdAt), event.reason ? moderationReasonLabel(event.reason) : null]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {event.note ? (
                <p className="text-sm break-words whitespace-pre-line text-ink">{event.note}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
