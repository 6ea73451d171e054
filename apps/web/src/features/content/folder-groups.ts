import type { ContentItem } from "@vn/contract";

export interface FolderGroup {
  /** The folder's name; null for documents filed in none. */
  name: string | null;
  items: ContentItem[];
}

/** Documents grouped by folder, folders by name, the unfiled ones last; order kept within. Pure. */
export function groupByFolder(items: readonly ContentItem[]): FolderGroup[] {
  const groups = new Map<string | null, ContentItem[]>();
  for (const item of items) {
    const name = item.folder?.trim() || null;
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return [...groups.entries()]
    .map(([name, list]) => ({ name, items: list }))
    .sort((a, b) => {
      if (a.name === null) return 1;
      if (b.name === null) return -1;
      return a.name.localeCompare(b.name);
    });
}
