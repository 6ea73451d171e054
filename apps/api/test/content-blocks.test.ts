import { describe, expect, it } from "vitest";
import { excerptText, plainText, sanitizeRichText } from "../src/modules/content/sanitize";

/** Issue 18: an article's blocks ran together ("Getting startedThis is bold text…") on cards and pages. */
describe("rich text blocks", () => {
  it("keeps a browser editor's <div> lines as paragraphs", () => {
    expect(
      sanitizeRichText("<h2>Getting started</h2><div>This is <b>bold</b> text</div><div>Next line</div>"),
    ).toBe("<h2>Getting started</h2><p>This is <b>bold</b> text</p><p>Next line</p>");
  });
  it("ends a line at every block in the plain text and the card's excerpt", () => {
    const text = plainText(
      "<h2>Getting started</h2><p>This is <b>bold</b> text</p><ul><li>One</li><li>Two</li></ul>",
    );
    expect(text).toBe("Getting started\nThis is bold text\nOne\nTwo");
    expect(excerptText(text, 500)).toBe("Getting started\nThis is bold text\nOne\nTwo");
    expect(excerptText("a  b\n\n\n c", 500)).toBe("a b\nc");
    expect(plainText("Line one<br>Line two")).toBe("Line one\nLine two");
  });
});
