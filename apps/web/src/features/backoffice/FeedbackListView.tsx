"use client";

import { format } from "@vn/contract";
import { backofficeMessages } from "@vn/contract/messages/backoffice";
import { Link } from "@/components/ui/Link";
import { api } from "@/lib/api-client";
import { routes } from "@/lib/paths";
import { useCursorList } from "@/lib/use-cursor-list";
import { formatMoment } from "./labels";
import { RecordList } from "./RecordList";

/** /admin/feedback (issue 16, item 7): feedback as members sent it, newest first, with the sender. */
export function FeedbackListView() {
  const list = useCursorList([api.backoffice.feedback.id] as const, (_key, cursor) =>
    api.backoffice.feedback({ query: cursor ? { cursor } : {} }),
  );
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold text-ink">{backofficeMessages.adminFeedbackTitle}</h1>
        <p className="mt-1 text-ink-muted">{backofficeMessages.adminFeedbackIntro}</p>
      </header>
      <RecordList
        loadingFirst={list.loadingFirst}
        loadingMore={list.loadingMore}
        error={list.error}
        empty={list.items.length === 0}
        emptyText={backofficeMessages.adminFeedbackEmpty}
        hasMore={list.hasMore}
        onMore={list.loadMore}
        onRetry={list.retry}
      >
        <ul className="flex flex-col gap-3">
          {list.items.map((item) => (
            <li key={item.id} className="rounded-card bg-surface p-4 shadow-card md:p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-ink">
                  <span aria-hidden="true" className="text-warning">
                    {"★".repeat(item.rating)}
                    <span className="text-line-strong">{"★".repeat(Math.max(0, 5 - item.rating))}</span>
                  </span>{" "}
                  <span className="sr-only">
                    {format(backofficeMessages.feedbackRatingOf, { count: item.rating })}
                  </span>
                </p>
                <p className="text-xs text-ink-muted">{formatMoment(item.createdAt)}</p>
              </div>
              <p className="mt-2 break-words whitespace-pre-wrap text-ink">{item.message}</p>
              <p className="mt-2 text-sm text-ink-muted">
                {item.sender.slug ? (
                  <Link
                    href={routes.profile(item.sender.slug)}
                    className="font-medium text-brand hover:underline"
                  >
                    {item.sender.name}
                  </Link>
                ) : (
                  item.sender.name
                )}{" "}
                · {item.sender.email}
                {item.page ? ` · ${format(backofficeMessages.feedbackFromPage, { page: item.page })}` : ""}
              </p>
            </li>
          ))}
        </ul>
      </RecordList>
    </div>
  );
}
