"use client";

import { type ContentItem, type endpoints, format, type ResponseOf } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { RemovedNotice } from "@/features/moderation/RemovedNotice";
import { DetailSocial } from "@/features/social/DetailSocial";
import { cn } from "@/lib/cn";
import { ContentBody } from "./ContentBody";
import { OwnerLine, QuotedOriginal } from "./ContentCard";
import { headlineOf } from "./content-routes";
import { formatDateTime, kindLabelOf } from "./kinds";
import { OverlayNavigation } from "./OverlayNavigation";
import { OwnerActions } from "./OwnerActions";
import { RepostButton } from "./RepostButton";
import { useContentStatus } from "./use-content-status";
import { useOverlayView } from "./use-overlay-view";

/** The related sections of a publication, as `api.content.related` answers them. */
export type RelatedContent = ResponseOf<typeof endpoints.content.related>["data"];

function RelatedList({ title, items }: { title: string; items: ContentItem[] }) {
  const id = `related-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded-card bg-surface p-5 shadow-card">
      <h2 id={id} className="text-base font-semibold text-ink">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{contentMessages.relatedEmpty}</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-line">
          {items.slice(0, 5).map((item) => (
            <li key={item.id} className="py-2.5">
              <Link href={item.path} className="group block">
                <span className="text-xs font-semibold text-ink-muted">
                  {kindLabelOf(item)} · {item.owner.name}
                </span>
                <span className="mt-0.5 line-clamp-2 block text-[0.95rem] font-semibold text-ink group-hover:underline">
                  {headlineOf(item)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A publication as a full page: body, owner actions, repost, related sections. */
export function ContentDetail({
  item,
  related,
  aside,
}: {
  item: ContentItem;
  related: RelatedContent | null;
  aside?: React.ReactNode;
}) {
  const router = useRouter();
  // A post overlay's URL reloaded (issue 18): the same picture open, text-only mode, no refresh.
  const { view, update } = useOverlayView();
  // The owner watches a planned or blocked item change status live.
  useContentStatus(item.isOwner && item.status !== "active", (event) => {
    if (event.contentId === item.id && !view?.disableRefresh) router.refresh();
  });
  const textOnly = view?.textOnly ?? false;
  const hasMedia =
    item.gallery.images.length > 0 ||
    item.gallery.videos.length > 0 ||
    item.file !== null ||
    item.mainImage !== null;
  const isRepost = item.type.id === "repost";
  // Visitors see repost too: it opens the sign-in dialog (issue 18).
  const showActions = item.isOwner || (item.contentInteractionConfig.repostsEnabled && !isRepost);
  return (
    <div className="mx-auto grid w-full max-w-[1128px] gap-4 px-4 py-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_320px]">
      <article
        className="min-w-0 rounded-card bg-surface p-5 shadow-card sm:p-8"
        aria-labelledby="content-title"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <OwnerLine item={item} />
          {item.status === "planned" ? (
            <Badge tone="brand">
              {format(contentMessages.plannedFor, { date: formatDateTime(item.publicationDate) })}
            </Badge>
          ) : item.status === "draft" ? (
            <Badge tone="warning">{contentMessages.statusDraft}</Badge>
          ) : null}
        </div>
        {/* Removed by our moderators (issue 16): its owner reads why, with the way to appeal. */}
        {item.isOwner && item.status === "blocked" ? <RemovedNotice contentId={item.id} /> : null}
        <h1
          id="content-title"
          className={cn(
            "mt-5 font-semibold break-words text-ink",
            item.title ? "text-2xl leading-tight sm:text-[2rem]" : "sr-only",
          )}
        >
          {item.title ?? format(sharedMessages.postBy, { name: item.owner.name })}
        </h1>
        <div className="mt-4">
          {isRepost ? (
            <div className="flex flex-col gap-4">
              {item.quote ? (
                <p className="text-[1.05rem] leading-relaxed whitespace-pre-line text-ink">{item.quote}</p>
              ) : null}
              <QuotedOriginal original={item.repostOf} quoted={Boolean(item.quote)} />
            </div>
          ) : (
            <>
              {hasMedia || textOnly ? (
                <div className="mb-3 flex justify-end">
                  <Button
                    variant="tertiary"
                    aria-pressed={textOnly}
                    onClick={() => update({ textOnly: !textOnly })}
                  >
                    <Icon name={textOnly ? "eye" : "document"} size={18} />
                    {textOnly ? contentMessages.textOnlyOff : contentMessages.textOnlyOn}
                  </Button>
                </div>
              ) : null}
              <ContentBody
                item={item}
                full
                textOnly={textOnly}
                galleryImage={view?.gallery ?? null}
                onGalleryImage={(position) => update({ gallery: position })}
              />
            </>
          )}
        </div>
        {showActions ? (
          <div className="mt-6 flex flex-wrap items-center justify-end gap-1 border-t border-line pt-3">
            <RepostButton item={item} />
            {item.editable ? <OwnerActions item={item} /> : null}
          </div>
        ) : null}
        {/* A post overlay's URL reloaded: its list's previous/next instead of the suggested ones. */}
        {view && view.navigate !== null ? <OverlayNavigation item={item} view={view} /> : null}
        <DetailSocial item={item} suggested={!view || view.navigate === null} />
      </article>
      <aside className="flex min-w-0 flex-col gap-4">
        {aside}
        {related ? (
          <>
            <RelatedList
              title={format(contentMessages.moreFrom, { name: item.owner.name })}
              items={related["more-from-owner"]}
            />
            <RelatedList title={contentMessages.similarHeading} items={related.similar} />
          </>
        ) : null}
      </aside>
    </div>
  );
}
