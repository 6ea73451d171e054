import type { FastifyBaseLogger } from "fastify";
import type { RealtimeSocket } from "../shared/realtime";

/**
 * The benchmark's view into the server side of a room event (config REALTIME_TIMING_LOG, set only
 * by bench/comments.bench.ts): when the hub was asked to send it, and when this node handed it to
 * its first and its last socket. One log line each; the bench matches them with the receipts of
 * its client processes by the comment id. Times are wall-clock milliseconds with sub-millisecond
 * resolution (performance.timeOrigin + performance.now()), which processes of one machine share.
 */
export const wallClock = (): number => performance.timeOrigin + performance.now();

/** What an event is about: its comment's id (comments.*), else its own id; null when neither. */
function subjectOf(payload: unknown): string | null {
  if (typeof payload !== "object" || payload === null) return null;
  const { comment, id } = payload as { comment?: { id?: unknown }; id?: unknown };
  if (typeof comment?.id === "string") return comment.id;
  return typeof id === "string" ? id : null;
}

interface Burst {
  event: string;
  subject: string | null;
  sockets: number;
  first: number;
  last: number;
}

export interface RoomEventTiming {
  /** The hub was asked to send `event` (on the node that emits it). */
  asked(event: string, payload: unknown): void;
  /** Records every event written to this socket from now on. */
  watch(socket: RealtimeSocket): void;
}

export function roomEventTiming(log: FastifyBaseLogger): RoomEventTiming {
  // One broadcast hands the same decoded payload object to each of its sockets, synchronously:
  // the sockets of one burst share it, and the burst is over by the next turn of the event loop.
  const bursts = new Map<object, Burst>();
  const flush = () => {
    for (const burst of bursts.values()) {
      log.info({ module: "realtime", timing: burst }, "realtime: event written");
    }
    bursts.clear();
  };
  return {
    asked(event, payload) {
      log.info(
        { module: "realtime", timing: { event, subject: subjectOf(payload), asked: wallClock() } },
        "realtime: event asked",
      );
    },
    watch(socket) {
      socket.onAnyOutgoing((event: string, payload: unknown) => {
        const now = wallClock();
        if (typeof payload !== "object" || payload === null) return;
        const burst = bursts.get(payload);
        if (burst) {
          burst.sockets++;
          burst.last = now;
          return;
        }
        if (bursts.size === 0) setImmediate(flush);
        bursts.set(payload, { event, subject: subjectOf(payload), sockets: 1, first: now, last: now });
      });
    },
  };
}
