import { formatMediaDuration, messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  CROP_ASPECT,
  checkPickedFile,
  clampCrop,
  emptyPlaylist,
  initialCrop,
  moveCrop,
  nextPart,
  playlistReducer,
  topmostVisible,
  uploadProgress,
  viaWeb,
  zoomCrop,
} from "../src/features/media/media-rules";

const track = (id: string) => ({
  id,
  trackName: `Track ${id}`,
  artistName: "Anna",
  durationInMs: 500,
  poster: null,
  streamUrl: `http://api/api/media/public/${id}/stream.m4a`,
});

describe("picked files (§5, §8)", () => {
  it("refuses a wrong extension, a too large file, a missing title or description, a full gallery", () => {
    expect(checkPickedFile("post_image", { name: "a.txt", size: 10 })).toBe(messages.fileInvalidType);
    expect(checkPickedFile("user_image", { name: "a.gif", size: 10 })).toBe(messages.fileInvalidType);
    expect(checkPickedFile("post_image", { name: "a.gif", size: 10 })).toBeNull();
    expect(checkPickedFile("post_image", { name: "a.JPG", size: 15 * 1024 * 1024 + 1 })).toBe(
      messages.fileTooLarge,
    );
    expect(checkPickedFile("document_file", { name: "a.pdf", size: 10 }, {})).toBe(
      messages.fileTitleRequired,
    );
    expect(checkPickedFile("document_file", { name: "a.pdf", size: 10 }, { title: "T" })).toBe(
      messages.fileDescriptionRequired,
    );
    expect(
      checkPickedFile("document_file", { name: "a.docx", size: 10 }, { title: "T", description: "D" }),
    ).toBeNull();
    expect(checkPickedFile("post_image", { name: "a.png", size: 10 }, { embeddedImages: 10 })).toBe(
      messages.fileMaxEmbeddedImages,
    );
  });
});

describe("resumable parts", () => {
  it("walks parts from the server's offset and reports overall progress", () => {
    expect(nextPart(0, 20, 8)).toEqual({ start: 0, end: 8 });
    expect(nextPart(16, 20, 8)).toEqual({ start: 16, end: 20 });
    expect(nextPart(20, 20, 8)).toBeNull();
    expect(uploadProgress(8, 4, 16)).toBe(0.75);
    expect(uploadProgress(0, 0, 0)).toBe(1);
  });
});

describe("crops (§9)", () => {
  it("starts with the largest centred rectangle of each aspect", () => {
    expect(initialCrop(900, 600, CROP_ASPECT.desktop)).toEqual({ x: 150, y: 0, width: 600, height: 600 });
    const preview = initialCrop(900, 600, CROP_ASPECT.preview);
    expect(preview.height).toBe(600);
    expect(preview.width).toBe(469);
    expect(initialCrop(400, 1000, CROP_ASPECT.desktop)).toEqual({ x: 0, y: 300, width: 400, height: 400 });
  });
  it("moves and zooms inside the image only", () => {
    const crop = initialCrop(900, 600, 1);
    expect(moveCrop(crop, -1000, 50, 900, 600)).toEqual({ x: 0, y: 0, width: 600, height: 600 });
    expect(moveCrop(crop, 1000, 0, 900, 600).x).toBe(300);
    const zoomed = zoomCrop(crop, 1, 2, 900, 600);
    expect(zoomed).toEqual({ x: 300, y: 150, width: 300, height: 300 });
    expect(clampCrop({ x: 800, y: 500, width: 300, height: 300 }, 900, 600)).toEqual({
      x: 600,
      y: 300,
      width: 300,
      height: 300,
    });
  });
});

describe("video preview (§9)", () => {
  it("picks the topmost visible video", () => {
    const boxes = [
      { id: "above", top: -400, bottom: -10 },
      { id: "second", top: 500, bottom: 700 },
      { id: "first", top: -100, bottom: 120 },
      { id: "below", top: 950, bottom: 1200 },
    ];
    expect(topmostVisible(boxes, 900)).toBe("first");
    expect(topmostVisible([boxes[0]!, boxes[3]!], 900)).toBeNull();
  });
});

describe("audio playlist (§3, §4)", () => {
  it("adds played tracks once and cycles next and previous", () => {
    let state = playlistReducer(emptyPlaylist, { type: "play", track: track("a") });
    state = playlistReducer(state, { type: "play", track: track("b") });
    state = playlistReducer(state, { type: "play", track: track("c") });
    expect(state.tracks.map((t) => t.id)).toEqual(["a", "b", "c"]);
    expect(state.index).toBe(2);
    state = playlistReducer(state, { type: "next" });
    expect(state.index).toBe(0);
    state = playlistReducer(state, { type: "previous" });
    expect(state.index).toBe(2);
    state = playlistReducer(state, { type: "play", track: track("a") });
    expect(state.tracks).toHaveLength(3);
    expect(state.index).toBe(0);
    state = playlistReducer(state, { type: "toggle" });
    expect(state.playing).toBe(false);
    expect(playlistReducer(state, { type: "close" })).toEqual(emptyPlaylist);
    expect(playlistReducer(emptyPlaylist, { type: "next" })).toEqual(emptyPlaylist);
  });
  it("shows short durations as 1 sec and others as hh:mm:ss", () => {
    expect(formatMediaDuration(track("a").durationInMs)).toBe("1 sec");
    expect(formatMediaDuration(3_723_000)).toBe("01:02:03");
  });
});

describe("API URLs in the browser", () => {
  it("go through the web's /api forward", () => {
    expect(viaWeb("http://localhost:4000/api/media/public/x/small-1.webp")).toBe(
      "/api/media/public/x/small-1.webp",
    );
    expect(viaWeb("https://cdn.example.com/file.webp")).toBe("https://cdn.example.com/file.webp");
    expect(viaWeb(null)).toBeNull();
  });
});
