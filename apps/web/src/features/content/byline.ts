import { type ContentItem, format, messages } from "@vn/contract";

/**
 * The line under a company's name on its publication (issue 14): who of its members published
 * it, "by {name}, {position}", or "by {name}" when they hold no position. Null when there is
 * nobody to name (a person's own item, or an item without an author).
 */
export function bylineText(byline: ContentItem["byline"]): string | null {
  if (!byline) return null;
  return byline.position
    ? format(messages.bylineWithPosition, { name: byline.name, position: byline.position })
    : format(messages.byline, { name: byline.name });
}
