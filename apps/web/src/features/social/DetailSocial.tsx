"use client";

import { type ContentItem, formatCount } from "@vn/contract";
import { socialMessages } from "@vn/contract/messages/social";
import { LazyCommentsSection } from "@/features/comments/LazyCommentsSection";
import { ReportButton } from "@/features/forms/ReportButton";
import { useSession } from "@/lib/session";
import { ReactionsBar } from "./ReactionsBar";
import { SuggestedNavigation } from "./SuggestedNavigation";
import { useViewCount } from "./use-view-count";

/**
 * The social part of a detail page: reactions, views (counted on open where viewsEnabled), the
 * comments and previous/next among the suggested publications the reader came from.
 */
export function DetailSocial({
  item,
  live = false,
  suggested = true,
}: {
  item: ContentItem;
  live?: boolean;
  /** Previous/next among the suggested publications (off where a post overlay's list steps instead). */
  suggested?: boolean;
}) {
  const { user } = useSession();
  const settings = item.contentInteractionConfig;
  const active = item.status === "active";
  const views = useViewCount(item.id, active && settings.viewsEnabled && !live, item.view);
  if (!active) return null;
  return (
    <div className="mt-2 flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-1">
          <ReactionsBar item={item} live={live} />
          {user && !item.isOwner && !live ? <ReportButton targetType="content" targetId={item.id} /> : null}
        </div>
        {settings.viewsEnabled ? (
          <p className="text-sm text-ink-muted tabular-nums">
            {formatCount(views, { one: socialMessages.viewsCountOne, other: socialMessages.viewsCount })}
          </p>
        ) : null}
      </div>
      <LazyCommentsSection item={item} live={live} />
      {suggested ? <SuggestedNavigation path={item.path} /> : null}
    </div>
  );
}
