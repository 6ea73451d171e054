import type { ProfileCard } from "@vn/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { follows, profiles } from "../../db/schema/index";

type ProfileRow = typeof profiles.$inferSelect;

/** The public face of a profile in lists; `followed` is the viewer's. */
export function toProfileCard(row: ProfileRow, followed: boolean): ProfileCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    type: row.type === "company" ? "company" : "user",
    profession: row.profession,
    city: row.city,
    country: row.country,
    verificationStatus: row.verificationStatus,
    image: row.imageUrl ? { urls: { preview: row.imageUrl } } : null,
    followersCount: row.followersCount,
    followed,
  };
}

/** Of these profiles, the ones the viewer follows. */
export async function followedAmong(db: Db, viewerId: string | null, ids: string[]): Promise<Set<string>> {
  if (!viewerId || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Cards for these ids, in the given order; missing profiles are left out. */
export async function loadCards(db: Db, ids: string[], viewerId: string | null): Promise<ProfileCard[]> {
  if (ids.length === 0) return [];
  const [rows, followed] = await Promise.all([
    db.select().from(profiles).where(inArray(profiles.id, ids)),
    followedAmong(db, viewerId, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProfileCard(row, followed.has(id))] : [];
  });
}

/** A profile others may see and act on: not deleted, blocked or removed. */
export function isVisibleProfile(row: Pick<ProfileRow, "status">): boolean {
  return row.status === "active";
}
