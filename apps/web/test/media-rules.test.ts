import { formatMediaDuration, messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  addGalleryEntry,
  CROP_ASPECT,
  canMoveGalleryEntry,
  checkPickedFile,
  clampCrop,
  emptyPlaylist,
  type GalleryEntry,
  galleryCounts,
  galleryPosition,
  initialCrop,
  moveCrop,
  moveGalleryEntry,
  nextPart,
  playlistReducer,
  scaleCrop,
  scaleCrops,
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

describe("re-crop scaling (§9)", () => {
  it("scales a rectangle of the full variant into the original's pixels, inside its bounds", () => {
    // The dialog edits a 1280-wide variant of a 2560-wide original: everything doubles.
    expect(scaleCrop({ x: 100, y: 50, width: 350, height: 350 }, 2, { width: 2560, height: 1920 })).toEqual({
      x: 200,
      y: 100,
      width: 700,
      height: 700,
    });
    // Rounding never pushes the frame past the original's edge.
    const edge = scaleCrop({ x: 930, y: 0, width: 350, height: 448 }, 2.0001, { width: 2560, height: 896 });
    expect(edge.x + edge.width).toBeLessThanOrEqual(2560);
    expect(edge.y + edge.height).toBeLessThanOrEqual(896);
  });

  it("scales both crops and leaves an absent one absent", () => {
    expect(
      scaleCrops({ desktop: { x: 10, y: 10, width: 100, height: 100 } }, 3, { width: 1000, height: 1000 }),
    ).toEqual({
      desktop: { x: 30, y: 30, width: 300, height: 300 },
    });
    expect(scaleCrops(null, 2, { width: 10, height: 10 })).toEqual({});
  });
});

describe("gallery order in the editor (§3)", () => {
  const entry = (id: string, kind: "image" | "video"): GalleryEntry => ({
    id,
    kind,
    status: "ready",
    thumb: null,
    durationInMs: null,
    alt: "",
  });
  const ids = (entries: GalleryEntry[]) => entries.map((e) => e.id);

  it("adds a picture after the pictures and a video at the end", () => {
    let entries = [entry("i1", "image"), entry("v1", "video")];
    entries = addGalleryEntry(entries, entry("i2", "image"));
    entries = addGalleryEntry(entries, entry("v2", "video"));
    expect(ids(entries)).toEqual(["i1", "i2", "v1", "v2"]);
    expect(galleryCounts(entries)).toEqual({ images: 2, videos: 2 });
    expect(galleryPosition(entries, "v2")).toBe(2);
  });

  it("moves entries only among their own kind", () => {
    const entries = [entry("i1", "image"), entry("i2", "image"), entry("v1", "video")];
    expect(ids(moveGalleryEntry(entries, "i2", -1))).toEqual(["i2", "i1", "v1"]);
    expect(canMoveGalleryEntry(entries, "i2", 1)).toBe(false);
    expect(ids(moveGalleryEntry(entries, "i2", 1))).toEqual(["i1", "i2", "v1"]);
    expect(canMoveGalleryEntry(entries, "i1", -1)).toBe(false);
  });
});
