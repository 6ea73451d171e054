import type { SessionActor } from "@vn/contract";
import { NotifiedCache } from "../db/notified-cache";

/**
 * Session actors kept per API node (decision 0033), so a signed-in request resolves its actor
 * without a round trip to PostgreSQL: the lookup was one of a feed page's two statements. Keyed by
 * the session token's digest.
 *
 * Never stale after a write (db/notified-cache.ts): migration 0027's triggers notify
 * `actor_changed` with the person ('u:<id>') or profile ('p:<id>') of every write to a column the
 * actor is made of (session, person, profiles, company membership, subscription); a TRUNCATE
 * notifies '*'.
 */
export interface ResolvedActor {
  actor: SessionActor;
  /** The persons and profiles whose writes change this actor ('u:<id>', 'p:<id>'). */
  keys: string[];
  /** Epoch ms after which the actor must be read again: the session's expiry, a limit's end. */
  validUntil: number;
}

export class ActorCache {
  private readonly cache: NotifiedCache<SessionActor>;

  constructor(ttlMs?: number, maxEntries?: number) {
    this.cache = new NotifiedCache("actor_changed", { ttlMs, maxEntries });
  }

  attach: NotifiedCache<SessionActor>["attach"] = (notifications) => this.cache.attach(notifications);

  /**
   * The actor of a session token's digest. Null when `load` finds no usable session; nulls are
   * not kept, so made-up tokens cannot fill the cache.
   */
  through(digest: string, load: () => Promise<ResolvedActor | null>): Promise<SessionActor | null> {
    return this.cache.through(digest, async () => {
      const resolved = await load();
      return resolved && { value: resolved.actor, keys: resolved.keys, validUntil: resolved.validUntil };
    });
  }

  changed(key: string): void {
    this.cache.changed(key);
  }

  get size(): number {
    return this.cache.size;
  }
}
