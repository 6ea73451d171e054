import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blocks, mutes } from "../../db/schema/index";
import { rowsOf } from "./keyset";

/**
 * Blocks and mutes as the rest of the API asks about them. A block works both ways: neither side
 * sees the other's publications, comments or reactions, and neither may follow, comment on,
 * react to or message the other. A mute is one-sided and quiet: the muter's home feed and
 * notifications leave the muted profile out; the muted profile notices nothing.
 */

/** Profiles in a block with the viewer, either way round. Empty for visitors. */
export async function blockedAround(db: Db, viewerId: string | null): Promise<Set<string>> {
  if (!viewerId) return new Set();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${viewerId}
        UNION SELECT blocker_id AS id FROM blocks WHERE blocked_id = ${viewerId}`,
  );
  return new Set(rows.map((r) => r.id));
}

/** True when either profile blocks the other. */
export async function isBlockedBetween(db: Db, a: string | null, b: string | null): Promise<boolean> {
  if (!a || !b || a === b) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The recipient has muted the actor (their notifications leave the actor out). */
export async function hasMuted(db: Db, muterId: string, mutedId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(mutes)
    .where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)))
    .limit(1);
  return rows.length > 0;
}
