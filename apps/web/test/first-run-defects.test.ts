import { type ContentItem, formatCount, messages } from "@vn/contract";
import { describe, expect, it } from "vitest";
import { passwordMismatch } from "../src/features/accounts/password-match";
import { bodyTextOf, formatDateTimeIn, kindLabelOf } from "../src/features/content/kinds";
import { squareCrop, wholePicture } from "../src/features/media/picture-sources";
import { showsFollowButton } from "../src/features/social/follow-target";
import { reactionsCountText } from "../src/features/social/reactions";
import { countries, countryName } from "../src/lib/countries";

/** Issue 18, item 5: the defects a new user met, each pinned by the rule that fixes it. */

describe("counts in words", () => {
  it("says 1 reaction, 2 reactions, 1,204 reactions", () => {
    expect(reactionsCountText(1)).toBe("1 reaction");
    expect(reactionsCountText(0)).toBe("0 reactions");
    expect(reactionsCountText(2)).toBe("2 reactions");
    expect(reactionsCountText(1204)).toBe("1,204 reactions");
    expect(formatCount(1, { one: messages.followersOne, other: messages.followersMany })).toBe("1 follower");
    expect(formatCount(1, { one: messages.billingAddonSeatsOne, other: messages.billingAddonSeats })).toBe(
      "1 extra team seat",
    );
  });
});

describe("a Follow button in lists", () => {
  const me = { id: "p1", slug: "Robin.Meyer" };
  it("is not offered on the profile one acts as, nor to visitors", () => {
    expect(showsFollowButton(me, { id: "p1", slug: "robin.meyer" })).toBe(false);
    expect(showsFollowButton(me, { id: "p2", slug: "anna.kowalski" })).toBe(true);
    expect(showsFollowButton(null, { id: "p2", slug: "anna.kowalski" })).toBe(false);
  });
});

describe("what a publication is called", () => {
  const repost = (quote: string | null) => ({ type: { id: "repost", title: "repost" }, quote });
  it("calls a plain repost a repost, and only one with a note a quote", () => {
    expect(kindLabelOf(repost(null))).toBe(messages.kindRepost);
    expect(kindLabelOf(repost("  "))).toBe(messages.kindRepost);
    expect(kindLabelOf(repost("So true"))).toBe(messages.repostWithQuote);
    expect(kindLabelOf({ type: { id: "event", title: "event" }, quote: null })).toBe(messages.kindEvent);
  });
});

describe("an event", () => {
  const event = {
    type: { id: "event" },
    description: "Meet the team",
    content: null,
    shortContent: "Meet the team",
  } as Pick<ContentItem, "type" | "description" | "content" | "shortContent">;
  it("says its description once (the short text made of it is not repeated)", () => {
    expect(bodyTextOf(event, false)).toBeNull();
    expect(bodyTextOf(event, true)).toBeNull();
    const post = { type: { id: "post" }, description: null, content: "Hello", shortContent: "Hello" };
    expect(bodyTextOf(post, false)).toBe("Hello");
  });
  it("shows a time in the viewer's zone, named", () => {
    const iso = "2026-03-03T13:00:00.000Z";
    expect(formatDateTimeIn(iso, "Europe/Warsaw")).toBe("Mar 3, 2026, 2:00 PM GMT+1");
    expect(formatDateTimeIn(iso, "America/New_York")).toBe("Mar 3, 2026, 8:00 AM EST");
    expect(formatDateTimeIn(iso, "UTC")).toBe("Mar 3, 2026, 1:00 PM UTC");
  });
});

describe("the country list", () => {
  it("names every country once", () => {
    const names = countries.map((country) => country.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    // A profile that stored a withdrawn code still reads its country.
    expect(countryName("UK")).toBe("United Kingdom");
    expect(countryName("gb")).toBe("United Kingdom");
  });
});

describe("the sign-up form's password confirmation", () => {
  it("says the passwords differ as soon as both are typed", () => {
    expect(passwordMismatch("correct-horse", "correct-horsf", false)).toBe(messages.passwordsMustMatch);
    expect(passwordMismatch("correct-horse", "wrong", true)).toBe(messages.passwordsMustMatch);
    // Still typing the confirmation, or nothing typed: nothing to say yet.
    expect(passwordMismatch("correct-horse", "correct", false)).toBeNull();
    expect(passwordMismatch("", "x", true)).toBeNull();
    expect(passwordMismatch("same-words", "same-words", true)).toBeNull();
  });
});

describe("pictures", () => {
  const square = {
    width: 800,
    height: 800,
    urls: {
      extraSmall: "https://api.test/api/media/public/a/extraSmall.webp",
      small: "https://api.test/api/media/public/a/small.webp",
      preview: "https://api.test/api/media/public/a/preview.webp",
      full: "https://api.test/api/media/public/a/full.webp",
    },
  };
  it("shows a picture alone whole, in its own shape, never from the 350×448 crop", () => {
    expect(wholePicture(square)).toEqual({
      src: "/api/media/public/a/full.webp",
      srcSet: "/api/media/public/a/full.webp 800w",
      sizes: "(min-width: 1024px) 640px, 100vw",
      width: 800,
      height: 800,
    });
    const huge = wholePicture({ ...square, width: 5120, height: 2560 });
    expect([huge?.width, huge?.height]).toEqual([2560, 1280]);
  });
  it("shows pictures side by side from the author's square crop, in both its sizes", () => {
    expect(squareCrop(square)).toMatchObject({
      src: "/api/media/public/a/small.webp",
      srcSet: "/api/media/public/a/extraSmall.webp 96w, /api/media/public/a/small.webp 350w",
      width: 350,
      height: 350,
    });
  });
});
