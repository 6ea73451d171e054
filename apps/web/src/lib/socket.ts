/**
 * The real-time connection (spec §4, §7, §9): websocket transport only, no auto-connect, no
 * automatic reconnection, 20 s connect timeout; emits with an ack fail with "operation has timed
 * out". The browser connects straight to the API origin with the session token.
 */
import type { ClientToServerEvents, ServerToClientEvents } from "@vn/contract";
import { io, type Socket } from "socket.io-client";

export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
export const SOCKET_ACK_TIMEOUT_MS = 20_000;
export const ACK_TIMEOUT_MESSAGE = "operation has timed out";

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let users = 0;
let opening: Promise<AppSocket> | null = null;

/** The API origin the browser reaches: baked at build, else the one the server rendered. */
export function apiOriginForBrowser(): string | null {
  const baked = process.env.NEXT_PUBLIC_API_ORIGIN;
  if (baked) return baked;
  if (typeof document === "undefined") return null;
  return document.querySelector<HTMLMetaElement>('meta[name="api-origin"]')?.content || null;
}

async function sessionToken(): Promise<string | null> {
  try {
    const response = await fetch("/api/auth/get-session", { credentials: "include" });
    if (!response.ok) return null;
    const body = (await response.json()) as { session?: { token?: string } } | null;
    return body?.session?.token ?? null;
  } catch {
    return null;
  }
}

/** Opens (or shares) the connection; call release() when done. Null without an origin. */
export async function acquireSocket(): Promise<AppSocket | null> {
  const origin = apiOriginForBrowser();
  if (!origin) return null;
  users += 1;
  if (socket) {
    // Opening a screen that needs the socket is a user action: a dropped connection comes back.
    reconnectOnUserAction(socket);
    return socket;
  }
  // Callers that arrive while the token is read share one connection, not one each.
  opening ??= sessionToken()
    .then((token) => {
      socket = io(origin, {
        autoConnect: false,
        reconnection: false,
        transports: ["websocket"],
        timeout: SOCKET_CONNECT_TIMEOUT_MS,
        withCredentials: true,
        auth: token ? { token } : {},
      });
      socket.connect();
      return socket;
    })
    .finally(() => {
      opening = null;
    });
  return opening;
}

export function releaseSocket(): void {
  users = Math.max(0, users - 1);
  if (users === 0 && socket) {
    socket.disconnect();
    socket = null;
  }
}

/** An emit that waits for the server's ack; a silent server gives ACK_TIMEOUT_MESSAGE. */
export function emitWithAck<T>(target: AppSocket, event: string, payload: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    (
      target.timeout(SOCKET_ACK_TIMEOUT_MS) as unknown as {
        emit: (name: string, data: unknown, ack: (error: Error | null, value: T) => void) => void;
      }
    ).emit(event, payload, (error, value) => {
      if (error) reject(new Error(ACK_TIMEOUT_MESSAGE));
      else resolve(value);
    });
  });
}

/**
 * No automatic reconnection (§9): a user action (sending a comment, opening a thread) calls this,
 * and a dropped connection is opened again then.
 */
export function reconnectOnUserAction(target: AppSocket): void {
  if (!target.connected && !target.active) target.connect();
}

/**
 * Listens to one server event whose payload must be an object inside the args array (§5); any
 * other payload is a parse failure and closes the connection. Returns the unsubscribe.
 */
export function listen<T>(target: AppSocket, event: string, handler: (payload: T) => void): () => void {
  const listener = (...args: unknown[]) => {
    const payload = args[0];
    if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
      target.disconnect();
      return;
    }
    handler(payload as T);
  };
  const loose = target as unknown as {
    on: (name: string, fn: (...args: unknown[]) => void) => void;
    off: (name: string, fn: (...args: unknown[]) => void) => void;
  };
  loose.on(event, listener);
  return () => loose.off(event, listener);
}
