"use client";

import { acceptAttribute, formatMediaDuration, type Media, type UploadType } from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { api } from "@/lib/api-client";
import { FileViewer, type ViewerFile } from "./FileViewer";
import { viaWeb } from "./media-rules";
import { UploadProgress } from "./UploadProgress";
import { useDocument } from "./use-document";
import { useFileConversion } from "./use-media-events";
import { useUpload } from "./use-upload";

export interface FileFieldProps {
  uploadType: Extract<
    UploadType,
    "document_file" | "recording_audio_file" | "recording_video_file" | "post_video_file"
  >;
  label: string;
  /** The form's title and description: documents, podcasts and videos are sent with them (§5). */
  getMeta: () => { title?: string; description?: string };
  onChange: (media: Media | null) => void;
}

const POLL_MS = 4000;

const hints: Record<FileFieldProps["uploadType"], [string, string]> = {
  document_file: [mediaMessages.chooseDocument, mediaMessages.documentHint],
  recording_audio_file: [mediaMessages.chooseAudio, mediaMessages.audioHint],
  recording_video_file: [mediaMessages.chooseVideo, mediaMessages.videoHint],
  post_video_file: [mediaMessages.chooseVideo, mediaMessages.videoHint],
};

function processingText(media: Media): string | null {
  if (media.status === "media-processing")
    return media.kind === "document" ? mediaMessages.fileConverting : sharedMessages.processing;
  if (media.status === "failed") return media.error?.message ?? mediaMessages.mediaProcessingFailed;
  if (media.status === "unprocessed")
    return (
      media.error?.message ??
      (media.kind === "document" ? mediaMessages.documentUnprocessed : mediaMessages.mediaUnprocessed)
    );
  return null;
}

/**
 * The file of a document, podcast or video: upload in resumable parts with progress and cancel,
 * then the job's progress until `file.conversion.finished` (§7) says it is ready, and a preview
 * (the PDF in the file viewer, the audio or video itself).
 */
export function FileField({ uploadType, label, getMeta, onChange }: FileFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, start, cancel, reset, setMedia } = useUpload(uploadType);
  const [viewer, setViewer] = useState<ViewerFile | null>(null);
  const media = state.media;
  const processing = media?.status === "media-processing" ? media.id : null;
  const [choose, hint] = hints[uploadType];

  const refresh = useCallback(
    async (mediaId: string) => {
      try {
        const { data: next } = await api.media.get({ params: { id: mediaId } });
        setMedia(next);
        onChange(next);
      } catch {
        // The next event or poll tries again.
      }
    },
    [setMedia, onChange],
  );
  useFileConversion(processing, (event) => void refresh(event.fileId));
  // A fallback for a missed event (the socket connects after the job may have finished).
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refresh(processing), POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refresh]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const meta = getMeta();
    const uploaded = await start(file, { title: meta.title, description: meta.description });
    onChange(uploaded);
  };

  const status = media ? processingText(media) : null;
  const preview = useDocument(
    media?.status === "ready" && media.kind === "document" ? media.urls.document : null,
  );
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={`${id}-label`} className="text-sm font-semibold text-ink">
            {label}
          </p>
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            {hint}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => input.current?.click()}
            disabled={state.status === "uploading"}
            aria-describedby={`${id}-hint`}
          >
            {media ? mediaMessages.replaceFile : choose}
          </Button>
          {media ? (
            <Button
              variant="tertiary"
              onClick={() => {
                reset();
                onChange(null);
              }}
            >
              {mediaMessages.removeFile}
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={acceptAttribute(uploadType)}
          className="sr-only"
          tabIndex={-1}
          aria-label={label}
          data-testid={`${uploadType}-input`}
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </div>
      {state.status === "uploading" ? (
        <UploadProgress fileName={state.fileName ?? ""} progress={state.progress} onCancel={cancel} />
      ) : null}
      {state.status === "error" && state.error ? <Alert>{state.error}</Alert> : null}
      {state.status === "cancelled" && state.error ? (
        <p className="text-sm text-ink-muted" role="status">
          {state.error}
        </p>
      ) : null}
      {media ? (
        <div className="flex flex-col gap-3" data-testid="file-field-media" data-status={media.status}>
          <p className="flex items-center gap-2 text-sm font-semibold text-ink">
            <Icon name="document" size={18} className="text-brand" />
            <span className="min-w-0 truncate">{media.fileName}</span>
            {media.durationInMs !== null ? (
              <span className="font-normal text-ink-muted">{formatMediaDuration(media.durationInMs)}</span>
            ) : null}
          </p>
          {status ? (
            <p className="text-sm text-ink-muted" role="status">
              {status}
              {media.status === "media-processing" && media.progress !== null
                ? ` ${Math.round(media.progress * 100)}%`
                : null}
            </p>
          ) : null}
          {media.status === "ready" && media.kind === "document" && preview.src ? (
            <div className="flex flex-col gap-2">
              <iframe
                src={preview.src ?? undefined}
                title={`${media.fileName}: ${mediaMessages.ready}`}
                data-testid="document-preview"
                className="h-64 w-full rounded-md border border-line bg-white"
              />
              <div>
                <Button
                  variant="secondary"
                  onClick={() =>
                    setViewer({
                      kind: "document",
                      name: media.title ?? media.fileName,
                      documentUrl: media.urls.document ?? "",
                      downloadUrl: media.urls.download,
                    })
                  }
                >
                  {mediaMessages.openDocument}
                </Button>
              </div>
            </div>
          ) : null}
          {media.status === "ready" && media.kind === "audio" && media.urls.stream ? (
            // biome-ignore lint/a11y/useMediaCaption: podcasts come without caption tracks
            <audio
              controls
              src={viaWeb(media.urls.stream) ?? undefined}
              className="w-full"
              aria-label={media.fileName}
            />
          ) : null}
          {media.status === "ready" && media.kind === "video" && media.urls.stream ? (
            // biome-ignore lint/a11y/useMediaCaption: user uploads come without caption tracks
            <video
              controls
              src={viaWeb(media.urls.stream) ?? undefined}
              poster={viaWeb(media.urls.poster) ?? undefined}
              className="max-h-72 w-full rounded-md bg-black"
              aria-label={media.fileName}
            />
          ) : null}
        </div>
      ) : null}
      <FileViewer file={viewer} onClose={() => setViewer(null)} />
    </div>
  );
}
