/**
 * The global audio player's playlist (§3, §4): apart from media-rules.ts so the root providers,
 * on every page, carry only this.
 */
import { type AudioTrack, cycleIndex } from "@vn/contract";

export interface PlaylistState {
  tracks: AudioTrack[];
  index: number;
  playing: boolean;
}
export type PlaylistAction =
  | { type: "play"; track: AudioTrack }
  | { type: "toggle" }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "next" }
  | { type: "previous" }
  | { type: "close" };

/** What the player offers the page (AudioPlayer.tsx provides it, AudioPlayerBar.tsx draws it). */
export interface AudioPlayerApi {
  state: PlaylistState;
  current: AudioTrack | null;
  /** Adds the track to the playlist (once) and plays it. */
  play: (track: AudioTrack) => void;
  toggle: () => void;
  next: () => void;
  previous: () => void;
  close: () => void;
}

export const emptyPlaylist: PlaylistState = { tracks: [], index: -1, playing: false };

/** Playing a track adds it to the playlist (once) and makes it current; next/previous cycle (§4). */
export function playlistReducer(state: PlaylistState, action: PlaylistAction): PlaylistState {
  switch (action.type) {
    case "play": {
      const at = state.tracks.findIndex((t) => t.id === action.track.id);
      if (at >= 0) return { ...state, index: at, playing: true };
      return { tracks: [...state.tracks, action.track], index: state.tracks.length, playing: true };
    }
    case "toggle":
      return state.index < 0 ? state : { ...state, playing: !state.playing };
    case "pause":
      return { ...state, playing: false };
    case "resume":
      return state.index < 0 ? state : { ...state, playing: true };
    case "next":
    case "previous": {
      if (state.tracks.length === 0) return state;
      const index = cycleIndex(state.index, state.tracks.length, action.type === "next" ? 1 : -1);
      return { ...state, index, playing: true };
    }
    case "close":
      return emptyPlaylist;
  }
}
