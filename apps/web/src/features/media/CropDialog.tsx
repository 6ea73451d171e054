"use client";

import type { CropRect, ImageCrops } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { mediaMessages } from "@vn/contract/messages/media";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { CROP_ASPECT, type CropTarget, initialCrop, moveCrop, scaleCrops, zoomCrop } from "./media-rules";

export interface CropDialogProps {
  /** An object URL of the picked image (or an uploaded image's full variant); null closes the dialog. */
  src: string | null;
  /**
   * Re-cropping an uploaded image: `src` may be smaller than the original (the full variant is at
   * most 2560 px), and the rectangles given and answered are in pixels of the upright original.
   */
  original?: { width: number; height: number; crops?: ImageCrops | null };
  confirmLabel?: string;
  /** While the crops are being saved the confirm button waits. */
  busy?: boolean;
  /** Which crops to ask for: profile pictures only need the square one. */
  targets?: CropTarget[];
  onCancel: () => void;
  onConfirm: (crops: ImageCrops) => void;
}

const VIEW_MAX = 320;

/**
 * The crop dialog (§9): a square 350×350 crop for desktop and a 350×448 one for previews. The
 * frame moves by dragging or with the arrow keys (Shift for bigger steps) and zooms with the
 * slider or + and −; the rectangles are in pixels of the upright image, as the API takes them.
 */
export function CropDialog({
  src,
  targets = ["desktop", "preview"],
  original,
  confirmLabel = mediaMessages.applyCrop,
  busy = false,
  onCancel,
  onConfirm,
}: CropDialogProps) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [target, setTarget] = useState<CropTarget>(targets[0] ?? "desktop");
  const [crops, setCrops] = useState<Record<CropTarget, CropRect | null>>({ desktop: null, preview: null });
  const [zooms, setZooms] = useState<Record<CropTarget, number>>({ desktop: 1, preview: 1 });
  const drag = useRef<{ x: number; y: number; crop: CropRect } | null>(null);

  useEffect(() => {
    if (!src) {
      setNatural(null);
      setCrops({ desktop: null, preview: null });
      setZooms({ desktop: 1, preview: 1 });
      setTarget(targets[0] ?? "desktop");
    }
  }, [src, targets[0]]);

  const onLoad = (img: HTMLImageElement) => {
    const size = { width: img.naturalWidth, height: img.naturalHeight };
    setNatural(size);
    // An uploaded image opens on its current crops, in the shown image's pixels.
    const current = original ? scaleCrops(original.crops, size.width / original.width, size) : {};
    setCrops({
      desktop: current.desktop ?? initialCrop(size.width, size.height, CROP_ASPECT.desktop),
      preview: current.preview ?? initialCrop(size.width, size.height, CROP_ASPECT.preview),
    });
  };

  const scale = natural ? Math.min(VIEW_MAX / natural.width, VIEW_MAX / natural.height) : 1;
  const crop = crops[target];
  const setCrop = (next: CropRect) => setCrops((c) => ({ ...c, [target]: next }));
  const setZoom = (zoom: number) => {
    if (!natural || !crop) return;
    const z = Math.min(4, Math.max(1, zoom));
    setZooms((v) => ({ ...v, [target]: z }));
    setCrop(zoomCrop(crop, CROP_ASPECT[target], z, natural.width, natural.height));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!natural || !crop) return;
    const step = Math.max(1, Math.round((event.shiftKey ? 40 : 8) / scale));
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCrop(moveCrop(crop, move[0], move[1], natural.width, natural.height));
    } else if (event.key === "+" || event.key === "=") {
      event.preventDefault();
      setZoom(zooms[target] + 0.25);
    } else if (event.key === "-") {
      event.preventDefault();
      setZoom(zooms[target] - 0.25);
    }
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!crop) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current || !natural) return;
    const dx = (event.clientX - drag.current.x) / scale;
    const dy = (event.clientY - drag.current.y) / scale;
    setCrop(moveCrop(drag.current.crop, dx, dy, natural.width, natural.height));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const confirm = () => {
    const result: ImageCrops = {};
    for (const t of targets) {
      const rect = crops[t];
      if (rect) result[t] = rect;
    }
    onConfirm(original && natural ? scaleCrops(result, original.width / natural.width, original) : result);
  };

  return (
    <Dialog
      open={src !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={mediaMessages.cropTitle}
      description={mediaMessages.cropDescription}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {commonMessages.cancel}
          </Button>
          <Button onClick={confirm} disabled={!natural || busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {targets.length > 1 ? (
        <div role="radiogroup" aria-label={mediaMessages.cropTitle} className="mb-4 flex flex-wrap gap-2">
          {targets.map((t) => (
            <label
              key={t}
              className={
                t === target
                  ? "inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full bg-brand-soft px-4 text-sm font-semibold text-brand ring-1 ring-brand"
                  : "inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full px-4 text-sm font-semibold text-ink-muted ring-1 ring-line hover:text-ink"
              }
            >
              <input
                type="radio"
                name="crop-target"
                value={t}
                checked={t === target}
                onChange={() => setTarget(t)}
                className="sr-only"
              />
              {t === "desktop" ? mediaMessages.cropDesktop : mediaMessages.cropPreview}
            </label>
          ))}
        </div>
      ) : null}
      {src ? (
        <div className="flex flex-col items-center gap-4">
          {natural ? null : (
            <p role="status" className="text-sm text-ink-muted">
              {mediaMessages.loadingImage}
            </p>
          )}
          <div
            className="relative touch-none overflow-hidden rounded-lg bg-black/80"
            style={natural ? { width: natural.width * scale, height: natural.height * scale } : undefined}
          >
            {/* biome-ignore lint/performance/noImgElement: a local object URL being cropped */}
            <img
              src={src}
              alt=""
              draggable={false}
              onLoad={(event) => onLoad(event.currentTarget)}
              className="block max-h-[320px] max-w-[320px] select-none opacity-60"
              style={natural ? { width: natural.width * scale, height: natural.height * scale } : undefined}
            />
            {natural && crop ? (
              <button
                type="button"
                aria-label={mediaMessages.cropArea}
                data-testid="crop-frame"
                data-crop={JSON.stringify(crop)}
                onKeyDown={onKeyDown}
                onClick={(event) => event.preventDefault()}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                className="absolute block cursor-move overflow-hidden p-0 outline-2 outline-solid outline-white focus-visible:outline-4 focus-visible:outline-brand"
                style={{
                  left: crop.x * scale,
                  top: crop.y * scale,
                  width: crop.width * scale,
                  height: crop.height * scale,
                  boxShadow: "0 0 0 9999px rgba(0,0,0,0.35)",
                }}
              >
                {/* biome-ignore lint/performance/noImgElement: the bright part inside the frame */}
                <img
                  src={src}
                  alt=""
                  draggable={false}
                  className="pointer-events-none absolute max-w-none select-none"
                  style={{
                    left: -crop.x * scale,
                    top: -crop.y * scale,
                    width: natural.width * scale,
                    height: natural.height * scale,
                  }}
                />
              </button>
            ) : null}
          </div>
          <label className="flex w-full max-w-[320px] items-center gap-3 text-sm font-semibold text-ink">
            {mediaMessages.zoom}
            <input
              type="range"
              min={1}
              max={4}
              step={0.05}
              value={zooms[target]}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="flex-1 accent-[var(--color-brand)]"
            />
          </label>
        </div>
      ) : null}
    </Dialog>
  );
}
