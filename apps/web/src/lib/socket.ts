/**
 * The real-time connection (spec §4, §7, §9): websocket transport only, no auto-connect, no
 * automatic reconnection, 20 s connect timeout; emits with an ack fail with "operation has timed
 * out". The browser connects straight to the API origin with a single-use ticket (page JavaScript
 * never holds the session token: the cookie is httpOnly and no API answer shows it).
 *
 * socket.io-client is loaded with `import()` when a screen first needs the socket, so pages that
 * never connect do not carry it in their first load (decision 0027).
 */
import type { ClientToServerEvents, ServerToClientEvents } from "@vn/contract";
import type { Socket } from "socket.io-client";
import { api } from "./api-client";

export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
export const SOCKET_ACK_TIMEOUT_MS = 20_000;
export const ACK_TIMEOUT_MESSAGE = "operation has timed out";

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let users = 0;
let client: Promise<typeof import("socket.io-client")> | null = null;

/** socket.io-client, loaded once on first use. */
function loadClient(): Promise<typeof import("socket.io-client")> {
  client ??= import("socket.io-client").catch((error: unknown) => {
    client = null;
    throw error;
  });
  return client;
}

/** The API origin the browser reaches: baked at build, else the one the server rendered. */
export function apiOriginForBrowser(): string | null {
  const baked = process.env.NEXT_PUBLIC_API_ORIGIN;
  if (baked) return baked;
  if (typeof document === "undefined") return null;
  return document.querySelector<HTMLMetaElement>('meta[name="api-origin"]')?.content || null;
}

/**
 * A ticket for the handshake (POST /api/v1/realtime/ticket with the session cookie): short-lived
 * and good for one connection. Null for a visitor, or when none can be had: the socket then
 * connects anonymously (public content rooms only).
 */
export async function socketTicket(): Promise<string | null> {
  try {
    // A plain fetch: a dead session here is no reason for the §4 rules to act (the socket simply goes without).
    const response = await fetch(api.realtime.ticket.href(), {
      method: "POST",
      credentials: "include",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: { ticket?: unknown } | null } | null;
    const ticket = body?.data?.ticket;
    return typeof ticket === "string" ? ticket : null;
  } catch {
    return null;
  }
}

/** The handshake's auth, asked anew for every (re)connection since a ticket works once. */
export function handshakeAuth(callback: (auth: { ticket?: string }) => void): void {
  void socketTicket().then((ticket) => callback(ticket ? { ticket } : {}));
}

/** Opens (or shares) the connection; call release() when done. Null without an origin. */
export async function acquireSocket(): Promise<AppSocket | null> {
  const origin = apiOriginForBrowser();
  if (!origin) return null;
  users += 1;
  let io: typeof import("socket.io-client")["io"] | null = null;
  if (!socket) {
    try {
      ({ io } = await loadClient());
    } catch {
      // The script could not be fetched (offline, a newer build): no socket this time.
      users = Math.max(0, users - 1);
      return null;
    }
  }
  // Another screen may have opened it while the client loaded.
  if (socket || !io) {
    // Opening a screen that needs the socket is a user action: a dropped connection comes back.
    if (socket) reconnectOnUserAction(socket);
    return socket;
  }
  socket = io(origin, {
    autoConnect: false,
    reconnection: false,
    transports: ["websocket"],
    timeout: SOCKET_CONNECT_TIMEOUT_MS,
    withCredentials: true,
    // A function: socket.io asks it on every connection, so a reconnection gets a fresh ticket.
    auth: handshakeAuth,
  });
  trackDrops(socket);
  socket.connect();
  return socket;
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
  if (target.connected) return;
  // `active` alone cannot tell: socket.io keeps a socket active after a transport close even with
  // reconnection off, so a dropped one would never open again. But connect() while a connection is
  // still being made sends a second CONNECT (with a second single-use ticket), so only a socket
  // that never connected yet or that dropped is opened here.
  if (!target.active || dropped.has(target)) {
    dropped.delete(target);
    target.connect();
  }
}

/** Sockets whose connection dropped (and that were not opened again since). */
const dropped = new WeakSet<AppSocket>();

/** Keeps `dropped` true to what happened to this socket. */
function trackDrops(target: AppSocket): void {
  target.on("disconnect", () => dropped.add(target));
  target.on("connect", () => dropped.delete(target));
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
