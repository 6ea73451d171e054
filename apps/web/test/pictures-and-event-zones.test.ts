import { format, IMAGE_VARIANT_MEDIUM_PX, messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import {
  eventTimeTexts,
  isoToWallTime,
  wallTimeToIso,
  zoneCity,
  zoneOptions,
} from "../src/features/content/event-zone";
import {
  type GalleryEntry,
  galleryAlts,
  replaceGalleryEntry,
  setGalleryAlt,
} from "../src/features/media/media-rules";
import { pictureAlt, wholePicture } from "../src/features/media/picture-sources";

/** Issue 18: pictures sized for phones and described for people who cannot see them; events in their own zone. */

const urls = (id: string, medium = true) => ({
  extraSmall: `https://api.test/api/media/public/${id}/extraSmall.webp`,
  small: `https://api.test/api/media/public/${id}/small.webp`,
  preview: `https://api.test/api/media/public/${id}/preview.webp`,
  ...(medium ? { medium: `https://api.test/api/media/public/${id}/medium.webp` } : {}),
  full: `https://api.test/api/media/public/${id}/full.webp`,
});

describe("a picture alone, sized for where it shows", () => {
  it("offers the 1080 px rendition first, so a phone never downloads the 2560 px one", () => {
    const source = wholePicture({ width: 3000, height: 2000, urls: urls("a") });
    expect(source).toEqual({
      src: "/api/media/public/a/medium.webp",
      srcSet: `/api/media/public/a/medium.webp ${IMAGE_VARIANT_MEDIUM_PX}w, /api/media/public/a/full.webp 2560w`,
      sizes: "(min-width: 1024px) 640px, 100vw",
      width: 2560,
      height: 1707,
    });
    // A portrait keeps its shape: 1080 px is its height, so the rendition is 720 px wide.
    const tall = wholePicture({ width: 2000, height: 3000, urls: urls("t") });
    expect(tall?.srcSet).toBe("/api/media/public/t/medium.webp 720w, /api/media/public/t/full.webp 1707w");
  });

  it("falls back to the whole picture for pictures made before the rendition, or too small for it", () => {
    const old = wholePicture({ width: 3000, height: 2000, urls: urls("o", false) });
    expect(old).toMatchObject({
      src: "/api/media/public/o/full.webp",
      srcSet: "/api/media/public/o/full.webp 2560w",
    });
    const small = wholePicture({ width: 800, height: 800, urls: { ...urls("s"), medium: null } });
    expect(small).toMatchObject({
      src: "/api/media/public/s/full.webp",
      srcSet: "/api/media/public/s/full.webp 800w",
    });
    // Without a known size there are no widths to offer: the phone's rendition alone.
    expect(wholePicture({ width: null, height: null, urls: urls("n") })).toEqual({
      src: "/api/media/public/n/medium.webp",
    });
  });
});

describe("what a picture says to people who cannot see it", () => {
  it("is the author's description, else a neutral one, never the file's name", () => {
    expect(pictureAlt("  The team on stage  ", "Anna Kowalski")).toBe("The team on stage");
    expect(pictureAlt(null, "Anna Kowalski")).toBe(
      format(messages.pictureAltFallback, { name: "Anna Kowalski" }),
    );
    expect(pictureAlt("", "Anna Kowalski", { position: 2, count: 3 })).toBe(
      "Picture 2 of 3 by Anna Kowalski",
    );
    expect(pictureAlt(undefined, "Anna Kowalski", { position: 1, count: 1 })).toBe(
      "Picture by Anna Kowalski",
    );
  });

  it("is kept per picture in the composer, through a new crop, and sent for every picture", () => {
    const entry = (id: string, kind: "image" | "video"): GalleryEntry => ({
      id,
      kind,
      status: "ready",
      thumb: null,
      durationInMs: null,
      alt: "",
    });
    let entries = [entry("i1", "image"), entry("i2", "image"), entry("v1", "video")];
    entries = setGalleryAlt(entries, "i2", " A dog on a beach ");
    // The API's copy after a re-crop has no description yet: what was typed stays.
    entries = replaceGalleryEntry(entries, { ...entry("i2", "image"), thumb: "new-crop.webp" });
    expect(entries[1]).toMatchObject({ thumb: "new-crop.webp", alt: " A dog on a beach " });
    expect(galleryAlts(entries)).toEqual({ i1: "", i2: "A dog on a beach" });
  });
});

describe("an event's own time zone", () => {
  it("reads the author's times on the event's clock", () => {
    expect(wallTimeToIso("2027-03-10T19:00", "Europe/Warsaw")).toBe("2027-03-10T18:00:00.000Z");
    expect(wallTimeToIso("2027-07-10T19:00", "Europe/Warsaw")).toBe("2027-07-10T17:00:00.000Z");
    expect(wallTimeToIso("2027-07-10T19:00", "America/New_York")).toBe("2027-07-10T23:00:00.000Z");
    expect(wallTimeToIso("2027-07-10T19:00", "UTC")).toBe("2027-07-10T19:00:00.000Z");
    // 02:30 does not exist in Warsaw on 28 March 2027 (clocks jump from 02:00 to 03:00).
    expect(wallTimeToIso("2027-03-28T02:30", "Europe/Warsaw")).toBe("2027-03-28T01:30:00.000Z");
    expect(wallTimeToIso("", "Europe/Warsaw")).toBeUndefined();
    // …and shows them back the same way in the edit form.
    expect(isoToWallTime("2027-07-10T23:00:00.000Z", "America/New_York")).toBe("2027-07-10T19:00");
    expect(isoToWallTime("2027-03-10T18:00:00.000Z", "Asia/Kolkata")).toBe("2027-03-10T23:30");
  });

  it("shows the time in the event's zone, and the viewer's when their clock reads differently", () => {
    const iso = "2027-03-10T18:00:00.000Z";
    expect(eventTimeTexts(iso, "Europe/Warsaw", "America/New_York")).toEqual({
      event: "Mar 10, 2027, 7:00 PM GMT+1 (Warsaw)",
      viewer: "Mar 10, 2027, 1:00 PM EST",
    });
    expect(format(messages.eventTimeYours, { time: "Mar 10, 2027, 1:00 PM EST" })).toBe(
      "Mar 10, 2027, 1:00 PM EST your time",
    );
    // Berlin's clock reads the same as Warsaw's: said once.
    expect(eventTimeTexts(iso, "Europe/Warsaw", "Europe/Berlin")).toEqual({
      event: "Mar 10, 2027, 7:00 PM GMT+1 (Warsaw)",
      viewer: null,
    });
    // On the server the viewer's zone is not known: the event's alone.
    expect(eventTimeTexts(iso, "Asia/Tokyo", null)).toEqual({
      event: "Mar 11, 2027, 3:00 AM GMT+9 (Tokyo)",
      viewer: null,
    });
    // An event made before zones were asked for: the viewer's zone, or UTC on the server.
    expect(eventTimeTexts(iso, null, "America/New_York")).toEqual({
      event: "Mar 10, 2027, 1:00 PM EST",
      viewer: null,
    });
    expect(eventTimeTexts(iso, null, null)).toEqual({ event: "Mar 10, 2027, 6:00 PM UTC", viewer: null });
  });

  it("offers every zone the browser knows, the author's own among them", () => {
    const options = zoneOptions("Europe/Warsaw");
    expect(options).toContainEqual({ value: "Europe/Warsaw", label: "Europe/Warsaw" });
    expect(options).toContainEqual({ value: "America/New_York", label: "America/New York" });
    expect(options.some((o) => o.value === "UTC")).toBe(true);
    expect(zoneOptions("Etc/Unknown_Yet")[0]?.value).toBe("Etc/Unknown_Yet");
    expect(zoneCity("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
  });
});
