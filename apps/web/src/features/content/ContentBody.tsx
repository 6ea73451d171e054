import { type ContentItem, messages } from "@vn/contract";
import { Icon } from "@/components/ui/Icon";
import { ContentMedia } from "@/features/media/ContentMedia";
import { formatDateTime } from "./kinds";

const richKinds = new Set(["article", "release", "news", "statement", "insight", "response"]);

/** The text, image and kind-specific facts of one publication. HTML comes sanitized by the API. */
export function ContentBody({ item, full }: { item: ContentItem; full: boolean }) {
  // item.image is the first gallery picture when there is no main image: ContentMedia shows the
  // gallery itself, so that picture is not repeated above it.
  const fromGallery = item.gallery.images.length > 0;
  const image =
    item.mainImage?.urls.preview ??
    item.mainImage?.urls.full ??
    (fromGallery ? null : (item.image?.urls.preview ?? null));
  const text = full ? item.content : (item.shortContent ?? item.content);
  const rich = full && richKinds.has(item.type.id) && item.content;
  return (
    <div className="flex flex-col gap-3">
      {item.description && item.type.id !== "post" ? (
        <p className="text-[1.02rem] leading-relaxed text-ink-muted">{item.description}</p>
      ) : null}
      {rich ? (
        <div
          className="rich-text text-[1.02rem] leading-relaxed text-ink"
          // Sanitized by the API (apps/api content/sanitize.ts) before it is stored.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized HTML
          dangerouslySetInnerHTML={{ __html: item.content ?? "" }}
        />
      ) : text ? (
        <p
          className={
            full
              ? "leading-relaxed whitespace-pre-line text-ink"
              : "line-clamp-4 leading-relaxed whitespace-pre-line text-ink"
          }
        >
          {text}
        </p>
      ) : null}
      {image ? (
        // biome-ignore lint/performance/noImgElement: media URLs come from the API's storage, not next/image's loader
        <img
          src={image}
          alt=""
          loading="lazy"
          className="max-h-[420px] w-full rounded-lg bg-black/5 object-cover"
        />
      ) : null}
      <ContentMedia item={item} />
      {item.event ? (
        <dl className="grid gap-2 rounded-lg bg-black/[0.03] p-4 text-sm sm:grid-cols-2">
          {item.event.startsAt ? (
            <div>
              <dt className="font-semibold text-ink">{messages.eventStarts}</dt>
              <dd className="text-ink-muted">{formatDateTime(item.event.startsAt)}</dd>
            </div>
          ) : null}
          {item.event.endsAt ? (
            <div>
              <dt className="font-semibold text-ink">{messages.eventEnds}</dt>
              <dd className="text-ink-muted">{formatDateTime(item.event.endsAt)}</dd>
            </div>
          ) : null}
          {item.event.place ? (
            <div>
              <dt className="font-semibold text-ink">{messages.eventPlace}</dt>
              <dd className="text-ink-muted">{item.event.place}</dd>
            </div>
          ) : null}
          {item.event.onlineUrl && /^https?:/i.test(item.event.onlineUrl) ? (
            <div>
              <dt className="font-semibold text-ink">{messages.eventOnline}</dt>
              <dd>
                <a
                  href={item.event.onlineUrl}
                  rel="noopener noreferrer nofollow"
                  className="break-all font-semibold text-brand hover:underline"
                >
                  {item.event.onlineUrl}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {item.type.id === "document" && !item.file ? (
        <p className="flex items-center gap-2 rounded-lg bg-black/[0.03] p-3 text-sm font-semibold text-ink">
          <Icon name="document" size={20} className="text-brand" />
          {item.title}
        </p>
      ) : null}
    </div>
  );
}
