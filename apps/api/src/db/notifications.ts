import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * PostgreSQL notifications (LISTEN/NOTIFY) for per-node caches. The channels are the ones the
 * migrations' triggers notify on: 0027 notifies `actor_changed` (decision 0033), 0028
 * `profile_page_changed` (decision 0034).
 */
export const notifyChannels = ["actor_changed", "profile_page_changed", "content_card_changed"] as const;
export type NotifyChannel = (typeof notifyChannels)[number];

export interface NotifyHandlers {
  /** One notification's payload. */
  message(payload: string): void;
  /**
   * False while this node may miss notifications written by other nodes (its listening connection
   * is down, or reconnecting); true again once it listens, after which nothing older is owed.
   */
  live(isLive: boolean): void;
}

export interface Notifications {
  /** Starts listening (once per channel); the returned function stops this subscriber. */
  subscribe(channel: NotifyChannel, handlers: NotifyHandlers): Promise<() => void>;
  /** Whether notifications from every node arrive now. */
  readonly live: boolean;
  close(): Promise<void>;
}

class Subscribers {
  private readonly byChannel = new Map<string, Set<NotifyHandlers>>();

  add(channel: string, handlers: NotifyHandlers): () => void {
    const set = this.byChannel.get(channel) ?? new Set<NotifyHandlers>();
    this.byChannel.set(channel, set);
    set.add(handlers);
    return () => set.delete(handlers);
  }

  message(channel: string, payload: string): void {
    for (const handlers of this.byChannel.get(channel) ?? []) handlers.message(payload);
  }

  live(isLive: boolean): void {
    for (const set of this.byChannel.values()) for (const handlers of set) handlers.live(isLive);
  }
}

const listenAll = notifyChannels.map((channel) => `LISTEN ${channel}`).join("; ");

/** How often the listening connection proves it is still there, and how long it may take. */
const HEARTBEAT_MS = 15_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * On PostgreSQL, two kinds of connection listen:
 * - every connection of the main pool (`onPoolConnect`, pg-pool's hook for a new connection,
 *   which runs before the pool hands it out and ends it if the hook fails). PostgreSQL hands a
 *   listening session its own notifications before its COMMIT (or autocommit statement) returns,
 *   so a write this node makes has reached the subscribers before the writer's promise resolves:
 *   a request that follows the write never sees what the write replaced (measured: 2,500 of 2,500
 *   delivered before the statement returned).
 * - one connection of its own, so notifications from other nodes (and this node's job queue)
 *   arrive while the pool is idle or empty. While it is down the subscribers hear `live(false)`,
 *   and it reconnects every second. It only receives, so a connection dropped without a word (a
 *   NAT's idle timeout, a failover) would look alive: TCP keep-alive and a `SELECT 1` every 15 s,
 *   answered within 5 s, tell.
 */
export function postgresNotifications(
  url: string,
): Notifications & { onPoolConnect(client: pg.PoolClient): Promise<void> } {
  const subscribers = new Subscribers();
  /** Backend process ids of this node's pool connections, which pass on their own notifications. */
  const poolPids = new Set<number>();
  const pidOf = (client: pg.ClientBase) => (client as pg.ClientBase & { processID?: number }).processID;
  /**
   * Hands the connection's notifications to the subscribers, and listens on every channel. Each
   * notification is handed on once per node, since every copy more would count as one more change
   * to the caches (a lookup that began before a copy arrived is not kept): a pool connection hands
   * on only those its own writes sent (`processId` is the sending backend's), and the listening
   * connection all the others.
   */
  const listenOn = async (client: pg.ClientBase, role: "pool" | "listener") => {
    client.on("notification", (message) => {
      const own = role === "pool" ? message.processId === pidOf(client) : !poolPids.has(message.processId);
      if (own) subscribers.message(message.channel, message.payload ?? "");
    });
    await client.query(listenAll);
  };
  const onPoolConnect = async (client: pg.PoolClient) => {
    const pid = pidOf(client);
    if (pid !== undefined) {
      poolPids.add(pid);
      client.once("end", () => poolPids.delete(pid));
    }
    await listenOn(client, "pool");
  };

  let listener: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    subscribers.live(value);
  };
  const connect = async () => {
    if (closed || listener) return;
    const client = new pg.Client({
      connectionString: url,
      // Named, so an operator (and a test) can tell it in pg_stat_activity.
      application_name: "vn-notifications",
      keepAlive: true,
      keepAliveInitialDelayMillis: HEARTBEAT_MS,
      connectionTimeoutMillis: HEARTBEAT_TIMEOUT_MS,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    listener = client;
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      clearInterval(heartbeat);
      setLive(false);
      client.end().catch(() => {});
      // unref: a retry alone must not keep a stopping process alive.
      if (!closed) retry = setTimeout(() => void connect(), 1_000).unref();
    };
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await listenOn(client, "listener");
      if (listener !== client || closed) return;
      setLive(true);
      heartbeat = setInterval(() => void client.query("SELECT 1").catch(lost), HEARTBEAT_MS).unref();
    } catch {
      lost();
    }
  };

  return {
    onPoolConnect,
    async subscribe(channel, handlers) {
      const remove = subscribers.add(channel, handlers);
      await connect();
      handlers.live(live);
      return remove;
    },
    get live() {
      return live;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const client = listener;
      listener = undefined;
      setLive(false);
      await client?.end().catch(() => {});
    },
  };
}

/** PGlite is one in-process connection: its notifications arrive before the statement returns. */
export function pgliteNotifications(client: PGlite): Notifications {
  const subscribers = new Subscribers();
  const listening = new Map<string, Promise<unknown>>();
  return {
    async subscribe(channel, handlers) {
      const remove = subscribers.add(channel, handlers);
      if (!listening.has(channel)) {
        listening.set(
          channel,
          client.listen(channel, (payload) => subscribers.message(channel, payload)),
        );
      }
      await listening.get(channel);
      handlers.live(true);
      return remove;
    },
    live: true,
    async close() {
      subscribers.live(false);
    },
  };
}
