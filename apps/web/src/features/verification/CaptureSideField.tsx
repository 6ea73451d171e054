"use client";

import type { IdvCaptureSide } from "@vn/contract";
import { verificationMessages } from "@vn/contract/messages/verification";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { CameraCapture, cameraSupported } from "./CameraCapture";
import { isAbort, sendImage } from "./send-image";

export interface CaptureSideFieldProps {
  token: string;
  side: IdvCaptureSide;
  label: string;
  /** The vendor already has this side (an earlier upload in this session). */
  arrived: boolean;
  onUploaded: (side: IdvCaptureSide) => void;
}

type Status = "idle" | "uploading" | "done" | "error";

/**
 * One photo of the capture page (front, back, selfie): picked as a file (the input's `capture`
 * opens a phone's camera) or taken with the camera where the browser has one, and sent at once
 * with its progress. A refusal (wrong type, too large, too small) shows the API's sentence here.
 */
export function CaptureSideField({ token, side, label, arrived, onUploaded }: CaptureSideFieldProps) {
  const [status, setStatus] = useState<Status>(arrived ? "done" : "idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const [canUseCamera, setCanUseCamera] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const facing = side === "selfie" ? "user" : "environment";

  useEffect(() => setCanUseCamera(cameraSupported()), []);
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const upload = async (file: File) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setCamera(false);
    setError(null);
    setProgress(0);
    setStatus("uploading");
    setPreview(URL.createObjectURL(file));
    try {
      await sendImage({
        call: api.verification.captureImage,
        path: { params: { token } },
        fields: { side },
        file,
        fileName: file.name,
        signal: abort.signal,
        onProgress: setProgress,
      });
      setStatus("done");
      onUploaded(side);
    } catch (failure) {
      if (isAbort(failure)) return;
      setStatus("error");
      setError(submitErrorMessage(failure));
    }
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) void upload(file);
  };

  const percent = Math.round(progress * 100);
  const errorId = `capture-${side}-error`;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-line p-4" data-side={side}>
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      {camera ? (
        <CameraCapture
          facing={facing}
          fileName={`${side}.jpg`}
          onCapture={(file) => void upload(file)}
          onClose={() => setCamera(false)}
          onUnavailable={(message) => {
            setCamera(false);
            setError(message);
          }}
        />
      ) : (
        <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg bg-canvas">
          {preview ? (
            // biome-ignore lint/performance/noImgElement: a local preview of the picked photo (blob: URL)
            <img src={preview} alt="" className="h-full w-full object-contain" />
          ) : (
            <Icon name={side === "selfie" ? "user" : "document"} size={40} className="text-ink-muted" />
          )}
        </div>
      )}
      {status === "uploading" ? (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          className="h-2 overflow-hidden rounded-full bg-black/10"
        >
          <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : status === "done" ? (
        <p className="flex items-center gap-1.5 text-sm font-semibold text-success" role="status">
          <Icon name="checkCircle" size={18} />
          {verificationMessages.captureUploaded}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {camera ? null : (
        <div className="flex flex-wrap gap-2">
          <Button
            asChild
            variant={status === "done" ? "tertiary" : "secondary"}
            className="focus-within:outline-2 focus-within:outline-brand"
          >
            <label>
              <Icon name="plus" size={18} />
              {status === "done" ? verificationMessages.captureReplace : verificationMessages.captureUpload}
              <span className="sr-only"> · {label}</span>
              <input
                type="file"
                accept="image/*"
                capture={facing}
                className="sr-only"
                aria-describedby={error ? errorId : undefined}
                onChange={picked}
              />
            </label>
          </Button>
          {canUseCamera ? (
            <Button variant="tertiary" onClick={() => setCamera(true)}>
              <Icon name="eye" size={18} />
              {verificationMessages.captureUseCamera}
              <span className="sr-only"> · {label}</span>
            </Button>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
