"use client";

import { format, formatMediaDuration } from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { useEffect, useRef, useState } from "react";
import { playIcon } from "./media-icons";
import { viaWeb } from "./media-rules";
import type { PlayableVideo } from "./VideoPlayerModal";
import { useTopmostVideo } from "./video-preview";

/** A video's poster in a card; the topmost visible one in the list plays muted as a preview (§9). */
export function VideoPreview({
  id,
  name,
  video,
  onPlay,
}: {
  id: string;
  name: string;
  video: PlayableVideo;
  onPlay: (video: PlayableVideo) => void;
}) {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const element = useRef<HTMLVideoElement>(null);
  const active = useTopmostVideo(id, box);
  useEffect(() => {
    const v = element.current;
    if (!v) return;
    if (active) void v.play().catch(() => undefined);
    else v.pause();
  }, [active]);
  return (
    <button
      ref={setBox}
      type="button"
      onClick={() => onPlay(video)}
      // The visible duration is part of the name (WCAG 2.5.3: label in name).
      aria-label={
        video.durationInMs !== null
          ? `${format(mediaMessages.playVideo, { name })}, ${formatMediaDuration(video.durationInMs)}`
          : format(mediaMessages.playVideo, { name })
      }
      data-testid="video-preview"
      data-previewing={active ? "true" : "false"}
      className="group relative block aspect-video w-full overflow-hidden rounded-lg bg-black"
    >
      <video
        ref={element}
        src={viaWeb(video.streamUrl) ?? undefined}
        poster={viaWeb(video.poster) ?? undefined}
        muted
        loop
        playsInline
        preload={active ? "auto" : "none"}
        aria-hidden="true"
        tabIndex={-1}
        className="pointer-events-none size-full object-cover"
      />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-black/60 text-white group-hover:bg-brand">
          {playIcon}
        </span>
      </span>
      {video.durationInMs !== null ? (
        <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
          {formatMediaDuration(video.durationInMs)}
        </span>
      ) : null}
    </button>
  );
}
