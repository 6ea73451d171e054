"use client";

import { format, formatMediaDuration } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { mediaMessages } from "@vn/contract/messages/media";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useRef } from "react";
import { Icon } from "@/components/ui/Icon";
import { viaWeb } from "./media-rules";

export interface PlayableVideo {
  name: string;
  streamUrl: string;
  poster: string | null;
  durationInMs: number | null;
}

/**
 * The video player modal (§2): plays the faststart MP4 (range requests let it seek), closes with
 * Escape or the button; Radix keeps focus inside while it is open and gives it back after.
 */
export function VideoPlayerModal({ video, onClose }: { video: PlayableVideo | null; onClose: () => void }) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read while rendering the opening: the dialog has not taken focus yet.
  if (video && !wasOpen.current && typeof document !== "undefined")
    opener.current = document.activeElement as HTMLElement | null;
  wasOpen.current = video !== null;
  return (
    <DialogPrimitive.Root open={video !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/85 animate-fade-in" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            // Focus goes back to what opened it (the dialog is controlled, without a Trigger).
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-1rem)] max-w-[1100px] flex-col gap-2 focus:outline-none"
          style={{ transform: "translate(-50%, -50%)" }}
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between gap-3 text-white">
            <DialogPrimitive.Title className="min-w-0 truncate text-base font-semibold">
              {video ? format(mediaMessages.videoPlayer, { name: video.name }) : ""}
              {video?.durationInMs ? (
                <span className="ml-2 font-normal text-white/75">
                  {formatMediaDuration(video.durationInMs)}
                </span>
              ) : null}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15"
              aria-label={commonMessages.close}
            >
              <Icon name="close" size={22} />
            </DialogPrimitive.Close>
          </div>
          {video ? (
            // biome-ignore lint/a11y/useMediaCaption: user uploads come without caption tracks
            <video
              src={viaWeb(video.streamUrl) ?? undefined}
              poster={viaWeb(video.poster) ?? undefined}
              controls
              autoPlay
              playsInline
              preload="metadata"
              data-testid="video-modal-player"
              aria-label={video.name}
              className="max-h-[80dvh] w-full rounded-lg bg-black"
            />
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
