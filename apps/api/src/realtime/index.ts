import { createAdapter } from "@socket.io/redis-adapter";
import {
  type AckResult,
  type ClientToServerEvents,
  type ContentRoomRef,
  contentRoomRefSchema,
  type ErrorCode,
  errorMessage,
  profileRoomName,
  type ServerEventName,
  type ServerToClientEvents,
} from "@vn/contract";
import type { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import type { App } from "../app";
import type { Principal } from "../modules/accounts/session-lookup";
import { authenticateHandshake, handshakeError } from "./auth";
import { frameProblem, TokenBucket } from "./frames";
import { CONTENT_ROOM_PREFIX, contentItemExists, contentRoomFor, sessionRoomName } from "./rooms";

export { contentRoomFor, sessionRoomName } from "./rooms";

/**
 * The realtime hub (spec §7 "Real-time socket", §5 "Socket event payload must be an array").
 *
 * - socket.io on the API's own http server at `/socket.io`, websocket transport only (no
 *   long-polling, so no sticky sessions are needed behind a balancer), CORS for WEB_ORIGIN with
 *   credentials, and handshakes from any other browser Origin refused (CORS does not guard
 *   websockets; this stops a foreign page from riding the session cookie).
 * - Auth: `auth: { token }`, `Authorization: Bearer`, or the better-auth session cookie, resolved
 *   with principalFromToken. A token that is present but unknown/expired refuses the connection
 *   with `request_invalidSessionToken`; it is never downgraded to anonymous.
 * - Anonymous connections ARE allowed: public content rooms are readable by visitors (comments
 *   appear live for anyone on the page). Only authenticated sockets join their profile room
 *   (`profileRoomName(profileId)`, owner-only events: contentItem.status, file.conversion.finished,
 *   notification, payments.*, …) and their session room (for disconnectSession on sign-out).
 * - Incoming frames must be `[event, {…}, ack]` for a known client event; anything else (non-object
 *   payload, unknown event, wrong arity, missing ack, an unparseable frame) closes that connection
 *   and logs a warn line. Events are rate-limited per socket by a token bucket; a flood disconnects.
 * - With app.deps.redis (REDIS_URL) the @socket.io/redis-adapter fans emits out across API nodes.
 */

export interface RealtimeOptions {
  /** Redis pub/sub key prefix of the adapter; nodes of one deployment must share it. */
  redisKey?: string;
  /** Server-side cap on content rooms per socket (the web client keeps itself to 5, spec §9). */
  maxContentRooms?: number;
  /** Token bucket: sustained incoming events per second per socket… */
  eventsPerSecond?: number;
  /** …and the burst allowed at once. */
  eventBurst?: number;
}

export interface SocketData {
  /** null for an anonymous visitor. */
  principal: Principal | null;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
/** The payload type a server event carries (its single array item, §5). */
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

export interface Realtime {
  io: RealtimeServer;
  /** To every socket of one profile, on every node (owner-only events). */
  emitToProfile<E extends ServerEventName>(profileId: string, event: E, payload: ServerEventPayload<E>): void;
  /** To every socket that joined one content item's room, on every node (comments.*). */
  emitToContentRoom<E extends ServerEventName>(
    ref: ContentRoomRef,
    event: E,
    payload: ServerEventPayload<E>,
  ): void;
  /** Closes every socket of one session, on every node (sign-out, session revoked). */
  disconnectSession(sessionId: string): void;
  /** Closes all sockets and the adapter's Redis connections. Idempotent; app.close() calls it. */
  close(): Promise<void>;
}

export const REALTIME_PATH = "/socket.io";
const DEFAULT_REDIS_KEY = "vn-socket.io";
/** Room refs are tiny; nothing a client sends needs more. Larger frames close the connection. */
const MAX_FRAME_BYTES = 16 * 1024;

/**
 * Creates the socket.io server on `app.server` and returns the hub.
 *
 * MUST be called after buildApp() and BEFORE `app.ready()` / `app.listen()`: it registers a Fastify
 * close hook, which Fastify refuses once the instance has started. In server.ts:
 *
 *   const app = await buildApp(config);
 *   const realtime = await attachRealtime(app);
 *   await app.listen({ host: config.HOST, port: config.PORT });
 *   // app.close() also closes the hub (sockets first, then the adapter's Redis connections)
 */
export async function attachRealtime(app: App, options: RealtimeOptions = {}): Promise<Realtime> {
  const { config, database, redis } = app.deps;
  const db = database.db;
  const maxContentRooms = options.maxContentRooms ?? 50;
  const eventsPerSecond = options.eventsPerSecond ?? 20;
  const eventBurst = options.eventBurst ?? eventsPerSecond;
  const allowedOrigins = new Set([new URL(config.WEB_ORIGIN).origin, new URL(config.API_ORIGIN).origin]);

  const io: RealtimeServer = new Server(app.server, {
    path: REALTIME_PATH,
    transports: ["websocket"],
    serveClient: false,
    cors: { origin: config.WEB_ORIGIN, credentials: true },
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, !origin || allowedOrigins.has(origin));
    },
    maxHttpBufferSize: MAX_FRAME_BYTES,
    // A client that opened the transport must connect to the namespace within the spec's 20 s.
    connectTimeout: 20_000,
  });

  const log = (socket: RealtimeSocket, reason: string, extra: Record<string, unknown> = {}) => {
    app.log.warn(
      { module: "realtime", socketId: socket.id, ip: socket.handshake.address, reason, ...extra },
      `realtime: ${reason}; connection closed`,
    );
  };

  io.engine.on("connection_error", (err: { code: number; message: string }) => {
    app.log.debug(
      { module: "realtime", code: err.code, message: err.message },
      "realtime: handshake refused",
    );
  });

  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (redis) {
    pub = redis.client.duplicate();
    sub = redis.subscriber.duplicate();
    for (const client of [pub, sub]) {
      // ioredis reconnects by itself; an unhandled 'error' event would crash the node.
      client.on("error", (err: Error) => app.log.debug({ module: "realtime", err }, "realtime: redis error"));
    }
    io.adapter(createAdapter(pub, sub, { key: options.redisKey ?? DEFAULT_REDIS_KEY }));
    try {
      // The adapter subscribed in its constructor; a reply to a later command on the same
      // connection proves the subscriptions are in place before this node reports ready.
      await sub.ping();
    } catch (err) {
      app.log.warn({ module: "realtime", err }, "realtime: redis adapter subscription not confirmed");
    }
  }

  io.use((socket, next) => {
    authenticateHandshake(db, socket.handshake.auth, socket.handshake.headers).then(
      (principal) => {
        socket.data.principal = principal;
        next();
      },
      (err: unknown) => {
        if (err instanceof Error && "data" in err) return next(err);
        app.log.error({ module: "realtime", err }, "realtime: handshake authentication failed");
        next(handshakeError("request_unavailable"));
      },
    );
  });

  io.on("connection", (socket) => {
    const principal = socket.data.principal;
    if (principal) {
      void socket.join(sessionRoomName(principal.sessionId));
      if (principal.profileId) void socket.join(profileRoomName(principal.profileId));
    }

    const bucket = new TokenBucket(eventsPerSecond, eventBurst);
    socket.use((frame, next) => {
      const problem = frameProblem(frame);
      if (problem) {
        log(socket, `malformed frame (${problem})`, {
          event: typeof frame[0] === "string" ? frame[0] : null,
        });
        socket.disconnect(true);
        return;
      }
      if (!bucket.take()) {
        log(socket, "event flood", { event: frame[0] });
        socket.disconnect(true);
        return;
      }
      next();
    });
    // socket.io closes the connection itself when a frame cannot be decoded; this records why.
    socket.on("error", (err) => log(socket, "unparseable frame", { error: err.message }));

    // Room operations of one socket run in order: a leave sent right after a join waits for the
    // join's lookup, so the socket never ends up in a room it asked to leave.
    let queue: Promise<void> = Promise.resolve();
    const enqueue = (task: () => Promise<void>) => {
      queue = queue.then(task).catch((err: unknown) => {
        app.log.error({ module: "realtime", err, socketId: socket.id }, "realtime: room operation failed");
      });
    };
    type Ack = (result: AckResult<{ room: string }>) => void;
    const fail = (ack: Ack, code: ErrorCode) =>
      ack({ ok: false, error: { code, message: errorMessage(code) } });

    socket.on("join-content-room", (payload, ack) =>
      enqueue(async () => {
        const parsed = contentRoomRefSchema.safeParse(payload);
        if (!parsed.success) return fail(ack, "request_validationFailed");
        const room = contentRoomFor(parsed.data);
        if (!socket.rooms.has(room) && contentRoomCount(socket) >= maxContentRooms) {
          return fail(ack, "request_tooMany");
        }
        let exists: boolean;
        try {
          exists = await contentItemExists(db, parsed.data);
        } catch (err) {
          app.log.error({ module: "realtime", err }, "realtime: content room lookup failed");
          return fail(ack, "server_internal");
        }
        if (!exists) return fail(ack, "content_notFound");
        // Joining after a disconnect would leave a stale entry in the adapter.
        if (!socket.connected) return;
        await socket.join(room);
        ack({ ok: true, data: { room } });
      }),
    );

    socket.on("leave-content-room", (payload, ack) =>
      enqueue(async () => {
        const parsed = contentRoomRefSchema.safeParse(payload);
        if (!parsed.success) return fail(ack, "request_validationFailed");
        const room = contentRoomFor(parsed.data);
        await socket.leave(room);
        ack({ ok: true, data: { room } });
      }),
    );
  });

  // Typed emit through a broadcast operator loses the event ↔ payload link for a generic event.
  const broadcast = (room: string, event: ServerEventName, payload: unknown) => {
    (io.to(room) as unknown as { emit(event: string, payload: unknown): boolean }).emit(event, payload);
  };

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Closes every transport (clients see "transport close") and the websocket server; without
      // it the http server's close would wait forever on the upgraded connections.
      io.engine.close();
      try {
        await io.of("/").adapter.close();
      } catch {
        // the Redis connections are quit next anyway
      }
      await Promise.allSettled([pub?.quit(), sub?.quit()]);
    })();
    return closing;
  };
  // preClose, not onClose: Fastify closes the http server before onClose hooks run, and that close
  // waits for every open connection, upgraded websockets included.
  app.addHook("preClose", close);

  return {
    io,
    emitToProfile: (profileId, event, payload) => broadcast(profileRoomName(profileId), event, payload),
    emitToContentRoom: (ref, event, payload) => broadcast(contentRoomFor(ref), event, payload),
    disconnectSession: (sessionId) => io.in(sessionRoomName(sessionId)).disconnectSockets(true),
    close,
  };
}

function contentRoomCount(socket: RealtimeSocket): number {
  let count = 0;
  for (const room of socket.rooms) if (room.startsWith(CONTENT_ROOM_PREFIX)) count++;
  return count;
}
