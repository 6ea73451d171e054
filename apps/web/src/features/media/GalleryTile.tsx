"use client";

import { format, formatMediaDuration, IMAGE_ALT_MAX } from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type ReactNode, useCallback, useEffect } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Input } from "@/components/ui/Input";
import { api } from "@/lib/api-client";
import { playIcon } from "./media-icons";
import { type GalleryEntry, galleryEntryOf, viaWeb } from "./media-rules";
import { useFileConversion } from "./use-media-events";

const POLL_MS = 4000;

function statusOf(entry: GalleryEntry): string | null {
  if (entry.status === "media-processing") return sharedMessages.processing;
  if (entry.status === "failed") return mediaMessages.mediaProcessingFailed;
  if (entry.status === "unprocessed") return mediaMessages.mediaUnprocessed;
  return null;
}

export interface GalleryTileProps {
  entry: GalleryEntry;
  /** "Image 2", "Video 1": names the entry's buttons. */
  name: string;
  canMoveEarlier: boolean;
  canMoveLater: boolean;
  cropBusy: boolean;
  onMove: (step: 1 | -1) => void;
  onRemove: () => void;
  onEditCrop: () => void;
  /** The entry as the API now has it (a video whose job finished). */
  onUpdate: (entry: GalleryEntry) => void;
  /** A picture's description for people who cannot see it was typed (issue 18). */
  onAltChange: (alt: string) => void;
}

/**
 * One picture or video in the post editor's gallery: its thumbnail (a video's poster once its job
 * is done, the processing state until then), edit crop, move earlier/later and remove, and for a
 * picture what it shows to people who cannot see it (its alt text, issue 18).
 */
export function GalleryTile({
  entry,
  name,
  canMoveEarlier,
  canMoveLater,
  cropBusy,
  onMove,
  onRemove,
  onEditCrop,
  onUpdate,
  onAltChange,
}: GalleryTileProps) {
  const processing = entry.status === "media-processing" ? entry.id : null;
  const refresh = useCallback(
    async (id: string) => {
      try {
        onUpdate(galleryEntryOf((await api.media.get({ params: { id } })).data));
      } catch {
        // The next event or poll tries again.
      }
    },
    [onUpdate],
  );
  // file.conversion.finished (§7) tells the owner; the poll covers an event sent before the socket joined.
  useFileConversion(processing, (event) => void refresh(event.fileId));
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refresh(processing), POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refresh]);

  const status = statusOf(entry);
  const thumb = viaWeb(entry.thumb);
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-line p-2"
      data-testid="gallery-entry"
      data-kind={entry.kind}
      data-status={entry.status}
      data-id={entry.id}
    >
      {/* Narrow screens: the picture and its name, the buttons under them; one row from sm up. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <div className="relative size-16 shrink-0 overflow-hidden rounded-md bg-black/5">
            {thumb ? (
              // biome-ignore lint/performance/noImgElement: media URLs come from the API's storage
              <img src={thumb} alt="" data-testid="gallery-variant" className="size-full object-cover" />
            ) : (
              <span className="size-full" />
            )}
            {entry.kind === "video" ? (
              // Marks a video among the pictures; the entry's name says it in words.
              <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
                <span className="inline-flex size-8 items-center justify-center rounded-full bg-black/60 text-white">
                  {playIcon}
                </span>
              </span>
            ) : null}
          </div>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-ink">
              {name}
              {entry.durationInMs !== null ? (
                <span className="ml-2 font-normal text-ink-muted tabular-nums">
                  {formatMediaDuration(entry.durationInMs)}
                </span>
              ) : null}
            </p>
            {status ? (
              <p className="text-sm text-ink-muted" role="status">
                {status}
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex items-center justify-end gap-1">
          {entry.kind === "image" ? (
            <Button
              variant="tertiary"
              onClick={onEditCrop}
              disabled={cropBusy}
              aria-label={format(mediaMessages.editCropOf, { name })}
            >
              {mediaMessages.editCrop}
            </Button>
          ) : null}
          <IconButton
            label={format(mediaMessages.moveEarlier, { name })}
            disabled={!canMoveEarlier}
            move={-1}
            onClick={() => onMove(-1)}
          >
            <Icon name="chevronDown" size={20} className="rotate-180" />
          </IconButton>
          <IconButton
            label={format(mediaMessages.moveLater, { name })}
            disabled={!canMoveLater}
            move={1}
            onClick={() => onMove(1)}
          >
            <Icon name="chevronDown" size={20} />
          </IconButton>
          <IconButton label={format(sharedMessages.removeEntry, { name })} onClick={onRemove}>
            <Icon name="close" size={20} />
          </IconButton>
        </div>
      </div>
      {entry.kind === "image" ? (
        <Input
          label={format(mediaMessages.imageAltLabelOf, { name })}
          hint={mediaMessages.imageAltHint}
          optional
          value={entry.alt}
          maxLength={IMAGE_ALT_MAX}
          onChange={(event) => onAltChange(event.target.value)}
          data-testid="gallery-alt"
          className="px-1 pb-1"
        />
      ) : null}
    </li>
  );
}

function IconButton({
  label,
  disabled,
  move,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  /** Which way a move button moves (the gallery finds it again after the move). */
  move?: 1 | -1;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      data-move={move}
      onClick={onClick}
      className="inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-black/5 hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}
