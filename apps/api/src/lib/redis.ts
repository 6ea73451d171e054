import { Redis } from "ioredis";

/**
 * Redis connections for one API node: a command client (rate limits, caches, adapter pub) and a
 * subscriber (socket.io adapter sub), which Redis requires to be a separate connection.
 */
export interface RedisConnections {
  client: Redis;
  subscriber: Redis;
  close(): Promise<void>;
}

export function createRedis(url: string): RedisConnections {
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false } as const;
  const client = new Redis(url, options);
  const subscriber = new Redis(url, options);
  // Connection errors are retried by ioredis; an unhandled 'error' event would crash the node.
  client.on("error", () => {});
  subscriber.on("error", () => {});
  return {
    client,
    subscriber,
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}
