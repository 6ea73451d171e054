import { afterEach, describe, expect, it, vi } from "vitest";
import { handshakeAuth, socketTicket } from "../src/lib/socket";

/**
 * Issue 11, item 6: the socket never carries the session token read by page JavaScript. It asks
 * POST /api/v1/realtime/ticket (the cookie proves the session) for a single-use ticket on every
 * connection; a visitor, a refusal or a network failure means an anonymous socket.
 */
afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (..._args: unknown[]) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("socket tickets", () => {
  it("asks the ticket endpoint with the cookie, never the session endpoints", async () => {
    const fetchMock = answer(200, { data: { ticket: "t-1", expiresAt: new Date().toISOString() } });
    expect(await socketTicket()).toBe("t-1");
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/v1\/realtime\/ticket$/);
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
  });

  it("goes anonymous for a visitor, a refusal and a failure", async () => {
    answer(200, { data: null });
    expect(await socketTicket()).toBeNull();
    answer(403, { error: { code: "request_foreignOrigin", message: "x" } });
    expect(await socketTicket()).toBeNull();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    expect(await socketTicket()).toBeNull();
  });

  it("hands the handshake a fresh ticket on every connection", async () => {
    let n = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ data: { ticket: `t-${++n}`, expiresAt: "" } }))),
    );
    const first = await new Promise((resolve) => handshakeAuth(resolve));
    const second = await new Promise((resolve) => handshakeAuth(resolve));
    expect([first, second]).toEqual([{ ticket: "t-1" }, { ticket: "t-2" }]);
    answer(200, { data: null });
    expect(await new Promise((resolve) => handshakeAuth(resolve))).toEqual({});
  });
});
