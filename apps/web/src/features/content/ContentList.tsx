"use client";

import { format, mediaSubSections } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import { useEffect, useRef, useState } from "react";
import { ContentFeed } from "@/features/social/ContentFeed";
import { cn } from "@/lib/cn";
import type { MediaSection } from "./content-routes";
import { FolderList } from "./FolderList";
import { sectionLabels } from "./kinds";
import { type ContentListPage, type ContentListQuery, useContentList } from "./use-content-list";
import { useContentStatus } from "./use-content-status";

export interface ContentListProps {
  slug: string;
  tab: "media" | "feed";
  initialSection: MediaSection | null;
  firstPage: ContentListPage | null;
  owner: boolean;
  live: boolean;
  ownerName: string;
  sectionCounts: Partial<Record<MediaSection | "all", number>>;
}

function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex min-h-10 shrink-0 cursor-pointer items-center gap-1.5 rounded-full px-4 text-sm font-semibold ring-1 ring-inset transition-colors",
        pressed
          ? "bg-success text-white ring-success"
          : "bg-surface text-ink-muted ring-line-strong hover:bg-black/[0.04] hover:text-ink",
      )}
    >
      {children}
    </button>
  );
}

/**
 * A profile's publications (media tab with its sub-sections, or the feed), five at a time with
 * infinite scroll by cursor; posts open in the overlay. Owners also filter drafts and planned ones.
 */
export function ContentList({
  slug,
  tab,
  initialSection,
  firstPage,
  owner,
  live,
  ownerName,
  sectionCounts,
}: ContentListProps) {
  const [section, setSection] = useState<MediaSection | null>(initialSection);
  const [status, setStatus] = useState<"planned" | "draft" | null>(null);
  const query: ContentListQuery = {
    slug,
    tab,
    section: tab === "media" ? section : null,
    status: owner && !live ? status : null,
  };
  const initial = section === initialSection && status === null ? firstPage : null;
  const { error, items, loadingFirst, loadingMore, mutate, retry, sentinel } = useContentList(query, initial);

  // The chosen section's chip is in sight, not scrolled off the end of the row (/{slug}/links).
  const chips = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chosen section changes
  useEffect(() => {
    const row = chips.current;
    const chosen = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !chosen) return;
    const left = chosen.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + chosen.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = left - (row.clientWidth - chosen.offsetWidth) / 2;
  }, [section]);

  // A planned publication going live (socket contentItem.status) refreshes the owner's list.
  useContentStatus(owner, () => void mutate());

  const emptyText =
    tab === "feed"
      ? contentMessages.emptyFeed
      : section === "folders"
        ? contentMessages.emptyFolders
        : section === "questions"
          ? contentMessages.emptyQuestions
          : section === "links"
            ? contentMessages.emptyLinks
            : owner && !live
              ? contentMessages.emptyPublicationsOwner
              : contentMessages.emptyPublications;
  const isEmpty = !loadingFirst && items.length === 0 && !error;

  return (
    <div className="flex flex-col gap-4">
      {tab === "media" ? (
        <fieldset className="min-w-0">
          <legend className="sr-only">{contentMessages.sectionFilterLabel}</legend>
          <div ref={chips} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
            <Chip pressed={section === null} onClick={() => setSection(null)}>
              {contentMessages.sectionAll}
              {sectionCounts.all !== undefined ? (
                <span className="tabular-nums">{sectionCounts.all}</span>
              ) : null}
            </Chip>
            {mediaSubSections.map((name) => (
              <Chip key={name} pressed={section === name} onClick={() => setSection(name)}>
                {sectionLabels[name]}
                {sectionCounts[name] !== undefined ? (
                  <span className="tabular-nums">{sectionCounts[name]}</span>
                ) : null}
              </Chip>
            ))}
          </div>
        </fieldset>
      ) : null}
      {owner && !live ? (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">{contentMessages.statusFilterLabel}</legend>
          <span aria-hidden="true" className="text-sm font-semibold text-ink-muted">
            {contentMessages.statusFilterLabel}:
          </span>
          <Chip pressed={status === null} onClick={() => setStatus(null)}>
            {contentMessages.statusPublished}
          </Chip>
          <Chip pressed={status === "draft"} onClick={() => setStatus("draft")}>
            {contentMessages.statusDraft}
          </Chip>
          <Chip pressed={status === "planned"} onClick={() => setStatus("planned")}>
            {contentMessages.statusPlanned}
          </Chip>
        </fieldset>
      ) : null}

      {tab === "media" && section === "folders" ? (
        <FolderList
          items={items}
          loadingFirst={loadingFirst}
          loadingMore={loadingMore}
          failed={Boolean(error)}
          onRetry={retry}
          sentinel={sentinel}
          emptyText={isEmpty ? emptyText : null}
        />
      ) : (
        <ContentFeed
          items={items}
          loadingFirst={loadingFirst}
          skeletons={2}
          loadingMore={loadingMore}
          empty={
            !loadingFirst && items.length === 0 && !error
              ? { icon: "document", text: format(emptyText, { name: ownerName }) }
              : null
          }
          failed={Boolean(error)}
          onRetry={retry}
          sentinel={sentinel}
          onDeleted={() => void mutate()}
          live={live}
        />
      )}
    </div>
  );
}
