import { createAdapter } from "@socket.io/redis-adapter";
import {
  type AckResult,
  contentRoomRefSchema,
  type ErrorCode,
  errorMessage,
  profileRoomName,
  type ServerEventName,
} from "@vn/contract";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { Server } from "socket.io";
import { type Config, pageOrigins } from "../config";
import type { Database } from "../db/client";
import type { RedisConnections } from "../lib/redis";
import { actorFromSession } from "../policy/actor";
import type { Realtime, RealtimeServer, RealtimeSocket, SocketData } from "../shared/realtime";
import { emitToAudience } from "./audience";
import { authenticateHandshake, handshakeError } from "./auth";
import { frameProblem, TokenBucket } from "./frames";
import {
  actingKey,
  actingProfileOf,
  CONTENT_ROOM_PREFIX,
  contentItemVisible,
  contentRoomFor,
  PROFILE_ROOM_PREFIX,
  sessionRoomName,
  sessionsStillActing,
  VISITORS_ROOM,
} from "./rooms";
import { TicketRedemptions } from "./tickets";
import { roomEventTiming } from "./timing";

export type {
  Realtime,
  RealtimeServer,
  RealtimeSocket,
  ServerEventPayload,
  SocketData,
} from "../shared/realtime";
export { contentRoomFor, sessionRoomName } from "./rooms";

/**
 * The realtime hub (spec §7 "Real-time socket", §5 "Socket event payload must be an array").
 *
 * - socket.io on the API's own http server at `/socket.io`, websocket transport only (no
 *   long-polling, so no sticky sessions are needed behind a balancer), CORS for WEB_ORIGIN with
 *   credentials, and handshakes from any other browser Origin refused (CORS does not guard
 *   websockets; this stops a foreign page from riding the session cookie).
 * - Auth: browsers send `auth: { ticket }` (a single-use ticket of POST /api/v1/realtime/ticket,
 *   tickets.ts; page JavaScript never holds the session token); API clients `auth: { token }` or
 *   `Authorization: Bearer`; a same-site browser's session cookie is read too. A ticket or token
 *   that is present but unknown/used/expired refuses the connection with
 *   `request_invalidSessionToken`; it is never downgraded to anonymous.
 * - Anonymous connections ARE allowed: public content rooms are readable by visitors (comments
 *   appear live for anyone on the page). Only authenticated sockets join their profile room
 *   (`profileRoomName(profileId)`, owner-only events: contentItem.status, file.conversion.finished,
 *   notification, payments.*, …) and their session room (for disconnectSession on sign-out).
 *   The profile room follows the session's acting profile: switching accounts moves every
 *   socket of the session to the new profile's room (followActingProfile); a company the person
 *   loses while acting for it (taken off its team, the company deleted or blocked, the account
 *   ended) takes its room with it: each node re-checks its sockets in company rooms every
 *   `actingRecheckMs` in one query and moves the lost ones to the room of the profile their
 *   session now resolves to, as a new connection would join (recheckProfileRoom does it at once,
 *   on every node, for a change that knows the company).
 * - A content room is joined only where the publication's page may be read by the socket's acting
 *   profile (privacy level, blocks): otherwise content_notFound, as the page answers.
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
  /** How often each node re-checks that its sockets in company rooms still act for them (ms). */
  actingRecheckMs?: number;
}

/** What the hub needs of the app (app.ts's App is one): its http server, log, close hook and deps. */
export type RealtimeHost = Pick<FastifyInstance, "server" | "log" | "addHook"> & {
  deps: { config: Config; database: Database; redis?: RedisConnections };
};

export const REALTIME_PATH = "/socket.io";
const DEFAULT_REDIS_KEY = "vn-socket.io";
/** Room refs are tiny; nothing a client sends needs more. Larger frames close the connection. */
const MAX_FRAME_BYTES = 16 * 1024;
/** Default of RealtimeOptions.actingRecheckMs: the longest a lost company's events still reach a socket. */
const ACTING_RECHECK_MS = 5_000;
/** Sessions per re-check statement. */
const RECHECK_BATCH = 500;

/** What moving a socket between rooms needs: a local socket and a fetched (remote) one both have it. */
interface RoomHolder {
  rooms: Set<string>;
  data: { actor: SocketData["actor"] };
  join(room: string): unknown;
  leave(room: string): unknown;
  disconnect(close?: boolean): unknown;
}

/**
 * Out of any profile room that is not this profile's, into this profile's; for null (acting as no
 * profile) into VISITORS_ROOM instead, which a socket with a profile room leaves.
 */
function moveToProfileRoom(socket: RoomHolder, profileId: string | null): void {
  const target = profileId ? profileRoomName(profileId) : VISITORS_ROOM;
  for (const room of [...socket.rooms]) {
    if ((room.startsWith(PROFILE_ROOM_PREFIX) || room === VISITORS_ROOM) && room !== target)
      socket.leave(room);
  }
  if (!socket.rooms.has(target)) socket.join(target);
}

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
export async function attachRealtime(app: RealtimeHost, options: RealtimeOptions = {}): Promise<Realtime> {
  const { config, database, redis } = app.deps;
  const db = database.db;
  const maxContentRooms = options.maxContentRooms ?? 50;
  const eventsPerSecond = options.eventsPerSecond ?? 20;
  const eventBurst = options.eventBurst ?? eventsPerSecond;
  // Pages of ours in every loopback spelling outside production (issue 11 item 19), and the API's.
  const allowedOrigins = new Set([
    ...pageOrigins(config, config.WEB_ORIGIN),
    new URL(config.API_ORIGIN).origin,
  ]);

  const io: RealtimeServer = new Server(app.server, {
    path: REALTIME_PATH,
    transports: ["websocket"],
    serveClient: false,
    cors: { origin: [...allowedOrigins], credentials: true },
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, !origin || allowedOrigins.has(origin));
    },
    maxHttpBufferSize: MAX_FRAME_BYTES,
    // A client that opened the transport must connect to the namespace within the spec's 20 s.
    connectTimeout: 20_000,
  });

  const timing = config.REALTIME_TIMING_LOG ? roomEventTiming(app.log) : undefined;

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

  const tickets = { secret: config.AUTH_SECRET, redemptions: new TicketRedemptions(redis?.client) };
  io.use((socket, next) => {
    authenticateHandshake(db, socket.handshake.auth, socket.handshake.headers, tickets).then(
      (actor) => {
        socket.data.actor = actor;
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
    timing?.watch(socket);
    const actor = socket.data.actor;
    if (actor) {
      void socket.join(sessionRoomName(actor.sessionId));
      if (actor.profileId) void socket.join(profileRoomName(actor.profileId));
    }
    if (!actor?.profileId) void socket.join(VISITORS_ROOM);

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
          exists = await contentItemVisible(db, parsed.data, actingProfileOf(socket.rooms));
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

  /**
   * Sockets whose session may no longer act as the profile whose room they sit in: each session is
   * resolved again (policy/actor.ts, the one rule) and its sockets go to the room of the profile it
   * resolves to now, as a new connection would; a session that is gone closes them.
   */
  const resolveAgain = async (sockets: RoomHolder[]) => {
    const bySession = new Map<string, RoomHolder[]>();
    for (const socket of sockets) {
      const sessionId = socket.data.actor?.sessionId;
      if (!sessionId) {
        moveToProfileRoom(socket, null);
        continue;
      }
      bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), socket]);
    }
    for (const [sessionId, held] of bySession) {
      const actor = await actorFromSession(db, sessionId);
      for (const socket of held) {
        if (actor) moveToProfileRoom(socket, actor.profileId);
        else socket.disconnect(true);
      }
    }
  };

  /** This node's sockets in a company's room whose session no longer acts for that company. */
  const recheckLocalSockets = async () => {
    const acting: Array<{ socket: RealtimeSocket; sessionId: string; profileId: string }> = [];
    for (const socket of io.of("/").sockets.values()) {
      const actor = socket.data.actor;
      const profileId = actingProfileOf(socket.rooms);
      // A person's own room needs no check: only a company can be lost while acting for it.
      if (actor && profileId && profileId !== actor.ownProfileId) {
        acting.push({ socket, sessionId: actor.sessionId, profileId });
      }
    }
    for (let start = 0; start < acting.length; start += RECHECK_BATCH) {
      const batch = acting.slice(start, start + RECHECK_BATCH);
      const still = await sessionsStillActing(db, batch);
      await resolveAgain(
        batch
          .filter((entry) => !still.has(actingKey(entry.sessionId, entry.profileId)))
          .map((entry) => entry.socket),
      );
    }
  };
  let rechecking = false;
  const recheckTimer = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    recheckLocalSockets()
      .catch((err: unknown) =>
        app.log.error({ module: "realtime", err }, "realtime: re-checking acting profiles failed"),
      )
      .finally(() => {
        rechecking = false;
      });
  }, options.actingRecheckMs ?? ACTING_RECHECK_MS);
  recheckTimer.unref();

  /** Per content room, the last event on its way (see emitToContentRoom). */
  const sendingTo = new Map<string, Promise<void>>();

  let closing: Promise<void> | undefined;
  const close = () => {
    clearInterval(recheckTimer);
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
    emitToContentRoom: (ref, event, payload, audience) => {
      timing?.asked(event, payload);
      const room = contentRoomFor(ref);
      const send = () =>
        emitToAudience(io, db, room, event, payload, audience).catch((err: unknown) =>
          app.log.error({ module: "realtime", err, event }, "realtime: sending a room event failed"),
        );
      // A room's events leave in the order they were asked for, also when one's audience takes a
      // lookup (verified_privacy): the ones behind it wait for it.
      const before = sendingTo.get(room);
      const sent = before ? before.then(send) : send();
      sendingTo.set(room, sent);
      void sent.finally(() => {
        if (sendingTo.get(room) === sent) sendingTo.delete(room);
      });
    },
    disconnectSession: (sessionId) => io.in(sessionRoomName(sessionId)).disconnectSockets(true),
    followActingProfile: async (sessionId, profileId) => {
      // Every socket of the session, on every node (the adapter asks the others): out of any
      // profile room that is not the acting one, into the acting one.
      // A failure (a node that does not answer) is logged: the switch itself has happened.
      try {
        const sockets = await io.in(sessionRoomName(sessionId)).fetchSockets();
        for (const socket of sockets) moveToProfileRoom(socket, profileId);
      } catch (err) {
        app.log.error(
          { module: "realtime", err, sessionId },
          "realtime: moving sockets to the acting profile failed",
        );
      }
    },
    recheckProfileRoom: async (profileId) => {
      // Every socket in the room, on every node; a failure is logged, and the periodic re-check
      // of each node still catches its own sockets.
      try {
        await resolveAgain(await io.in(profileRoomName(profileId)).fetchSockets());
      } catch (err) {
        app.log.error({ module: "realtime", err, profileId }, "realtime: re-checking a profile room failed");
      }
    },
    close,
  };
}

function contentRoomCount(socket: RealtimeSocket): number {
  let count = 0;
  for (const room of socket.rooms) if (room.startsWith(CONTENT_ROOM_PREFIX)) count++;
  return count;
}
