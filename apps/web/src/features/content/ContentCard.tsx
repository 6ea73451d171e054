"use client";

import { type ContentItem, format } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import { sharedMessages } from "@vn/contract/messages/shared";
import type { MouseEvent } from "react";
import { Avatar } from "@/components/ui/Avatar";
import { Badge } from "@/components/ui/Badge";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { CardSocial } from "@/features/social/CardSocial";
import { bylineText } from "./byline";
import { ContentBody } from "./ContentBody";
import { headlineOf } from "./content-routes";
import { formatDate, formatDateTime, kindLabelOf } from "./kinds";
import { OwnerActions } from "./OwnerActions";
import { RepostButton } from "./RepostButton";

export function OwnerLine({ item, compact = false }: { item: ContentItem; compact?: boolean }) {
  const byline = bylineText(item.byline);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span aria-hidden="true" className="inline-flex shrink-0">
        <Avatar
          name={item.owner.name}
          src={item.owner.image?.urls.small ?? item.owner.image?.urls.preview ?? null}
          size={compact ? "sm" : "md"}
          shape={item.owner.type === "company" ? "square" : "circle"}
        />
      </span>
      <div className="min-w-0">
        <p className="flex items-center gap-1.5 font-semibold text-ink">
          <Link href={`/${encodeURIComponent(item.owner.slug)}`} className="truncate hover:underline">
            {item.owner.name}
          </Link>
          {item.owner.verificationStatus === "verified" ? (
            <Icon
              name="checkCircle"
              size={16}
              className="shrink-0 text-brand"
              title={sharedMessages.verifiedBadge}
            />
          ) : null}
        </p>
        {byline ? <p className="truncate text-xs text-ink">{byline}</p> : null}
        <p className="text-xs text-ink-muted">
          {kindLabelOf(item)} ·{" "}
          <time dateTime={item.publicationDate}>{formatDate(item.publicationDate)}</time>
        </p>
      </div>
    </div>
  );
}

function StatusBadge({ item }: { item: ContentItem }) {
  if (item.status === "draft") return <Badge tone="warning">{contentMessages.statusDraft}</Badge>;
  if (item.status === "planned")
    return (
      <Badge tone="brand">
        {format(contentMessages.plannedFor, { date: formatDateTime(item.publicationDate) })}
      </Badge>
    );
  if (item.status === "blocked") return <Badge tone="danger">{contentMessages.contentBlocked}</Badge>;
  return null;
}

/** The original publication inside a repost or quote (`quoted`: the repost carries a note). */
export function QuotedOriginal({ original, quoted }: { original: ContentItem["repostOf"]; quoted: boolean }) {
  if (!original) return null;
  const item = { ...original, repostOf: null } as ContentItem;
  return (
    <section
      aria-label={quoted ? contentMessages.quotedPublication : contentMessages.repostedPublication}
      className="rounded-lg border border-line p-4"
    >
      <OwnerLine item={item} compact />
      <div className="mt-3">
        {item.title ? (
          <h4 className="mb-1 font-semibold text-ink">
            <Link href={item.path} className="hover:underline">
              {item.title}
            </Link>
          </h4>
        ) : null}
        <p className="line-clamp-4 text-[0.95rem] whitespace-pre-line text-ink">
          {item.shortContent ?? item.content}
        </p>
        {!item.title ? (
          <Link
            href={item.path}
            className="mt-2 inline-block text-sm font-semibold text-brand hover:underline"
          >
            {contentMessages.openPublication}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

export interface ContentCardProps {
  item: ContentItem;
  /** Live (visitor) view: no owner or interaction controls. */
  live?: boolean;
  /** Posts open in the overlay when this is given. */
  onOpen?: (item: ContentItem) => void;
  onDeleted?: () => void;
}

/** One publication in a profile list: author, kind, date, text, media and the actions. */
export function ContentCard({ item, live = false, onOpen, onDeleted }: ContentCardProps) {
  const headline = headlineOf(item);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(item);
  };
  const isRepost = item.type.id === "repost";
  return (
    <article className="rounded-card bg-surface p-4 shadow-card sm:p-5" aria-label={headline.slice(0, 80)}>
      {isRepost ? (
        <p className="mb-3 flex items-center gap-1.5 text-xs font-semibold text-ink-muted">
          <Icon name="megaphone" size={14} />
          {format(contentMessages.repostedBy, { name: item.owner.name })}
        </p>
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <OwnerLine item={item} />
        <StatusBadge item={item} />
      </div>
      <div className="mt-3 flex flex-col gap-3">
        {item.title ? (
          <h3 className="text-lg leading-snug font-semibold text-ink">
            <Link href={item.path} onClick={open} className="hover:underline">
              {item.title}
            </Link>
          </h3>
        ) : null}
        {isRepost ? (
          <>
            {item.quote ? <p className="whitespace-pre-line text-ink">{item.quote}</p> : null}
            <QuotedOriginal original={item.repostOf} quoted={Boolean(item.quote)} />
          </>
        ) : (
          <ContentBody item={item} full={false} />
        )}
      </div>
      <div className="mt-3">
        <CardSocial item={item} live={live} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-line pt-2">
        <Link
          href={item.path}
          onClick={open}
          className="inline-flex min-h-10 items-center text-sm font-semibold text-brand hover:underline"
        >
          {item.title ? contentMessages.readMore : contentMessages.openPublication}
          <span className="sr-only">: {headline.slice(0, 80)}</span>
        </Link>
        {live ? null : (
          <div className="flex flex-wrap items-center gap-1">
            <RepostButton item={item} />
            {item.editable ? <OwnerActions item={item} onDeleted={onDeleted} /> : null}
          </div>
        )}
      </div>
    </article>
  );
}

export function ContentCardSkeleton() {
  return (
    <div className="rounded-card bg-surface p-4 shadow-card sm:p-5" aria-hidden="true">
      <div className="flex items-center gap-3">
        <div className="size-10 animate-pulse rounded-full bg-black/[0.08]" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-3.5 w-1/3 animate-pulse rounded bg-black/[0.08]" />
          <div className="h-3 w-1/4 animate-pulse rounded bg-black/[0.08]" />
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2">
        <div className="h-4 w-3/4 animate-pulse rounded bg-black/[0.08]" />
        <div className="h-3.5 w-full animate-pulse rounded bg-black/[0.08]" />
        <div className="h-3.5 w-5/6 animate-pulse rounded bg-black/[0.08]" />
      </div>
    </div>
  );
}
