import type { ProfilePage } from "@vn/contract";
import type { Db } from "../../db/client";
import type { Notifications } from "../../db/notifications";
import { NotifiedCache } from "../../db/notified-cache";
import { profilePage } from "./service";

/** Profiles whose visitor page one node keeps; the least recently viewed leave first. */
const MAX_PAGES = 5_000;

/**
 * The profile page as a visitor without a session sees it, kept per API node (decision 0034):
 * the same for every visitor, and read far more often than it changes. Migration 0028's triggers
 * notify `profile_page_changed` with the profile's id on every write the page is made of (the
 * profile and its counters, its counts per kind, its plan and badge, a company's KYB), so a
 * cached page is never served after such a write (db/notified-cache.ts). A slug that finds no
 * page visitors may see is not kept: its error is thrown each time.
 */
export class VisitorPages {
  private readonly pages = new NotifiedCache<ProfilePage>("profile_page_changed", { maxEntries: MAX_PAGES });

  attach(notifications: Notifications): Promise<() => void> {
    return this.pages.attach(notifications);
  }

  async page(db: Db, slug: string): Promise<ProfilePage> {
    // Slugs are found case-insensitively (the query's lower()); one entry serves every casing.
    const page = await this.pages.through(slug.toLowerCase(), async () => {
      const found = await profilePage(db, slug, null);
      return { value: found, keys: [found.user.id] };
    });
    // through() answers null only when the load does, and profilePage throws instead.
    return page!;
  }
}
