"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { verificationMessages } from "@vn/contract/messages/verification";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";

export interface CameraCaptureProps {
  /** "environment" for a document, "user" for a selfie. */
  facing: "environment" | "user";
  fileName: string;
  onCapture: (file: File) => void;
  onClose: () => void;
  onUnavailable: (message: string) => void;
}

/** True when this browser can open a camera (getUserMedia); asked after mount, never on the server. */
export function cameraSupported(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/**
 * A live camera preview and "Take photo": the frame becomes a JPEG file, handed over like a
 * picked one. The camera is released as soon as the preview closes.
 */
export function CameraCapture({ facing, fileName, onCapture, onClose, onUnavailable }: CameraCaptureProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing }, audio: false })
      .then((opened) => {
        if (cancelled) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        stream = opened;
        if (video.current) {
          video.current.srcObject = opened;
          void video.current.play().catch(() => undefined);
        }
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) unavailable.current(verificationMessages.captureCameraUnavailable);
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [facing]);

  const take = () => {
    const element = video.current;
    if (!element?.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext("2d")?.drawImage(element, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (blob) onCapture(new File([blob], fileName, { type: "image/jpeg" }));
      },
      "image/jpeg",
      0.92,
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <video
        ref={video}
        aria-label={verificationMessages.captureCameraPreview}
        playsInline
        muted
        className="aspect-[4/3] w-full rounded-lg bg-ink object-cover"
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={take} disabled={!ready}>
          {verificationMessages.captureTakePhoto}
        </Button>
        <Button variant="tertiary" onClick={onClose}>
          {commonMessages.cancel}
        </Button>
      </div>
    </div>
  );
}
