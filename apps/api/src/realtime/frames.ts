import type { ClientToServerEvents } from "@vn/contract";

/**
 * Shape rules for incoming socket events (spec §5: "Socket event payload must be an array").
 * socket.io hands a middleware the frame as `[eventName, ...data, ack?]`. A frame is well formed
 * when the event is one the client may send, it carries exactly the expected number of data items,
 * every data item is a plain object, and the acknowledgement callback is there when required.
 */
interface EventShape {
  /** Number of data items before the ack. */
  items: number;
  ack: boolean;
}

export const clientEventShapes: Record<keyof ClientToServerEvents, EventShape> = {
  "join-content-room": { items: 1, ack: true },
  "leave-content-room": { items: 1, ack: true },
};

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Why a frame is malformed, or null when it is fine. */
export function frameProblem(frame: unknown[]): string | null {
  if (!Array.isArray(frame) || frame.length === 0) return "empty frame";
  const [event, ...args] = frame;
  if (typeof event !== "string" || !Object.hasOwn(clientEventShapes, event)) return "unknown event";
  const shape = clientEventShapes[event as keyof ClientToServerEvents];
  const hasAck = typeof args[args.length - 1] === "function";
  if (shape.ack && !hasAck) return "missing ack";
  const items = hasAck ? args.slice(0, -1) : args;
  if (items.length !== shape.items) return "wrong arity";
  if (!items.every(isPlainObject)) return "payload is not an object";
  return null;
}

/**
 * A token bucket per socket: `burst` events at once, refilled at `perSecond`. take() answers false
 * when the socket has run dry, which the caller treats as a flood.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
