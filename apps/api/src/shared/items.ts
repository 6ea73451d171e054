import { AppError } from "@vn/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentItems, profiles } from "../db/schema/index";
import { mayViewerIdView } from "./profile-view";
import { isBlockedBetween } from "./social-graph";

export type ContentRow = typeof contentItems.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A published item the viewer may interact with (react, comment, report, view), and its owner:
 * anything else (missing, removed, draft, blocked, an owner gone, an owner whose privacy level
 * hides it from the viewer (decision 0014), or a block between viewer and owner) answers
 * content_notFound, exactly like a missing item, so nothing about it is disclosed.
 */
export async function loadInteractiveItem(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<{ item: ContentRow; owner: ProfileRow }> {
  const [found] = await db
    .select({ item: contentItems, owner: profiles })
    .from(contentItems)
    .innerJoin(profiles, eq(profiles.id, contentItems.ownerId))
    .where(eq(contentItems.id, id))
    .limit(1);
  if (found?.owner.status !== "active") throw new AppError("content_notFound");
  // Before the item's own state: a hidden owner's blocked item must not say it exists.
  if (!(await mayViewerIdView(db, found.owner, viewerId))) throw new AppError("content_notFound");
  if (found.item.status === "blocked") throw new AppError("content_isBlocked");
  if (found.item.status !== "active") throw new AppError("content_notFound");
  if (await isBlockedBetween(db, viewerId, found.item.ownerId)) throw new AppError("content_notFound");
  return found;
}
