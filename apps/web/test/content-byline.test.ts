import { describe, expect, it } from "vitest";
import { bylineText } from "../src/features/content/byline";

describe("bylineText", () => {
  it("names the member and their position", () => {
    expect(bylineText({ name: "Anna Kowalski", position: "Press officer" })).toBe(
      "by Anna Kowalski, Press officer",
    );
  });

  it("names the member alone when they hold no position", () => {
    expect(bylineText({ name: "Anna Kowalski", position: null })).toBe("by Anna Kowalski");
  });

  it("shows nothing for a person's own publication", () => {
    expect(bylineText(null)).toBeNull();
  });
});
