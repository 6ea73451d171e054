import type {
  ClientToServerEvents,
  ContentRoomRef,
  ServerEventName,
  ServerToClientEvents,
  SessionActor,
} from "@vn/contract";
import type { Server, Socket } from "socket.io";

/**
 * The socket hub as the rest of the API sees it: what a service may emit, to whom. realtime/index.ts
 * builds it (attachRealtime); services, jobs and event subscribers only take this port, so none of
 * them imports the hub's machinery (or, through it, the app).
 */

export interface SocketData {
  /** null for an anonymous visitor. */
  actor: SessionActor | null;
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

/**
 * Who of a content room may hear an event (comments.*): the room, less the sockets of profiles in
 * a block with the author or the owner, and less those that may not see the author (its privacy
 * level, decision 0014), as the comment list leaves them out. The payload is the same for all.
 */
export interface RoomAudience {
  /** Profiles whose sockets hear nothing (blocks with the author or the owner, either way). */
  exceptProfiles?: Iterable<string>;
  /** The profile whose privacy level decides who may see the event (the comment's author). */
  visibleAs?: { id: string; privacy: string; verificationStatus: string };
}

export interface Realtime {
  io: RealtimeServer;
  /** To every socket of one profile, on every node (owner-only events). */
  emitToProfile<E extends ServerEventName>(profileId: string, event: E, payload: ServerEventPayload<E>): void;
  /**
   * To every socket that joined one content item's room, on every node (comments.*), or to those of
   * its audience, in one broadcast (encoded once). A failure to work out the audience is logged:
   * the write the event tells of has happened.
   */
  emitToContentRoom<E extends ServerEventName>(
    ref: ContentRoomRef,
    event: E,
    payload: ServerEventPayload<E>,
    audience?: RoomAudience,
  ): void;
  /** Closes every socket of one session, on every node (sign-out, session revoked). */
  disconnectSession(sessionId: string): void;
  /**
   * Moves every socket of one session, on every node, to the profile room of the profile it now
   * acts as (after switch-account): out of the previous one, into this one (none for null).
   */
  followActingProfile(sessionId: string, profileId: string | null): Promise<void>;
  /**
   * Re-resolves the session of every socket in one profile's room, on every node, and moves each
   * to the room of the profile its session acts as now (closing those whose session is gone): for
   * a change that may take a company from people acting for it (team removal, deletion, blocking).
   * Each node also does this on its own, periodically, for its sockets in company rooms.
   */
  recheckProfileRoom(profileId: string): Promise<void>;
  /** Closes all sockets and the adapter's Redis connections. Idempotent; app.close() calls it. */
  close(): Promise<void>;
}
