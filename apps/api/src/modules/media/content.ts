import type { ContentItem } from "@vn/contract";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mediaFiles } from "../../db/schema/index";
import { itemMediaOf, type MediaRow } from "./serialize";

/**
 * Fills the media fields of serialized publications (§3: mainImage, image, gallery, file) from
 * the files attached to them, reposted originals included: one query for a whole page.
 */
export async function withItemMedia(db: Db, items: ContentItem[]): Promise<ContentItem[]> {
  const ids = items.flatMap((item) => [item.id, ...(item.repostOf ? [item.repostOf.id] : [])]);
  if (ids.length === 0) return items;
  const rows = await db.select().from(mediaFiles).where(inArray(mediaFiles.contentItemId, ids));
  if (rows.length === 0) return items;
  const byItem = new Map<string, MediaRow[]>();
  for (const row of rows) {
    const list = byItem.get(row.contentItemId!) ?? [];
    list.push(row);
    byItem.set(row.contentItemId!, list);
  }
  const fill = <T extends Pick<ContentItem, "id">>(item: T): T => {
    const attached = byItem.get(item.id);
    return attached ? { ...item, ...itemMediaOf(attached) } : item;
  };
  return items.map((item) => {
    const filled = fill(item);
    return item.repostOf ? { ...filled, repostOf: fill(item.repostOf) } : filled;
  });
}
