"use client";

import { createContext, type ReactNode, useContext, useEffect, useMemo, useReducer } from "react";
import { deferredModule, useDeferredModule } from "@/lib/use-deferred-module";
import { type AudioPlayerApi, emptyPlaylist, playlistReducer } from "./playlist";

const AudioPlayerContext = createContext<AudioPlayerApi | null>(null);

export function useAudioPlayer(): AudioPlayerApi | null {
  return useContext(AudioPlayerContext);
}

/** The bar (controls, <audio>, times) is not on every page: it loads when something may play. */
const barModule = deferredModule(() => import("./AudioPlayerBar").then((module) => module.AudioPlayerBar));

/**
 * Loads the bar ahead of a press on a podcast's play button (ContentMedia): with the bar already
 * here, a press draws it and starts <audio> in the same task, as browsers' autoplay rules want.
 */
export function usePreloadedAudioPlayer(wanted: boolean): void {
  useEffect(() => {
    if (wanted) void barModule.load().catch(() => undefined);
  }, [wanted]);
}

/**
 * The global audio player (§2, §3, §4): mounted once in the root providers, so it keeps playing
 * and stays open while the user navigates. A playlist of tracks; play/pause; next and previous
 * move cyclically; times as hh:mm:ss, durations below a second as "1 sec" (§9).
 */
export function AudioPlayerProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(playlistReducer, emptyPlaylist);
  const current = state.index >= 0 ? (state.tracks[state.index] ?? null) : null;
  const [loadedBar, loadBar] = useDeferredModule(barModule);
  // Preloaded elsewhere (usePreloadedAudioPlayer), the bar is drawn at once, not a render later.
  const Bar = loadedBar ?? barModule.current();
  useEffect(() => {
    if (current && !Bar) loadBar();
  }, [current, Bar, loadBar]);
  const value = useMemo<AudioPlayerApi>(
    () => ({
      state,
      current,
      play: (track) => dispatch({ type: "play", track }),
      toggle: () => dispatch({ type: "toggle" }),
      next: () => dispatch({ type: "next" }),
      previous: () => dispatch({ type: "previous" }),
      close: () => dispatch({ type: "close" }),
    }),
    [state, current],
  );
  return (
    <AudioPlayerContext.Provider value={value}>
      {children}
      {/* Room under the page so the fixed bar never covers its end. */}
      {current ? <div aria-hidden="true" className="h-28 sm:h-16" /> : null}
      {current && Bar ? (
        <Bar api={value} track={current} onPause={() => dispatch({ type: "pause" })} />
      ) : null}
    </AudioPlayerContext.Provider>
  );
}
