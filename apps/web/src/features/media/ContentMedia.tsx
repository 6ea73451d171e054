"use client";

import {
  audioTrackOf,
  type ContentFile,
  type ContentGallery,
  type ContentItem,
  format,
  formatMediaDuration,
  isContentFile,
  isContentGallery,
  type Media,
} from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { api } from "@/lib/api-client";
import { useAudioPlayer, usePreloadedAudioPlayer } from "./AudioPlayer";
import { downloadFile } from "./download";
import type { ViewerFile } from "./FileViewer";
import { LazyFileViewer, LazyVideoPlayerModal } from "./LazyViewers";
import { playIcon } from "./media-icons";
import { pictureAlt, squareCrop, wholePicture } from "./picture-sources";
import { useFileConversion, useFilesConversion } from "./use-media-events";
import type { PlayableVideo } from "./VideoPlayerModal";
import { VideoPreview } from "./VideoPreview";

function statusText(file: ContentFile): string | null {
  const state = file.customProperties.mediaProcessing;
  if (state === "media-processing")
    return file.kind === "document" ? mediaMessages.fileConverting : mediaMessages.mediaProcessing;
  if (state === "failed") return file.customProperties.error?.message ?? mediaMessages.mediaProcessingFailed;
  if (state === "unprocessed")
    return file.kind === "document" ? mediaMessages.documentUnprocessed : mediaMessages.mediaUnprocessed;
  return null;
}

type GalleryVideo = ContentGallery["videos"][number];

const POLL_MS = 4000;

function videoStatusText(video: GalleryVideo): string | null {
  if (video.status === "media-processing") return mediaMessages.mediaProcessing;
  if (video.status === "failed") return mediaMessages.mediaProcessingFailed;
  if (video.status === "unprocessed") return mediaMessages.mediaUnprocessed;
  return null;
}

/** A gallery video as the owner's own media answer has it once its job finished. */
function finishedVideo(video: GalleryVideo, media: Media): GalleryVideo {
  return {
    ...video,
    status: media.status,
    width: media.width,
    height: media.height,
    durationInMs: media.durationInMs,
    streamUrl: media.status === "ready" ? media.urls.stream : null,
    poster: media.urls.poster,
  };
}

/**
 * A publication's gallery and file (§3) on cards, the detail page and the overlay: images open in
 * the file viewer, documents in the file viewer with a download, audio in the global player,
 * videos in the video player modal (the topmost visible one previews in a list).
 */
export function ContentMedia({
  item,
  openImage = null,
  onImageChange,
}: {
  item: ContentItem;
  /** The post overlay's `gallery` (1-based): that picture opens in the viewer (issue 18). */
  openImage?: number | null;
  /** The picture now in the viewer (1-based), or null once it is closed. */
  onImageChange?: (position: number | null) => void;
}) {
  const snackbar = useSnackbar();
  const player = useAudioPlayer();
  const [viewer, setViewer] = useState<ViewerFile | null>(null);
  const [video, setVideo] = useState<PlayableVideo | null>(null);
  // Type checks, not zod: this renders on every publication page (decision 0027).
  const gallery = isContentGallery(item.gallery) ? item.gallery : null;
  const file = isContentFile(item.file) ? item.file : null;
  // Gallery videos whose job finished while the page was open (the owner hears of it, §7).
  const [finished, setFinished] = useState<Record<string, Media>>({});
  const images = gallery ? gallery.images.filter((i) => i.status === "ready") : [];
  const videos = gallery
    ? gallery.videos.map((v) => {
        const media = finished[v.id];
        return media ? finishedVideo(v, media) : v;
      })
    : [];
  const processingVideos = item.isOwner
    ? videos.filter((v) => v.status === "media-processing").map((v) => v.id)
    : [];
  const refreshVideo = useCallback(async (fileId: string) => {
    try {
      const { data: media } = await api.media.get({ params: { id: fileId } });
      setFinished((current) => ({ ...current, [fileId]: media }));
    } catch {
      // The page shows the processing state until it is loaded again.
    }
  }, []);
  useFilesConversion(processingVideos, (event) => void refreshVideo(event.fileId));
  // A fallback for an event sent before the socket joined (a short video may finish that fast).
  const pending = processingVideos.join(",");
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      for (const id of pending.split(",")) void refreshVideo(id);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refreshVideo]);
  const name = item.title ?? file?.title ?? file?.name ?? "";
  const videoName = (position: number) =>
    name
      ? videos.length > 1
        ? `${name} ${position}`
        : name
      : format(mediaMessages.galleryVideoName, { position });
  const track = audioTrackOf(item);
  usePreloadedAudioPlayer(file?.kind === "audio" && track !== null && player !== null);
  const problem = file ? statusText(file) : null;
  const router = useRouter();
  // The owner sees the publication update when its file's job finishes (§7 file.conversion.finished).
  useFileConversion(
    item.isOwner && file?.customProperties.mediaProcessing === "media-processing" ? file.id : null,
    () => router.refresh(),
  );

  const pictureId = useId();
  const altOf = (index: number) =>
    pictureAlt(images[index]?.alt, item.owner.name, { position: index + 1, count: images.length });
  const showImage = (index: number) => {
    const image = images[index];
    if (!image) return;
    setViewer({
      kind: "image",
      alt: altOf(index),
      // "Launch day 2", or for a post without a title "Image 2 of 3".
      name: name
        ? `${name} ${index + 1}`
        : format(mediaMessages.galleryPosition, { position: index + 1, count: images.length }),
      src: image.urls.full ?? image.urls.preview ?? "",
    });
    onImageChange?.(index + 1);
  };
  // The overlay's URL named a picture (a reload, a shared link): show that one again, once.
  const opened = useRef(false);
  const wanted = openImage !== null && openImage >= 1 && openImage <= images.length ? openImage : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the position the URL named
  useEffect(() => {
    if (opened.current || wanted === null) return;
    opened.current = true;
    showImage(wanted - 1);
  }, [wanted]);

  if (images.length === 0 && videos.length === 0 && !file) return null;

  const download = async () => {
    const failed = await downloadFile(file?.urls.download);
    if (failed) snackbar.show(failed, { tone: "error" });
  };

  return (
    <div className="flex flex-col gap-3">
      {images.length > 0 ? (
        <ul className={images.length > 1 ? "grid grid-cols-2 gap-2" : "grid gap-2"}>
          {images.map((image, i) => {
            // One picture shows whole, in its own shape; several, the author's square crops side by side.
            const source = images.length > 1 ? squareCrop(image) : wholePicture(image);
            return (
              <li key={image.id}>
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded-lg bg-black/5"
                  onClick={() => showImage(i)}
                  aria-label={`${sharedMessages.viewImage} ${i + 1}`}
                  // The button says what it does; the picture's alt says what it shows.
                  aria-describedby={`${pictureId}-${i}`}
                >
                  {/* biome-ignore lint/performance/noImgElement: media URLs come from the API's storage */}
                  <img
                    src={source?.src ?? ""}
                    srcSet={source?.srcSet}
                    sizes={source?.sizes}
                    width={source?.width}
                    height={source?.height}
                    id={`${pictureId}-${i}`}
                    alt={altOf(i)}
                    loading="lazy"
                    data-testid="gallery-picture"
                    className={
                      images.length > 1
                        ? "aspect-square w-full object-cover"
                        : "mx-auto h-auto max-h-[80vh] w-auto max-w-full object-contain"
                    }
                  />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {videos.map((v, i) => {
        const label = videoName(i + 1);
        if (v.status === "ready" && v.streamUrl) {
          return (
            <VideoPreview
              key={v.id}
              id={`${item.id}:${v.id}`}
              name={label}
              video={{ name: label, streamUrl: v.streamUrl, poster: v.poster, durationInMs: v.durationInMs }}
              onPlay={setVideo}
            />
          );
        }
        // Until its job is done a video shows where it will play, and why it does not yet.
        return (
          <div
            key={v.id}
            data-testid="gallery-video-pending"
            data-status={v.status}
            className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg bg-black/[0.06] p-4 text-center text-sm text-ink-muted"
          >
            <span className="font-semibold text-ink">{label}</span>
            <span role="status" className="flex items-center gap-2">
              <Icon name="alert" size={18} />
              {videoStatusText(v)}
            </span>
          </div>
        );
      })}
      {file && problem ? (
        <p
          className="flex items-center gap-2 rounded-lg bg-black/[0.03] p-3 text-sm text-ink-muted"
          role="status"
        >
          <Icon name="alert" size={18} />
          {problem}
        </p>
      ) : null}
      {file?.kind === "video" && file.isStream && file.urls.stream ? (
        <VideoPreview
          id={`${item.id}:${file.id}`}
          name={name}
          video={{
            name,
            streamUrl: file.urls.stream,
            poster: file.urls.poster,
            durationInMs: file.customProperties.durationInMs,
          }}
          onPlay={setVideo}
        />
      ) : null}
      {file?.kind === "audio" && track && player ? (
        <div className="flex items-center gap-3 rounded-lg bg-black/[0.03] p-3">
          <button
            type="button"
            onClick={() => player.play(track)}
            aria-label={format(mediaMessages.playPodcast, { name: track.trackName })}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand text-white hover:bg-brand-strong"
          >
            {playIcon}
          </button>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-ink">{track.trackName}</p>
            {track.durationInMs !== null ? (
              <p className="text-xs text-ink-muted">{formatMediaDuration(track.durationInMs)}</p>
            ) : null}
          </div>
        </div>
      ) : null}
      {file?.kind === "document" || (file && file.kind === "image") ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-black/[0.03] p-3">
          <Icon name="document" size={22} className="text-brand" />
          <p className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{file.name}</p>
          {file.customProperties.mediaProcessing === "ready" && (file.urls.document || file.urls.full) ? (
            <Button
              variant="secondary"
              onClick={() =>
                setViewer(
                  file.urls.document
                    ? {
                        kind: "document",
                        name: file.title ?? file.name,
                        documentUrl: file.urls.document,
                        downloadUrl: file.urls.download,
                      }
                    : { kind: "image", name: file.title ?? file.name, src: file.urls.full ?? "" },
                )
              }
            >
              {mediaMessages.openDocument}
            </Button>
          ) : null}
          {file.urls.download ? (
            <Button variant="tertiary" onClick={() => void download()}>
              {mediaMessages.downloadFile}
            </Button>
          ) : null}
        </div>
      ) : null}
      <LazyFileViewer
        file={viewer}
        onClose={() => {
          if (viewer?.kind === "image") onImageChange?.(null);
          setViewer(null);
        }}
      />
      <LazyVideoPlayerModal video={video} onClose={() => setVideo(null)} />
    </div>
  );
}
