import { describe, expect, it } from "vitest";
import { contentFileSchema, contentGallerySchema, isContentFile, isContentGallery } from "../src/index";

const urls = {
  extraSmall: null,
  small: "s.webp",
  preview: "p.webp",
  full: "f.webp",
  stream: null,
  poster: null,
  download: null,
  document: null,
};
const file = {
  id: "m1",
  kind: "document",
  name: "cv.pdf",
  mime: "application/pdf",
  size: 10,
  title: null,
  description: "A CV",
  urls,
  isStream: false,
  customProperties: {
    mediaProcessing: "failed",
    progress: 40,
    durationInMs: null,
    width: null,
    height: null,
    streamMime: null,
    error: { code: "file_tooLong", message: "Could not convert" },
  },
};
const image = {
  id: "i1",
  status: "ready",
  width: 10,
  height: 20,
  urls: { ...urls, medium: "m.webp" },
  alt: null,
};
const video = {
  id: "v1",
  status: "media-processing",
  width: null,
  height: null,
  durationInMs: null,
  streamUrl: null,
  poster: null,
};
const gallery = { images: [image, { ...image, id: "i2", alt: undefined }], videos: [video] };

/** Each variant, valid or not, must be judged as the schema judges it. */
const files: unknown[] = [
  file,
  { ...file, kind: "audio", isStream: true, urls: { ...urls, stream: "a.m4a" } },
  { ...file, customProperties: { ...file.customProperties, error: null } },
  null,
  "file",
  [],
  { ...file, kind: "picture" },
  { ...file, size: "10" },
  { ...file, title: undefined },
  { ...file, urls: { ...urls, full: 1 } },
  { ...file, urls: { ...urls, medium: "m.webp" } },
  { ...file, urls: { ...urls, medium: 3 } },
  { ...file, isStream: "yes" },
  { ...file, customProperties: { ...file.customProperties, mediaProcessing: "done" } },
  { ...file, customProperties: { ...file.customProperties, progress: undefined } },
  { ...file, customProperties: { ...file.customProperties, error: { code: "file_tooLong" } } },
];
const galleries: unknown[] = [
  gallery,
  { images: [], videos: [] },
  null,
  { images: [] },
  { images: [{ ...image, status: "gone" }], videos: [] },
  { images: [{ ...image, alt: 3 }], videos: [] },
  { images: [{ ...image, urls: { preview: "p" } }], videos: [] },
  { images: [], videos: [{ ...video, durationInMs: "1" }] },
  { images: [], videos: [{ ...video, poster: undefined }] },
];

describe("media shapes without zod (decision 0027)", () => {
  it("accepts and refuses a content file as contentFileSchema does", () => {
    for (const value of files) expect(isContentFile(value)).toBe(contentFileSchema.safeParse(value).success);
  });

  it("accepts and refuses a gallery as contentGallerySchema does", () => {
    for (const value of galleries)
      expect(isContentGallery(value)).toBe(contentGallerySchema.safeParse(value).success);
  });
});
