"use client";

import type { ImageCrops, Media } from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { api } from "@/lib/api-client";
import { CropDialog } from "./CropDialog";
import { type CropTarget, uploadErrorText, viaWeb } from "./media-rules";

export interface Recrop {
  /** Opens the crop dialog on an uploaded image (its full variant, on its current crops). */
  open: (mediaId: string) => void;
  /** The id being loaded or cropped, for a busy state on the button that opened it. */
  activeId: string | null;
  error: string | null;
  /** "The new crop is saved." once it is, for a live region. */
  status: string | null;
  /** Render it once, anywhere in the form. */
  dialog: ReactNode;
}

/**
 * Re-cropping an uploaded image (§9): the crop dialog over its full variant, saved with
 * PATCH /v1/media/:id/crops; the API renders new variants under new names, which `onSaved` gets.
 */
export function useRecrop(
  onSaved: (media: Media) => void | Promise<void>,
  targets: CropTarget[] = ["desktop", "preview"],
): Recrop {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [media, setMedia] = useState<Media | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  // The dialog is opened without a Radix trigger: give focus back to the button that opened it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (media) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const element = opener.current;
    const frame = requestAnimationFrame(() => {
      if (element?.isConnected) element.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [media]);

  const open = (mediaId: string) => {
    opener.current = document.activeElement as HTMLElement | null;
    setError(null);
    setStatus(null);
    setActiveId(mediaId);
    api.media
      .get({ params: { id: mediaId } })
      .then(({ data: loaded }) => setMedia(loaded))
      .catch((cause: unknown) => {
        setError(uploadErrorText(cause));
        setActiveId(null);
      });
  };

  const close = () => {
    setMedia(null);
    setActiveId(null);
  };

  const save = async (crops: ImageCrops) => {
    if (!media) return;
    setBusy(true);
    try {
      const { data: next } = await api.media.recrop({ params: { id: media.id }, body: crops });
      close();
      setStatus(mediaMessages.cropSaved);
      await saved.current(next);
    } catch (cause) {
      close();
      setError(uploadErrorText(cause));
    } finally {
      setBusy(false);
    }
  };

  const source = media ? viaWeb(media.urls.full ?? media.urls.preview) : null;
  const dialog = (
    <CropDialog
      src={source}
      targets={targets}
      original={
        media?.width && media.height
          ? { width: media.width, height: media.height, crops: media.crops }
          : undefined
      }
      confirmLabel={mediaMessages.applyRecrop}
      busy={busy}
      onCancel={close}
      onConfirm={(crops) => void save(crops)}
    />
  );
  return { open, activeId, error, status, dialog };
}
