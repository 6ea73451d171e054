import { LruCache } from "../lib/lru-cache";
import type { Notifications, NotifyChannel } from "./notifications";

/**
 * A per-node cache of values read from PostgreSQL, kept exact by the notifications the
 * migrations' triggers send on one channel (decisions 0033, 0034). Each value carries the keys
 * whose writes change it; a notification names one key, or '*' for everything (a TRUNCATE).
 *
 * A notification from this node's own write arrives before the write returns
 * (db/notifications.ts); one from another node, as soon as PostgreSQL delivers it.
 *
 * How a cached value is checked, rather than deleted on a notification: every notification takes
 * the next number of a counter and records it against its key; a lookup takes the counter's value
 * before it reads, and its value is served only while none of its keys has a later number. A
 * lookup that raced a write (read the old row, then heard the write) is so never used.
 *
 * While the node may miss other nodes' notifications (its listening connection is down) nothing
 * is served from or kept in the cache.
 */
export interface Loaded<V> {
  value: V;
  /** The keys whose notifications change this value. */
  keys: string[];
  /** Epoch ms after which the value must be read again (a session's expiry, say). */
  validUntil?: number;
}

interface Entry<V> {
  value: V;
  keys: string[];
  /** The counter's value when the lookup began. */
  seq: number;
  expires: number;
}

export interface NotifiedCacheOptions {
  /** A safety bound only, since changes are heard: a value lives this long at most. */
  ttlMs?: number;
  /** Values kept per node; the least recently used leaves first. */
  maxEntries?: number;
}

export class NotifiedCache<V> {
  /** Each entry's own end (`expires`) is checked by `valid`. */
  private readonly entries: LruCache<string, Entry<V>>;
  private readonly ttlMs: number;
  /** key → the counter's value at its last change, in order of change (oldest first). */
  private readonly changes = new Map<string, { seq: number; at: number }>();
  private seq = 0;
  /** The counter's value when everything was last dropped. */
  private clearedAt = 0;
  private live = false;

  constructor(
    private readonly channel: NotifyChannel,
    { ttlMs = 60_000, maxEntries = 20_000 }: NotifiedCacheOptions = {},
  ) {
    this.ttlMs = ttlMs;
    this.entries = new LruCache(maxEntries);
  }

  /** Listens on the channel; the returned function stops listening. */
  async attach(notifications: Notifications): Promise<() => void> {
    return notifications.subscribe(this.channel, {
      message: (payload) => this.changed(payload),
      live: (isLive) => {
        this.live = isLive;
        this.clear();
      },
    });
  }

  /**
   * The value under `key`: from the cache while valid, else from `load` (kept when the cache may
   * keep it). Null when `load` finds nothing, and an error `load` throws goes to the caller; neither
   * is kept, so made-up keys cannot fill the cache.
   */
  async through(key: string, load: () => Promise<Loaded<V> | null>): Promise<V | null> {
    const found = await this.many([key], async () => {
      const loaded = await load();
      return new Map(loaded ? [[key, loaded]] : []);
    });
    return found.get(key) ?? null;
  }

  /**
   * The values under `keys` at once: those cached and valid, and the rest from one `load` of the
   * missing keys (each kept when the cache may keep it, as `through` keeps one). A key `load`
   * leaves out is missing from the answer and not kept.
   */
  async many(
    keys: readonly string[],
    load: (missing: string[]) => Promise<Map<string, Loaded<V>>>,
  ): Promise<Map<string, V>> {
    const now = Date.now();
    const found = new Map<string, V>();
    const missing: string[] = [];
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry && this.valid(entry, now)) found.set(key, entry.value);
      else {
        if (entry) this.entries.delete(key);
        if (!missing.includes(key)) missing.push(key);
      }
    }
    if (missing.length === 0) return found;
    // Not live: other nodes' writes may go unheard, so nothing read now is kept.
    const live = this.live;
    const seq = this.seq;
    const loaded = await load(missing);
    for (const [key, { value, keys: valueKeys, validUntil }] of loaded) {
      if (!live) {
        found.set(key, value);
        continue;
      }
      const expires = Math.min(now + this.ttlMs, validUntil ?? Number.POSITIVE_INFINITY);
      const kept: Entry<V> = { value: deepFreeze(value), keys: valueKeys, seq, expires };
      if (this.live && this.valid(kept, Date.now())) this.entries.set(key, kept);
      found.set(key, kept.value);
    }
    return found;
  }

  /** A notification: '*' drops everything, else the key's values are no longer served. */
  changed(key: string): void {
    if (key === "*") {
      this.clear();
      return;
    }
    const at = Date.now();
    this.seq++;
    this.changes.delete(key);
    this.changes.set(key, { seq: this.seq, at });
    // A value lives ttlMs at most, so a change older than that can no longer matter.
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

  private valid(entry: Entry<V>, now: number): boolean {
    if (!this.live || entry.expires <= now || entry.seq < this.clearedAt) return false;
    return entry.keys.every((key) => (this.changes.get(key)?.seq ?? 0) <= entry.seq);
  }
}

/** A cached value is shared by every request that reads it: none may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
