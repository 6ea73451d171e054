"use client";

import { acceptAttribute, type ImageCrops, type Media, type UploadType } from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { sharedMessages } from "@vn/contract/messages/shared";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { cn } from "@/lib/cn";
import { CropDialog } from "./CropDialog";
import { type CropTarget, checkPickedFile, viaWeb } from "./media-rules";
import { UploadProgress } from "./UploadProgress";
import { useRecrop } from "./use-recrop";
import { useUpload } from "./use-upload";

export interface ImageFieldProps {
  uploadType: UploadType;
  label: string;
  hint?: string;
  /** The image shown before anything is uploaded (current photo, or a placeholder node). */
  current?: string | null;
  /** The media id of `current`, when it is an uploaded image the viewer may re-crop ("Edit crop"). */
  currentMediaId?: string | null;
  placeholder?: ReactNode;
  shape?: "round" | "square" | "wide";
  /** Profile pictures take the square crop only. */
  targets?: CropTarget[];
  chooseLabel?: string;
  changeLabel?: string;
  /**
   * The image was uploaded, or re-cropped ("Edit crop"): a new crop makes new variants under new
   * names and the old ones go, so whoever keeps a variant's URL takes the new one.
   */
  onUploaded: (media: Media) => void | Promise<void>;
  onRemoved?: () => void;
  /** A gallery that holds its maximum refuses more (§8 "maximum embedded images"). */
  embeddedImages?: number;
  /** Show the uploaded variant here (false: the caller lists it, e.g. a gallery). */
  showResult?: boolean;
}

/** Pick an image → crop it (§9) → upload with progress and cancel → show the variant made. */
export function ImageField({
  uploadType,
  label,
  hint = mediaMessages.imageHint,
  current,
  currentMediaId,
  placeholder,
  shape = "round",
  targets = ["desktop", "preview"],
  chooseLabel = sharedMessages.chooseImage,
  changeLabel = mediaMessages.changeImage,
  onUploaded,
  onRemoved,
  embeddedImages,
  showResult = true,
}: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const { state, start, cancel, reset, setMedia } = useUpload(uploadType);
  const recrop = useRecrop(async (media) => {
    setMedia(media);
    await onUploaded(media);
  }, targets);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const invalid = checkPickedFile(
      uploadType,
      file,
      embeddedImages === undefined ? undefined : { embeddedImages },
    );
    setPickError(invalid);
    if (invalid) return;
    setPicked({ file, url: URL.createObjectURL(file) });
  };
  const confirm = async (crops: ImageCrops) => {
    const file = picked?.file;
    setPicked(null);
    if (!file) return;
    const media = await start(file, { crops });
    if (media) await onUploaded(media);
  };

  const media = showResult ? state.media : null;
  const shown =
    viaWeb(shape === "wide" ? (media?.urls.preview ?? media?.urls.full) : media?.urls.small) ??
    current ??
    null;
  // What "Edit crop" opens: the image uploaded here, else the saved one this field shows.
  const croppable = media ? (media.kind === "image" ? media.id : null) : (currentMediaId ?? null);
  const error = pickError ?? (state.status === "error" ? state.error : null) ?? recrop.error;
  const frame =
    shape === "round"
      ? "size-20 rounded-full"
      : shape === "square"
        ? "size-20 rounded-md"
        : "h-40 w-full max-w-[350px] rounded-lg";

  return (
    <div className="flex flex-col gap-3">
      <div className={cn("flex gap-4", shape === "wide" ? "flex-col" : "items-center")}>
        {shown ? (
          // biome-ignore lint/performance/noImgElement: media URLs come from the API's storage
          <img
            src={shown}
            alt={sharedMessages.imageAlt}
            data-testid={`${uploadType}-variant`}
            className={cn(frame, "shrink-0 bg-black/5 object-cover")}
          />
        ) : (
          (placeholder ?? null)
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <div>
            <p id={`${id}-label`} className="text-sm font-semibold text-ink">
              {label}
            </p>
            <p id={`${id}-hint`} className="text-sm text-ink-muted">
              {hint}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => input.current?.click()}
              disabled={state.status === "uploading"}
              aria-describedby={`${id}-hint`}
            >
              {shown ? changeLabel : chooseLabel}
            </Button>
            {croppable ? (
              <Button
                variant="tertiary"
                onClick={() => recrop.open(croppable)}
                disabled={recrop.activeId !== null}
                data-testid={`${uploadType}-edit-crop`}
              >
                {mediaMessages.editCrop}
              </Button>
            ) : null}
            {media && onRemoved ? (
              <Button
                variant="tertiary"
                onClick={() => {
                  reset();
                  onRemoved();
                }}
              >
                {sharedMessages.removeImage}
              </Button>
            ) : null}
          </div>
          <input
            ref={input}
            id={`${id}-input`}
            type="file"
            accept={acceptAttribute(uploadType)}
            className="sr-only"
            tabIndex={-1}
            aria-label={label}
            data-testid={`${uploadType}-input`}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </div>
      </div>
      {state.status === "uploading" ? (
        <UploadProgress fileName={state.fileName ?? ""} progress={state.progress} onCancel={cancel} />
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {recrop.status ? (
        <p className="text-sm text-ink-muted" role="status">
          {recrop.status}
        </p>
      ) : null}
      {recrop.dialog}
      {state.status === "cancelled" && state.error ? (
        <p className="text-sm text-ink-muted" role="status">
          {state.error}
        </p>
      ) : null}
      <CropDialog
        src={picked?.url ?? null}
        targets={targets}
        onCancel={() => setPicked(null)}
        onConfirm={(crops) => void confirm(crops)}
      />
    </div>
  );
}
