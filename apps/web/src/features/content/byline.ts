import { type ContentItem, format } from "@vn/contract";
import { contentMessages } from "@vn/contract/messages/content";

/**
 * The line under a company's name on its publication (issue 14): who of its members published
 * it, "by {name}, {position}", or "by {name}" when they hold no position. Null when there is
 * nobody to name (a person's own item, or an item without an author).
 */
export function bylineText(byline: ContentItem["byline"]): string | null {
  if (!byline) return null;
  return byline.position
    ? format(contentMessages.bylineWithPosition, { name: byline.name, position: byline.position })
    : format(contentMessages.byline, { name: byline.name });
}
