import { describe, expect, it } from "vitest";
import {
  AUDIO_MAX_BYTES,
  audioTrackOf,
  cycleIndex,
  DOCUMENT_MAX_BYTES,
  extensionOf,
  formatMediaDuration,
  formatTime,
  IMAGE_MAX_BYTES,
  imageUploadTypes,
  uploadPolicy,
  VIDEO_MAX_BYTES,
} from "../src/index";

describe("media rules", () => {
  it("formats durations: under a second is '1 sec', else hh:mm:ss (§9)", () => {
    expect(formatMediaDuration(0)).toBe("1 sec");
    expect(formatMediaDuration(999)).toBe("1 sec");
    expect(formatMediaDuration(1000)).toBe("00:00:01");
    expect(formatMediaDuration(61_500)).toBe("00:01:01");
    expect(formatMediaDuration(3_726_000)).toBe("01:02:06");
    expect(formatTime(0)).toBe("00:00:00");
    expect(formatTime(-3)).toBe("00:00:00");
  });

  it("moves through a playlist cyclically (§4)", () => {
    expect(cycleIndex(0, 3, 1)).toBe(1);
    expect(cycleIndex(2, 3, 1)).toBe(0);
    expect(cycleIndex(0, 3, -1)).toBe(2);
    expect(cycleIndex(0, 1, 1)).toBe(0);
    expect(cycleIndex(0, 0, 1)).toBe(-1);
  });

  it("gives every upload type its limits (product decisions)", () => {
    for (const type of imageUploadTypes) {
      const policy = uploadPolicy(type);
      expect(policy.maxBytes).toBe(IMAGE_MAX_BYTES);
      expect(policy.image).toEqual({ minPx: 350, maxPx: 6000 });
      expect(policy.extensions).toEqual(expect.arrayContaining(["jpg", "jpeg", "png", "heic", "webp"]));
    }
    expect(uploadPolicy("employee_image").extensions).toEqual(["jpg", "jpeg", "png", "heic", "webp"]);
    expect(uploadPolicy("post_image").extensions).toContain("gif");
    expect(uploadPolicy("document_file")).toMatchObject({
      maxBytes: DOCUMENT_MAX_BYTES,
      requiresTitleAndDescription: true,
    });
    expect(uploadPolicy("recording_audio_file")).toMatchObject({
      maxBytes: AUDIO_MAX_BYTES,
      kinds: ["audio"],
    });
    expect(uploadPolicy("recording_video_file").maxBytes).toBe(VIDEO_MAX_BYTES);
    expect(uploadPolicy("post_video_file").requiresTitleAndDescription).toBe(false);
    expect(extensionOf("Report.Final.PDF")).toBe("pdf");
    expect(extensionOf(".bashrc")).toBe("");
  });

  it("builds a playlist track from a publication with playable audio", () => {
    const file = {
      id: "m1",
      kind: "audio",
      name: "ep.mp3",
      mime: "audio/mpeg",
      size: 1,
      title: null,
      description: null,
      urls: {
        extraSmall: null,
        small: null,
        preview: null,
        full: null,
        stream: "https://api/api/media/public/m1/stream-0123456789abcdef.m4a",
        poster: null,
        download: null,
        document: null,
      },
      isStream: true,
      customProperties: {
        mediaProcessing: "ready",
        progress: null,
        durationInMs: 1234,
        width: null,
        height: null,
        streamMime: "audio/mp4",
        error: null,
      },
    };
    const item = {
      id: "c1",
      title: "Episode",
      owner: { name: "Anna" },
      mainImage: { urls: { preview: "p.webp" } },
      file,
    };
    expect(audioTrackOf(item)).toEqual({
      id: "c1",
      trackName: "Episode",
      artistName: "Anna",
      durationInMs: 1234,
      poster: "p.webp",
      streamUrl: file.urls.stream,
    });
    expect(audioTrackOf({ ...item, file: { ...file, isStream: false } })).toBeNull();
    expect(audioTrackOf({ ...item, file: null })).toBeNull();
  });
});
