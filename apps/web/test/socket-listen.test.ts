import { describe, expect, it, vi } from "vitest";
import { type AppSocket, listen, reconnectOnUserAction } from "../src/lib/socket";

function fakeSocket(state: { connected: boolean; active: boolean }) {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const socket = {
    ...state,
    on: (name: string, fn: (...args: unknown[]) => void) => handlers.set(name, fn),
    off: (name: string) => handlers.delete(name),
    disconnect: vi.fn(),
    connect: vi.fn(),
  };
  return { socket, handlers, typed: socket as unknown as AppSocket };
}

describe("socket payloads (§5: an array of objects; a parse failure closes)", () => {
  it("hands an object payload to the handler", () => {
    const { handlers, typed, socket } = fakeSocket({ connected: true, active: true });
    const seen: unknown[] = [];
    listen(typed, "notification", (payload) => seen.push(payload));
    handlers.get("notification")?.({ unreadCount: 1 });
    expect(seen).toEqual([{ unreadCount: 1 }]);
    expect(socket.disconnect).not.toHaveBeenCalled();
  });

  it("closes the connection on anything else", () => {
    for (const bad of ["text", 42, null, [{ a: 1 }]]) {
      const { handlers, typed, socket } = fakeSocket({ connected: true, active: true });
      const handler = vi.fn();
      listen(typed, "comments.created", handler);
      handlers.get("comments.created")?.(bad);
      expect(handler).not.toHaveBeenCalled();
      expect(socket.disconnect).toHaveBeenCalledOnce();
    }
  });

  it("unsubscribes", () => {
    const { handlers, typed } = fakeSocket({ connected: true, active: true });
    const off = listen(typed, "notification", () => undefined);
    off();
    expect(handlers.has("notification")).toBe(false);
  });
});

describe("no automatic reconnection (§9)", () => {
  it("reconnects only when a user action asks and the socket is down", () => {
    const down = fakeSocket({ connected: false, active: false });
    reconnectOnUserAction(down.typed);
    expect(down.socket.connect).toHaveBeenCalledOnce();
    const up = fakeSocket({ connected: true, active: true });
    reconnectOnUserAction(up.typed);
    expect(up.socket.connect).not.toHaveBeenCalled();
  });
});
