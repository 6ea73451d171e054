"use client";

import { type AudioTrack, formatMediaDuration, formatTime } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { mediaGlyph, playIcon } from "./media-icons";
import { viaWeb } from "./media-rules";
import type { AudioPlayerApi } from "./playlist";

function RoundButton({
  label,
  onClick,
  children,
  primary = false,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={
        primary
          ? "inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand text-white hover:bg-brand-strong"
          : "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-black/5"
      }
    >
      {children}
    </button>
  );
}

const pauseIcon = mediaGlyph("M6 4h4v16H6V4Zm8 0h4v16h-4V4Z");
const nextIcon = mediaGlyph("M5 5v14l10-7L5 5Zm11 0h3v14h-3V5Z");
const previousIcon = mediaGlyph("M19 5v14L9 12l10-7ZM5 5h3v14H5V5Z");

/** The fixed bar of the global audio player (AudioPlayer.tsx): loaded when a podcast can be played
 * (or is played), not with every page. */
export function AudioPlayerBar({
  api,
  track,
  onPause,
}: {
  api: AudioPlayerApi;
  track: AudioTrack;
  onPause: () => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  const playing = api.state.playing;
  const src = viaWeb(track.streamUrl) ?? track.streamUrl;

  useEffect(() => {
    setTime(0);
    setDuration(track.durationInMs !== null ? track.durationInMs / 1000 : null);
  }, [track]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new track (src) starts playing too
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    // A play() cut short by the next track's load is not a pause; a refused autoplay is.
    if (playing)
      void element.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === "NotAllowedError") onPause();
      });
    else element.pause();
  }, [playing, src, onPause]);

  const seek = useCallback((seconds: number) => {
    if (audio.current) audio.current.currentTime = seconds;
    setTime(seconds);
  }, []);

  const total = duration ?? 0;
  return (
    <section
      aria-label={commonMessages.audioPlayer}
      data-testid="audio-player"
      data-track-id={track.id}
      data-playing={playing ? "true" : "false"}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface shadow-pop"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: podcasts come without caption tracks */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const d = event.currentTarget.duration;
          if (Number.isFinite(d)) setDuration(d);
        }}
        onEnded={() => (api.state.tracks.length > 1 ? api.next() : onPause())}
        data-testid="audio-element"
      />
      <div className="mx-auto flex max-w-[1128px] flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 sm:flex-nowrap sm:px-4">
        {track.poster ? (
          // biome-ignore lint/performance/noImgElement: media URLs come from the API's storage
          <img
            src={viaWeb(track.poster) ?? ""}
            alt=""
            className="size-11 shrink-0 rounded-md bg-black/5 object-cover"
          />
        ) : (
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-md bg-brand-soft text-brand">
            {mediaGlyph(
              "M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z",
              false,
            )}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-ink" data-testid="audio-track-name">
            <span className="sr-only">{commonMessages.nowPlaying}: </span>
            {track.trackName}
          </p>
          <p className="truncate text-xs text-ink-muted">{track.artistName}</p>
        </div>
        <div className="flex items-center gap-1">
          <RoundButton label={commonMessages.previous} onClick={api.previous}>
            {previousIcon}
          </RoundButton>
          <RoundButton
            label={playing ? commonMessages.pause : commonMessages.play}
            onClick={api.toggle}
            primary
          >
            {playing ? pauseIcon : playIcon}
          </RoundButton>
          <RoundButton label={commonMessages.next} onClick={api.next}>
            {nextIcon}
          </RoundButton>
        </div>
        <div className="order-last flex w-full items-center gap-2 sm:order-none sm:w-auto sm:min-w-[280px]">
          <span className="text-xs tabular-nums text-ink-muted" data-testid="audio-time">
            {formatTime(time)}
          </span>
          <input
            type="range"
            min={0}
            max={Math.max(1, Math.floor(total))}
            step={1}
            value={Math.min(Math.floor(time), Math.max(1, Math.floor(total)))}
            onChange={(event) => seek(Number(event.target.value))}
            aria-label={`${track.trackName}: ${formatTime(time)}`}
            aria-valuetext={formatTime(time)}
            className="min-w-0 flex-1 accent-[var(--color-brand)]"
          />
          <span className="text-xs tabular-nums text-ink-muted">
            {duration !== null ? formatMediaDuration(duration * 1000) : "--:--:--"}
          </span>
        </div>
        <RoundButton label={commonMessages.closePlayer} onClick={api.close}>
          <Icon name="close" size={20} />
        </RoundButton>
      </div>
    </section>
  );
}
