import type { ContentItem } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";
import { Icon } from "@/components/ui/Icon";
import { ContentMedia } from "@/features/media/ContentMedia";
import { viaWeb } from "@/features/media/media-rules";
import { type PictureSource, pictureAlt, wholePicture } from "@/features/media/picture-sources";
import { EventTime } from "./EventTime";
import { bodyTextOf } from "./kinds";
import { LinkPreviewCard } from "./LinkPreviewCard";

const richKinds = new Set(["article", "release", "news", "statement", "insight", "response"]);

/** The text, image and kind-specific facts of one publication. HTML comes sanitized by the API. */
export function ContentBody({
  item,
  full,
  textOnly = false,
  galleryImage = null,
  onGalleryImage,
}: {
  item: ContentItem;
  full: boolean;
  /** The post overlay's textOnly (issue 18): the words without pictures, videos or files. */
  textOnly?: boolean;
  /** The post overlay's gallery: the picture open in the viewer (1-based). */
  galleryImage?: number | null;
  onGalleryImage?: (position: number | null) => void;
}) {
  // item.image is the first gallery picture when there is no main image: ContentMedia shows the
  // gallery itself, so that picture is not repeated above it.
  const fromGallery = item.gallery.images.length > 0;
  // The whole picture, in its own shape (a 350×448 crop stretched to the column was blurry and tall),
  // from the rendition that fits the screen (issue 18).
  const main = item.mainImage;
  const image: PictureSource | null = main
    ? wholePicture({ width: main.width ?? null, height: main.height ?? null, urls: main.urls })
    : fromGallery
      ? null
      : (() => {
          const src = viaWeb(item.image?.urls.full);
          return src ? { src } : null;
        })();
  const text = bodyTextOf(item, full);
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
      {image && !textOnly ? (
        // biome-ignore lint/performance/noImgElement: media URLs come from the API's storage, not next/image's loader
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          width={image.width}
          height={image.height}
          alt={pictureAlt(main?.alt, item.owner.name)}
          loading="lazy"
          data-testid="main-picture"
          className="h-auto max-h-[560px] w-full rounded-lg bg-black/5 object-contain"
        />
      ) : null}
      {textOnly ? null : <ContentMedia item={item} openImage={galleryImage} onImageChange={onGalleryImage} />}
      {/* A shared link's card (issue 18): the page's title, description and site, read by the API. */}
      {item.link ? <LinkPreviewCard url={item.link.url} contentId={item.id} /> : null}
      {item.event ? (
        <dl className="grid gap-2 rounded-lg bg-black/[0.03] p-4 text-sm sm:grid-cols-2">
          {item.event.startsAt ? (
            <div>
              <dt className="font-semibold text-ink">{contentMessages.eventStarts}</dt>
              <dd className="text-ink-muted">
                <EventTime iso={item.event.startsAt} timeZone={item.event.timeZone} />
              </dd>
            </div>
          ) : null}
          {item.event.endsAt ? (
            <div>
              <dt className="font-semibold text-ink">{contentMessages.eventEnds}</dt>
              <dd className="text-ink-muted">
                <EventTime iso={item.event.endsAt} timeZone={item.event.timeZone} />
              </dd>
            </div>
          ) : null}
          {item.event.place ? (
            <div>
              <dt className="font-semibold text-ink">{contentMessages.eventPlace}</dt>
              <dd className="text-ink-muted">{item.event.place}</dd>
            </div>
          ) : null}
          {item.event.onlineUrl && /^https?:/i.test(item.event.onlineUrl) ? (
            <div>
              <dt className="font-semibold text-ink">{contentMessages.eventOnline}</dt>
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
