"use client";

import { type ContentItem, format } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import type { RefObject } from "react";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { ContentCardSkeleton } from "./ContentCard";
import { groupByFolder } from "./folder-groups";
import { NextPageFailed } from "./NextPageFailed";

function countLabel(count: number): string {
  return count === 1 ? contentMessages.folderCountOne : format(contentMessages.folderCount, { count });
}

/**
 * The folders section of a profile (§2 content sections, issue 18): its documents grouped into
 * folders by the folder their owner filed them in (content_items.folder, set in the document
 * editor), the unfiled ones last; each document a link to its page (which opens the file viewer).
 */
export function FolderList({
  items,
  loadingFirst,
  loadingMore,
  failed,
  onRetry,
  sentinel,
  emptyText,
}: {
  items: ContentItem[];
  loadingFirst: boolean;
  loadingMore: boolean;
  failed: boolean;
  onRetry: () => void;
  sentinel: RefObject<HTMLDivElement | null>;
  emptyText: string | null;
}) {
  const groups = groupByFolder(items);
  return (
    <div aria-live="polite" aria-busy={loadingFirst || loadingMore} className="flex flex-col gap-4">
      {loadingFirst ? <ContentCardSkeleton /> : null}
      {emptyText ? (
        <div className="flex flex-col items-center gap-3 rounded-card bg-surface px-6 py-12 text-center shadow-card">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
            <Icon name="document" size={26} />
          </span>
          <p className="max-w-sm text-ink-muted">{emptyText}</p>
        </div>
      ) : null}
      {groups.map((group) => {
        const id = `folder-${(group.name ?? "unfiled").replace(/\W+/g, "-").toLowerCase()}`;
        return (
          <section
            key={group.name ?? ""}
            aria-labelledby={id}
            data-testid="folder"
            className="rounded-card bg-surface p-4 shadow-card sm:p-5"
          >
            <h3 id={id} className="flex items-center gap-2 text-base font-semibold text-ink">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5 text-brand"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              >
                <path d="M3 6h6l2 2h10v11H3V6Z" strokeLinejoin="round" />
              </svg>
              {group.name ?? contentMessages.folderUnfiled}
              <span className="text-sm font-normal text-ink-muted">· {countLabel(group.items.length)}</span>
            </h3>
            <ul className="mt-2 flex flex-col divide-y divide-line">
              {group.items.map((item) => (
                <li key={item.id}>
                  <Link href={item.path} className="group flex items-start gap-3 py-2.5">
                    <Icon name="document" size={20} className="mt-0.5 shrink-0 text-ink-muted" />
                    <span className="min-w-0">
                      <span className="block font-semibold break-words text-ink group-hover:underline">
                        {item.title ?? item.slug}
                      </span>
                      {item.description ? (
                        <span className="line-clamp-2 block text-sm text-ink-muted">{item.description}</span>
                      ) : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {loadingMore ? <ContentCardSkeleton /> : null}
      {failed ? <NextPageFailed onRetry={onRetry} /> : null}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}
