import type { SessionActor } from "@vn/contract";
import type { Notifications } from "../db/notifications";
import { LruCache } from "../lib/lru-cache";

/**
 * Session actors kept per API node (decision 0033), so a signed-in request resolves its actor
 * without a round trip to PostgreSQL: the lookup was one of a feed page's two statements.
 *
 * Never stale after a write. Migration 0027's triggers notify `actor_changed` with the person
 * ('u:<id>') or profile ('p:<id>') of every write to a column the actor is made of (session,
 * person, profiles, company membership, subscription); a TRUNCATE notifies '*'. A notification
 * from this node's own write arrives before the write returns (db/notifications.ts); one from
 * another node, as soon as PostgreSQL delivers it.
 *
 * How a cached actor is checked, rather than deleted on a notification: every notification takes
 * the next number of a counter and records it against its key; a lookup takes the counter's value
 * before it reads, and its actor is served only while none of the actor's keys has a later
 * number. A lookup that raced a write (read the old row, then heard the write) is so never used.
 *
 * While the node may miss other nodes' notifications (its listening connection is down) nothing
 * is served from or kept in the cache.
 */
export interface ResolvedActor {
  actor: SessionActor;
  /** The persons and profiles whose writes change this actor ('u:<id>', 'p:<id>'). */
  keys: string[];
  /** Epoch ms after which the actor must be read again: the session's expiry, a limit's end. */
  validUntil: number;
}

interface Entry {
  actor: SessionActor;
  keys: string[];
  /** The counter's value when the lookup began. */
  seq: number;
  expires: number;
}

/** A safety bound only: changes are heard, so an actor lives this long at most. */
const TTL_MS = 60_000;
/** Sessions kept per node; the least recently used leaves first. */
const MAX_ENTRIES = 20_000;

export class ActorCache {
  /** By token digest; each entry's own end (`expires`) is checked by `valid`. */
  private readonly entries: LruCache<string, Entry>;
  /** key → the counter's value at its last change, in order of change (oldest first). */
  private readonly changes = new Map<string, { seq: number; at: number }>();
  private seq = 0;
  /** The counter's value when everything was last dropped. */
  private clearedAt = 0;
  private live = false;

  constructor(
    private readonly ttlMs = TTL_MS,
    maxEntries = MAX_ENTRIES,
  ) {
    this.entries = new LruCache(maxEntries);
  }

  /** Listens on `actor_changed`; the returned function stops listening. */
  async attach(notifications: Notifications): Promise<() => void> {
    return notifications.subscribe("actor_changed", {
      message: (payload) => this.changed(payload),
      live: (isLive) => {
        this.live = isLive;
        this.clear();
      },
    });
  }

  /**
   * The actor of a session token's digest: from the cache while valid, else from `load` (kept
   * when the cache may keep it). Null when `load` finds no usable session; nulls are not kept, so
   * made-up tokens cannot fill the cache.
   */
  async through(digest: string, load: () => Promise<ResolvedActor | null>): Promise<SessionActor | null> {
    const now = Date.now();
    const entry = this.entries.get(digest);
    if (entry && this.valid(entry, now)) return entry.actor;
    if (entry) this.entries.delete(digest);
    if (!this.live) return (await load())?.actor ?? null;
    const seq = this.seq;
    const resolved = await load();
    if (!resolved) return null;
    const expires = Math.min(now + this.ttlMs, resolved.validUntil);
    const kept: Entry = { actor: deepFreeze(resolved.actor), keys: resolved.keys, seq, expires };
    if (this.live && this.valid(kept, Date.now())) this.entries.set(digest, kept);
    return kept.actor;
  }

  /** A notification: '*' drops everything, else the key's actors are no longer served. */
  changed(key: string): void {
    if (key === "*") {
      this.clear();
      return;
    }
    const at = Date.now();
    this.seq++;
    this.changes.delete(key);
    this.changes.set(key, { seq: this.seq, at });
    // An actor lives ttlMs at most, so a change older than that can no longer matter.
    for (const [oldKey, change] of this.changes) {
      if (change.at > at - this.ttlMs) break;
      this.changes.delete(oldKey);
    }
  }

  clear(): void {
    this.seq++;
    this.clearedAt = this.seq;
    this.entries.clear();
    this.changes.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private valid(entry: Entry, now: number): boolean {
    if (!this.live || entry.expires <= now || entry.seq < this.clearedAt) return false;
    return entry.keys.every((key) => (this.changes.get(key)?.seq ?? 0) <= entry.seq);
  }
}

/** A cached actor is shared by every request of its session: none may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
