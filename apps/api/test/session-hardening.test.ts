import {
  type ClientToServerEvents,
  errorMessage,
  profileRoomName,
  type ServerToClientEvents,
} from "@vn/contract";
import { and, eq } from "drizzle-orm";
import { io as ioClient, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { follows } from "../src/db/schema/index";
import { attachRealtime, type Realtime } from "../src/realtime/index";
import { createCompany, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 11, items 6, 16 and 17: the session token stays out of page JavaScript (the socket takes a
 * single-use ticket), cookie-authenticated changes must come from the web app's origin, and a
 * socket's profile room follows the session's acting profile.
 */
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const WEB_ORIGIN = "http://localhost:3000";
let testDb: TestDatabase;
let app: App;
let realtime: Realtime;
let baseUrl: string;
let person: SeededPerson;
let other: SeededPerson;
let company: { profileId: string; slug: string };
const clients: Client[] = [];
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ WEB_ORIGIN, RATE_LIMIT_PER_MINUTE: "100000" }), {
    database: testDb.database,
  });
  realtime = await attachRealtime(app);
  app.deps.realtime = realtime;
  baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  person = await createPerson(db(), { name: "Hana Hardening", email: "hana@example.com", slug: "hana.h" });
  other = await createPerson(db(), { name: "Otto Other", email: "otto@example.com", slug: "otto.o" });
  company = await createCompany(db(), {
    name: "Hardening Works",
    ownerUserId: person.userId,
    slug: "hard.works",
  });
});
afterEach(() => {
  for (const socket of clients.splice(0)) socket.close();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

/** A fresh session: its bearer header, and the same session as the browser's cookie. */
async function signedIn(who: SeededPerson = person) {
  const bearer = await bearerFor(db(), who.userId);
  const token = bearer.authorization?.replace(/^Bearer /, "") ?? "";
  return { bearer, token, cookie: { cookie: `theme=light; better-auth.session_token=${token}.signature` } };
}

function connect(options: Partial<ManagerOptions & SocketOptions> = {}): Promise<Client> {
  const socket: Client = ioClient(baseUrl, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    ...options,
  });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => reject(err));
  });
}

function nextEvent(socket: Client, event: keyof ServerToClientEvents): Promise<unknown> {
  return new Promise((resolve) => {
    (socket as unknown as { once(e: string, fn: (p: unknown) => void): void }).once(event, resolve);
  });
}

async function ticketFor(headers: Record<string, string>) {
  return app.inject({
    method: "POST",
    url: "/api/v1/realtime/ticket",
    headers: { origin: WEB_ORIGIN, ...headers },
  });
}

async function roomsOf(socket: Client): Promise<string[]> {
  const remote = (await realtime.io.fetchSockets()).find((s) => s.id === socket.id);
  return [...(remote?.rooms ?? [])].filter((room) => room.startsWith("profile:")).sort();
}

describe("item 6: the session token stays out of page JavaScript", () => {
  it("GET /api/auth/session answers the user and expiry, never the token", async () => {
    const { token, cookie } = await signedIn();
    const res = await app.inject({ method: "GET", url: "/api/auth/session", headers: cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ expiresAt: expect.any(String), user: { slug: person.slug } });
    expect(res.json()).not.toHaveProperty("token");
    expect(res.body).not.toContain(token);
  });

  it("a ticket opens the socket once, as the session's acting profile", async () => {
    const { cookie, token } = await signedIn();
    const res = await ticketFor(cookie);
    expect(res.statusCode).toBe(200);
    const { ticket, expiresAt } = res.json().data as { ticket: string; expiresAt: string };
    expect(ticket).not.toContain(token);
    const lifetime = Date.parse(expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(60_000);

    const socket = await connect({ auth: { ticket } });
    const got = nextEvent(socket, "notification");
    realtime.emitToProfile(person.profileId, "notification", { id: "by-ticket" });
    expect(await got).toEqual({ id: "by-ticket" });

    // Single use: the same ticket again is refused, never downgraded to a visitor.
    const replay = await connect({ auth: { ticket } }).catch((err: Error & { data?: unknown }) => err);
    expect(replay).toBeInstanceOf(Error);
    expect((replay as Error & { data?: unknown }).data).toEqual({
      code: "request_invalidSessionToken",
      message: errorMessage("request_invalidSessionToken"),
    });
  });

  it("refuses an expired, a forged and an orphaned ticket; visitors get none", async () => {
    const { cookie, bearer } = await signedIn();
    const issue = async () => (await ticketFor(cookie)).json().data.ticket as string;

    const late = await issue();
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 5 * 60_000);
    await expect(connect({ auth: { ticket: late } })).rejects.toThrow("request_invalidSessionToken");
    vi.restoreAllMocks();

    const forged = (await issue()).replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    await expect(connect({ auth: { ticket: forged } })).rejects.toThrow("request_invalidSessionToken");
    await expect(connect({ auth: { ticket: 42 } })).rejects.toThrow("request_invalidSessionToken");

    // The session ends between issuing and connecting.
    const orphan = await issue();
    const signOut = await app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { ...bearer, "content-type": "application/json" },
      payload: "{}",
    });
    expect(signOut.statusCode).toBeLessThan(300);
    await expect(connect({ auth: { ticket: orphan } })).rejects.toThrow("request_invalidSessionToken");

    const visitor = await ticketFor({});
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ data: null });
  });

  it("API clients still connect with their bearer token", async () => {
    const { token, bearer } = await signedIn();
    expect((await connect({ auth: { token } })).connected).toBe(true);
    expect((await connect({ extraHeaders: bearer })).connected).toBe(true);
  });
});

describe("item 16: cookie-authenticated changes come from the web app only", () => {
  const followed = async (followerId: string) =>
    (
      await db()
        .select()
        .from(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, other.profileId)))
    ).length > 0;
  const follow = (headers: Record<string, string>, method: "POST" | "DELETE" = "POST") =>
    app.inject({ method, url: `/api/v1/profiles/${other.slug}/follow`, headers });

  it("refuses a same-site form from another localhost port, writing nothing", async () => {
    const { cookie } = await signedIn();
    const attempts: Record<string, string>[] = [
      { origin: "http://localhost:6666", "sec-fetch-site": "same-site" },
      { origin: "null" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of attempts) {
      const res = await follow({ ...cookie, ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({
        error: { code: "request_foreignOrigin", message: errorMessage("request_foreignOrigin") },
      });
    }
    expect(await followed(person.profileId)).toBe(false);
  });

  it("lets the web app's own requests, reads and bearer clients through", async () => {
    const { cookie, bearer } = await signedIn();
    const me = await app.inject({
      method: "GET",
      url: "/api/v1/users/me",
      headers: { ...cookie, origin: "http://localhost:6666" },
    });
    expect(me.statusCode).toBe(200);
    const fromWeb = await follow({ ...cookie, origin: WEB_ORIGIN, "sec-fetch-site": "same-origin" });
    expect(fromWeb.statusCode, fromWeb.body).toBeLessThan(300);
    expect(await followed(person.profileId)).toBe(true);
    // A bearer is never sent by a browser on its own: no ambient authority to ride.
    const unfollow = await follow({ ...bearer, origin: "http://localhost:6666" }, "DELETE");
    expect(unfollow.statusCode, unfollow.body).toBeLessThan(300);
    expect(await followed(person.profileId)).toBe(false);
  });

  it("refuses a ticket asked for from a foreign origin", async () => {
    const { cookie } = await signedIn();
    const ticket = await ticketFor({ ...cookie, origin: "http://localhost:6666" });
    expect(ticket.statusCode).toBe(403);
    expect(ticket.json().error.code).toBe("request_foreignOrigin");
  });
});

describe("item 17: a socket's profile room follows the acting profile", () => {
  const switchTo = async (bearer: Record<string, string>, body: unknown) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/users/switch-account",
      headers: { ...bearer, "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("leaves the person's room for the company's and back again", async () => {
    const { bearer, token } = await signedIn();
    const socket = await connect({ auth: { token } });
    const bystander = await connect({ auth: { token: (await signedIn()).token } });
    expect(await roomsOf(socket)).toEqual([profileRoomName(person.profileId)]);

    await switchTo(bearer, { type: { id: "company" }, id: company.profileId });
    expect(await roomsOf(socket)).toEqual([profileRoomName(company.profileId)]);
    // Another session of the same person keeps acting as the person.
    expect(await roomsOf(bystander)).toEqual([profileRoomName(person.profileId)]);
    const companyEvent = nextEvent(socket, "notification");
    realtime.emitToProfile(person.profileId, "notification", { id: "person-only" });
    realtime.emitToProfile(company.profileId, "notification", { id: "company" });
    expect(await companyEvent).toEqual({ id: "company" });

    await switchTo(bearer, { type: { id: "user" } });
    expect(await roomsOf(socket)).toEqual([profileRoomName(person.profileId)]);
    const personEvent = nextEvent(socket, "notification");
    realtime.emitToProfile(company.profileId, "notification", { id: "company-after-switch" });
    realtime.emitToProfile(person.profileId, "notification", { id: "person" });
    expect(await personEvent).toEqual({ id: "person" });
  });

  it("a socket opened while acting for the company leaves its room on switching back", async () => {
    const { bearer, token } = await signedIn();
    await switchTo(bearer, { type: { id: "company" }, id: company.profileId });
    const socket = await connect({ auth: { token } });
    expect(await roomsOf(socket)).toEqual([profileRoomName(company.profileId)]);
    await switchTo(bearer, { type: { id: "user" } });
    expect(await roomsOf(socket)).toEqual([profileRoomName(person.profileId)]);
  });
});

describe.skipIf(!process.env.REDIS_URL)("across two API nodes (Redis)", () => {
  const redisKey = `vn-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const nodes: { app: App; realtime: Realtime; url: string }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const config = testConfig({
        WEB_ORIGIN,
        REDIS_URL: process.env.REDIS_URL ?? "",
        RATE_LIMIT_PER_MINUTE: "100000",
      });
      const node = await buildApp(config, { database: testDb.database });
      const hub = await attachRealtime(node, { redisKey });
      node.deps.realtime = hub;
      nodes.push({ app: node, realtime: hub, url: await node.listen({ host: "127.0.0.1", port: 0 }) });
    }
  });
  afterAll(async () => {
    for (const socket of clients.splice(0)) socket.close();
    for (const node of nodes) await node.app.close();
  });

  const connectTo = (url: string, options: Partial<ManagerOptions & SocketOptions>): Promise<Client> => {
    const socket: Client = ioClient(url, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      ...options,
    });
    clients.push(socket);
    return new Promise((resolve, reject) => {
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", (err) => reject(err));
    });
  };

  it("a ticket issued by one node opens a socket on the other, once on any node", async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const { cookie } = await signedIn();
    const res = await a.app.inject({
      method: "POST",
      url: "/api/v1/realtime/ticket",
      headers: { ...cookie, origin: WEB_ORIGIN },
    });
    const ticket = res.json().data.ticket as string;
    expect((await connectTo(b.url, { auth: { ticket } })).connected).toBe(true);
    await expect(connectTo(a.url, { auth: { ticket } })).rejects.toThrow("request_invalidSessionToken");
  });

  it("switching on one node moves the session's sockets on the other", async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const { bearer, token } = await signedIn();
    const socket = await connectTo(b.url, { auth: { token } });
    const res = await a.app.inject({
      method: "POST",
      url: "/api/v1/users/switch-account",
      headers: { ...bearer, "content-type": "application/json" },
      payload: JSON.stringify({ type: { id: "company" }, id: company.profileId }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = nextEvent(socket, "notification");
    a.realtime.emitToProfile(person.profileId, "notification", { id: "stale" });
    a.realtime.emitToProfile(company.profileId, "notification", { id: "acting" });
    expect(await got).toEqual({ id: "acting" });
  });
});
