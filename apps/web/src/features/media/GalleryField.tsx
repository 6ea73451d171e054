"use client";

import {
  format,
  MEDIA_GALLERY_MAX_IMAGES,
  MEDIA_GALLERY_MAX_VIDEOS,
  type Media,
  type UploadType,
} from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useCallback, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { GalleryTile } from "./GalleryTile";
import { GalleryVideoUpload } from "./GalleryVideoUpload";
import { ImageField } from "./ImageField";
import {
  addGalleryEntry,
  canMoveGalleryEntry,
  type GalleryEntry,
  galleryAlts,
  galleryCounts,
  galleryEntryOf,
  galleryPosition,
  moveGalleryEntry,
  replaceGalleryEntry,
  setGalleryAlt,
} from "./media-rules";
import { useRecrop } from "./use-recrop";

export interface GalleryFieldProps {
  imageType: UploadType;
  initial: GalleryEntry[];
  /** The gallery's ids in order, whenever it changes (PUT …/media's galleryIds). */
  onChange: (galleryIds: string[]) => void;
  /** The pictures' alt texts by id, whenever one is typed (PUT …/media's alts, issue 18). */
  onAltsChange?: (alts: Record<string, string>) => void;
}

/**
 * A post's gallery (§3): pictures (cropped, §9) and videos (resumable upload, transcoded by a
 * job) up to the contract's limits, each re-croppable (images), movable and removable.
 */
export function GalleryField({ imageType, initial, onChange, onAltsChange }: GalleryFieldProps) {
  const id = useId();
  const [entries, setEntries] = useState<GalleryEntry[]>(initial);
  const [announcement, setAnnouncement] = useState("");
  const [addKey, setAddKey] = useState(0);
  const changed = useRef(onChange);
  changed.current = onChange;
  const altsChanged = useRef(onAltsChange);
  altsChanged.current = onAltsChange;
  // Once an alt is typed, every change of the gallery sends the alts of the pictures it holds.
  const altsTouched = useRef(false);
  const list = useRef<HTMLUListElement>(null);

  // Uploads finish whenever they do (an image and a video may be on their way at once): changes
  // start from the latest list, not from the render that started the upload.
  const latest = useRef(initial);
  const commit = useCallback((next: GalleryEntry[], idsChanged: boolean) => {
    latest.current = next;
    setEntries(next);
    if (idsChanged) changed.current(next.map((e) => e.id));
    if (altsTouched.current) altsChanged.current?.(galleryAlts(next));
  }, []);
  const describe = useCallback(
    (id: string, alt: string) => {
      altsTouched.current = true;
      commit(setGalleryAlt(latest.current, id, alt), false);
    },
    [commit],
  );
  // A finished video or a new crop changes the entry, not the gallery's ids.
  const refreshEntry = useCallback(
    (entry: GalleryEntry) => commit(replaceGalleryEntry(latest.current, entry), false),
    [commit],
  );
  const recrop = useRecrop((media: Media) => refreshEntry(galleryEntryOf(media)));

  const nameOf = (entry: GalleryEntry, within = entries) =>
    format(entry.kind === "video" ? mediaMessages.galleryVideoName : mediaMessages.galleryImageName, {
      position: galleryPosition(within, entry.id),
    });
  const add = (media: Media) => {
    commit(addGalleryEntry(latest.current, galleryEntryOf(media)), true);
    // A fresh image field for the next picture (not after a video: an image may be on its way).
    if (media.kind === "image") setAddKey((k) => k + 1);
  };
  const move = (entry: GalleryEntry, step: 1 | -1) => {
    const next = moveGalleryEntry(latest.current, entry.id, step);
    commit(next, true);
    const position = galleryPosition(next, entry.id);
    const count = next.filter((e) => e.kind === entry.kind).length;
    setAnnouncement(format(mediaMessages.entryMoved, { name: nameOf(entry), position, count }));
    // Focus follows the entry; at the end of its row the same button is disabled, so the other one.
    requestAnimationFrame(() => {
      const row = list.current?.querySelector<HTMLElement>(`[data-id="${entry.id}"]`);
      const same = row?.querySelector<HTMLButtonElement>(`button[data-move="${step}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`button[data-move="${-step}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  const remove = (entry: GalleryEntry) => {
    const at = latest.current.findIndex((e) => e.id === entry.id);
    const next = latest.current.filter((e) => e.id !== entry.id);
    commit(next, true);
    // Focus stays in the list: on the entry that took its place, or the one before.
    requestAnimationFrame(() => {
      const rows = list.current?.querySelectorAll<HTMLElement>("[data-testid=gallery-entry]");
      const row = rows?.[Math.min(at, (rows?.length ?? 1) - 1)];
      row?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
    });
  };

  const counts = galleryCounts(entries);
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-lg border border-line p-4"
      aria-describedby={`${id}-hint`}
    >
      <legend className="px-1 text-sm font-semibold text-ink">{mediaMessages.galleryLabel}</legend>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {format(mediaMessages.galleryHint, {
          images: MEDIA_GALLERY_MAX_IMAGES,
          videos: MEDIA_GALLERY_MAX_VIDEOS,
        })}
      </p>
      {entries.length > 0 ? (
        <ul ref={list} className="flex flex-col gap-2" aria-label={mediaMessages.galleryLabel}>
          {entries.map((entry) => {
            const name = nameOf(entry);
            return (
              <GalleryTile
                key={entry.id}
                entry={entry}
                name={name}
                canMoveEarlier={canMoveGalleryEntry(entries, entry.id, -1)}
                canMoveLater={canMoveGalleryEntry(entries, entry.id, 1)}
                cropBusy={recrop.activeId !== null}
                onMove={(step) => move(entry, step)}
                onRemove={() => remove(entry)}
                onEditCrop={() => recrop.open(entry.id)}
                onUpdate={refreshEntry}
                onAltChange={(alt) => describe(entry.id, alt)}
              />
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">{mediaMessages.galleryEmpty}</p>
      )}
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {recrop.error ? <Alert>{recrop.error}</Alert> : null}
      {recrop.status ? (
        <p className="text-sm text-ink-muted" role="status">
          {recrop.status}
        </p>
      ) : null}
      {recrop.dialog}
      <ImageField
        key={addKey}
        uploadType={imageType}
        label={sharedMessages.chooseImage}
        shape="wide"
        showResult={false}
        embeddedImages={counts.images}
        onUploaded={add}
      />
      <GalleryVideoUpload embeddedVideos={counts.videos} onUploaded={add} />
    </fieldset>
  );
}
