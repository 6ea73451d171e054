"use client";

import type { ContentItem } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { type RefObject, useState } from "react";
import { Icon, type IconName } from "@/components/ui/Icon";
import { ContentCard, ContentCardSkeleton } from "@/features/content/ContentCard";
import { NextPageFailed } from "@/features/content/NextPageFailed";
import { PostOverlay } from "@/features/content/PostOverlay";

export interface ContentFeedProps {
  items: ContentItem[];
  /** No page yet: `skeletons` placeholder cards. */
  loadingFirst: boolean;
  skeletons: number;
  /** A next page is on its way: one placeholder card at the foot. */
  loadingMore: boolean;
  /** The list is known to be empty (the caller's rule): its icon and sentence; null otherwise. */
  empty: { icon: IconName; text: string } | null;
  /** A page failed: §8 next-page failure with retry. */
  failed: boolean;
  onRetry: () => void;
  /** The infinite-scroll sentinel (useCursorList). */
  sentinel: RefObject<HTMLDivElement | null>;
  /** A card's publication was deleted: the list reloads. */
  onDeleted: () => void;
  /** Live (visitor) view: no owner or interaction controls on the cards and the overlay. */
  live?: boolean;
}

/**
 * Publications as cards, paged by cursor (a profile's list, the home feed): loading, empty and
 * failure states, and posts opening in the overlay, which steps through the loaded posts.
 */
export function ContentFeed({
  items,
  loadingFirst,
  skeletons,
  loadingMore,
  empty,
  failed,
  onRetry,
  sentinel,
  onDeleted,
  live = false,
}: ContentFeedProps) {
  const [opened, setOpened] = useState<ContentItem | null>(null);
  const posts = items.filter((item) => item.type.id === "post");
  return (
    <>
      <div aria-live="polite" aria-busy={loadingFirst || loadingMore} className="flex flex-col gap-4">
        {loadingFirst ? (
          <>
            <span className="sr-only">{commonMessages.loading}</span>
            {Array.from({ length: skeletons }, (_, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
              <ContentCardSkeleton key={n} />
            ))}
          </>
        ) : null}
        {empty ? (
          <div className="flex flex-col items-center gap-3 rounded-card bg-surface px-6 py-12 text-center shadow-card">
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
              <Icon name={empty.icon} size={26} />
            </span>
            <p className="max-w-sm text-ink-muted">{empty.text}</p>
          </div>
        ) : null}
        {items.map((item) => (
          <ContentCard
            key={item.id}
            item={item}
            live={live}
            onOpen={item.type.id === "post" ? setOpened : undefined}
            onDeleted={onDeleted}
          />
        ))}
        {loadingMore ? <ContentCardSkeleton /> : null}
        {failed ? <NextPageFailed onRetry={onRetry} /> : null}
        <div ref={sentinel} aria-hidden="true" />
      </div>
      {opened ? (
        <PostOverlay
          posts={posts}
          current={opened}
          onNavigate={setOpened}
          onClose={() => setOpened(null)}
          live={live}
        />
      ) : null}
    </>
  );
}
