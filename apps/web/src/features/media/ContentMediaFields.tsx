"use client";

import {
  type ContentItem,
  type ContentMediaRequest,
  IMAGE_ALT_MAX,
  isContentFile,
  isContentGallery,
  type UploadType,
} from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/Input";
import { FileField, type FileFieldProps } from "./FileField";
import { GalleryField } from "./GalleryField";
import { ImageField } from "./ImageField";
import { galleryEntriesOf, viaWeb } from "./media-rules";

/** Which image upload type a kind's main image (or a post's gallery) uses (§3). */
const imageTypes: Record<string, UploadType> = {
  post: "post_image",
  article: "article_image",
  release: "release_image",
  news: "release_image",
  statement: "statement_image",
  insight: "insight_image",
  opinion: "article_image",
  response: "response_main_image",
  event: "event_image",
  document: "document_image",
  podcast: "recording_image",
  audio: "recording_image",
  video: "recording_image",
};
const fileTypes: Record<string, FileFieldProps["uploadType"]> = {
  document: "document_file",
  podcast: "recording_audio_file",
  audio: "recording_audio_file",
  video: "recording_video_file",
};
const fileLabels: Record<string, string> = {
  document_file: "Document",
  recording_audio_file: "Audio",
  recording_video_file: "Video",
};

export interface ContentMediaFieldsProps {
  kind: string;
  item?: ContentItem;
  getMeta: () => { title?: string; description?: string };
  /** The media to send with the publication (the `media` of its create or update request). */
  onChange: (request: ContentMediaRequest) => void;
}

/**
 * The media of a create/edit page: a post's gallery of images and videos, the main image of other
 * kinds (cropped 350×350 and 350×448), and the file of documents, podcasts and videos.
 */
export function ContentMediaFields({ kind, item, getMeta, onChange }: ContentMediaFieldsProps) {
  const imageType = imageTypes[kind];
  const fileType = fileTypes[kind];
  const isPost = kind === "post";
  const existingGallery = isContentGallery(item?.gallery) ? item.gallery : null;
  const existingFile = isContentFile(item?.file) ? item.file : null;
  const [initialGallery] = useState(() => galleryEntriesOf(existingGallery));
  const [request, setRequest] = useState<ContentMediaRequest>({});
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => changed.current(request), [request]);
  const setGallery = useCallback((galleryIds: string[]) => setRequest((r) => ({ ...r, galleryIds })), []);
  const setGalleryAlts = useCallback(
    (alts: Record<string, string>) => setRequest((r) => ({ ...r, alts })),
    [],
  );
  // The main image and what it shows to people who cannot see it (issue 18).
  const [main, setMain] = useState<{ id: string; alt: string } | null>(() =>
    item?.mainImage ? { id: item.mainImage.id, alt: item.mainImage.alt ?? "" } : null,
  );
  const describeMain = (id: string, alt: string) => {
    setMain({ id, alt });
    setRequest((r) => ({ ...r, alts: { [id]: alt.trim() } }));
  };

  if (!imageType && !fileType) return null;

  return (
    <div className="flex flex-col gap-4">
      {fileType ? (
        <FileField
          uploadType={fileType}
          label={fileLabels[fileType] ?? ""}
          getMeta={getMeta}
          onChange={(media) => setRequest((r) => ({ ...r, fileId: media ? media.id : null }))}
        />
      ) : null}
      {existingFile && !request.fileId ? <p className="text-sm text-ink-muted">{existingFile.name}</p> : null}
      {isPost && imageType ? (
        <GalleryField
          imageType={imageType}
          initial={initialGallery}
          onChange={setGallery}
          onAltsChange={setGalleryAlts}
        />
      ) : imageType ? (
        <ImageField
          uploadType={imageType}
          label={sharedMessages.chooseImage}
          shape="wide"
          current={viaWeb(item?.mainImage?.urls.preview)}
          currentMediaId={item?.mainImage?.id}
          onUploaded={(media) => {
            // A new picture starts undescribed; a new crop of the same one keeps what was typed.
            if (media.id !== main?.id) setMain({ id: media.id, alt: media.description ?? "" });
            setRequest(({ alts: _alts, ...r }) => ({ ...r, mainImageId: media.id }));
          }}
          onRemoved={() => {
            setMain(null);
            setRequest(({ alts: _alts, ...r }) => ({ ...r, mainImageId: null }));
          }}
        />
      ) : null}
      {!isPost && imageType && main ? (
        <Input
          label={mediaMessages.imageAltLabel}
          hint={mediaMessages.imageAltHint}
          optional
          value={main.alt}
          maxLength={IMAGE_ALT_MAX}
          onChange={(event) => describeMain(main.id, event.target.value)}
          data-testid="main-image-alt"
        />
      ) : null}
    </div>
  );
}

/** The media part of a create/update request: undefined when nothing was picked or removed. */
export function mediaChanges(request: ContentMediaRequest): ContentMediaRequest | undefined {
  const changed =
    request.mainImageId !== undefined ||
    request.galleryIds !== undefined ||
    request.fileId !== undefined ||
    request.alts !== undefined;
  return changed ? request : undefined;
}
