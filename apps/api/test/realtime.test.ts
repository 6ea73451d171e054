import { randomUUID } from "node:crypto";
import {
  type AckResult,
  type ClientToServerEvents,
  type ContentRoomRef,
  errorMessage,
  type ServerToClientEvents,
} from "@vn/contract";
import { io as ioClient, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import type { Db } from "../src/db/client";
import { contentItems, profiles, sessions, users } from "../src/db/schema/index";
import { sessionTokenDigest } from "../src/policy/token";
import { attachRealtime, type Realtime } from "../src/realtime/index";
import { createTestDatabase, type TestDatabase } from "./support/database";

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type RoomAck = AckResult<{ room: string }>;
/** For frames the typed client would not let us send. */
type Untyped = { emit(event: string, ...args: unknown[]): unknown };

let testDb: TestDatabase;
let app: App;
let realtime: Realtime;
let baseUrl: string;
const clients: Client[] = [];

interface Seeded {
  userId: string;
  profileId: string;
  slug: string;
  token: string;
  sessionId: string;
}

async function seedUser(db: Db, options: { expired?: boolean } = {}): Promise<Seeded> {
  const userId = randomUUID();
  const profileId = randomUUID();
  const sessionId = randomUUID();
  const token = randomUUID().replaceAll("-", "");
  const slug = `User${randomUUID().slice(0, 8)}`;
  await db
    .insert(users)
    .values({ id: userId, name: "Test", email: `${userId}@example.test`, status: "active" });
  await db
    .insert(profiles)
    // Verified and public: anonymous sockets join its content rooms (decision 0014).
    .values({
      id: profileId,
      type: "user",
      userId,
      slug,
      name: "Test",
      status: "active",
      verificationStatus: "verified",
      privacy: "public_verified",
    });
  await db.insert(sessions).values({
    id: sessionId,
    token: sessionTokenDigest(token),
    userId,
    expiresAt: new Date(Date.now() + (options.expired ? -60_000 : 86_400_000)),
  });
  return { userId, profileId, slug, token, sessionId };
}

async function seedItem(db: Db, ownerId: string, ownerSlug: string, kind = "article", status = "active") {
  const slug = `item-${randomUUID().slice(0, 8)}`;
  await db.insert(contentItems).values({ id: randomUUID(), ownerId, kind, slug, status, title: "T" });
  return { ownerSlug, contentSlug: slug, contentType: kind } satisfies ContentRoomRef;
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

function refused(options: Partial<ManagerOptions & SocketOptions>): Promise<Error & { data?: unknown }> {
  return connect(options).then(
    () => {
      throw new Error("expected the connection to be refused");
    },
    (err: Error & { data?: unknown }) => err,
  );
}

function nextEvent<E extends keyof ServerToClientEvents>(socket: Client, event: E): Promise<unknown> {
  return new Promise((resolve) => {
    (socket as unknown as { once(e: string, fn: (p: unknown) => void): void }).once(event, resolve);
  });
}

function disconnected(socket: Client): Promise<string> {
  return new Promise((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
}

function join(socket: Client, ref: unknown): Promise<RoomAck> {
  return socket.timeout(5000).emitWithAck("join-content-room", ref as ContentRoomRef);
}
function leave(socket: Client, ref: unknown): Promise<RoomAck> {
  return socket.timeout(5000).emitWithAck("leave-content-room", ref as ContentRoomRef);
}

async function health(): Promise<number> {
  const res = await fetch(`${baseUrl}/api/health`);
  return res.status;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig(), { database: testDb.database });
  realtime = await attachRealtime(app);
  baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
});
afterEach(() => {
  for (const socket of clients.splice(0)) socket.close();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

describe("handshake", () => {
  it("connects with a valid token and receives events sent to its profile room", async () => {
    const user = await seedUser(app.deps.database.db);
    const socket = await connect({ auth: { token: user.token } });
    const received = nextEvent(socket, "contentItem.status");
    realtime.emitToProfile(user.profileId, "contentItem.status", {
      contentId: "c1",
      slug: "hello",
      status: "active",
    });
    expect(await received).toEqual({ contentId: "c1", slug: "hello", status: "active" });
  });

  it("accepts the token from an Authorization: Bearer header and from the session cookie", async () => {
    const user = await seedUser(app.deps.database.db);
    const bearer = await connect({ extraHeaders: { authorization: `Bearer ${user.token}` } });
    const cookie = await connect({
      extraHeaders: { cookie: `theme=dark; better-auth.session_token=${user.token}.signature` },
    });
    const both = Promise.all([nextEvent(bearer, "notification"), nextEvent(cookie, "notification")]);
    realtime.emitToProfile(user.profileId, "notification", { id: "n1" });
    expect(await both).toEqual([{ id: "n1" }, { id: "n1" }]);
  });

  it("refuses an unknown token with the catalogue code", async () => {
    const err = await refused({ auth: { token: "not-a-session" } });
    expect(err.message).toBe("request_invalidSessionToken");
    expect(err.data).toEqual({
      code: "request_invalidSessionToken",
      message: errorMessage("request_invalidSessionToken"),
    });
  });

  it("refuses an expired session, a malformed token and a non-Bearer header instead of going anonymous", async () => {
    const expired = await seedUser(app.deps.database.db, { expired: true });
    const attempts: Partial<ManagerOptions & SocketOptions>[] = [
      { auth: { token: expired.token } },
      { auth: { token: "%E0%A4%A" } },
      { auth: { token: 42 } },
      { extraHeaders: { authorization: "Basic dXNlcjpwYXNz" } },
      { extraHeaders: { cookie: "better-auth.session_token=unknown.sig" } },
    ];
    for (const options of attempts) {
      const err = await refused(options);
      expect(err.message).toBe("request_invalidSessionToken");
    }
  });

  it("lets an anonymous visitor connect, without any profile events", async () => {
    const user = await seedUser(app.deps.database.db);
    const owner = await connect({ auth: { token: user.token } });
    const anonymous = await connect();
    expect(anonymous.connected).toBe(true);
    const ownerGot = nextEvent(owner, "notification");
    const anonymousGot = nextEvent(anonymous, "notification");
    realtime.emitToProfile(user.profileId, "notification", { id: "private" });
    // Delivery per connection is ordered: the broadcast marker arrives after anything sent before it.
    realtime.io.emit("notification", { id: "marker" });
    expect(await ownerGot).toEqual({ id: "private" });
    expect(await anonymousGot).toEqual({ id: "marker" });
  });

  it("refuses long-polling and foreign browser origins", async () => {
    const res = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
    await expect(connect({ transports: ["polling"] })).rejects.toThrow();
    await expect(connect({ extraHeaders: { origin: "https://evil.example" } })).rejects.toThrow();
    const ok = await connect({ extraHeaders: { origin: app.deps.config.WEB_ORIGIN } });
    expect(ok.connected).toBe(true);
    // A page opened at the other loopback spelling (issue 11 item 19) connects too, outside production.
    const web = new URL(app.deps.config.WEB_ORIGIN);
    const other = `${web.protocol}//${web.hostname === "localhost" ? "127.0.0.1" : "localhost"}:${web.port}`;
    const loopback = await connect({ extraHeaders: { origin: other } });
    expect(loopback.connected).toBe(true);
  });

  it("disconnectSession closes every socket of that session", async () => {
    const user = await seedUser(app.deps.database.db);
    const socket = await connect({ auth: { token: user.token } });
    const other = await connect();
    const closed = disconnected(socket);
    realtime.disconnectSession(user.sessionId);
    expect(await closed).toBe("io server disconnect");
    expect(other.connected).toBe(true);
  });
});

describe("content rooms", () => {
  it("acks content_notFound for an unknown owner, slug, kind or an inactive item", async () => {
    const db = app.deps.database.db;
    const owner = await seedUser(db);
    const item = await seedItem(db, owner.profileId, owner.slug);
    const draft = await seedItem(db, owner.profileId, owner.slug, "article", "draft");
    const socket = await connect();
    const notFound = {
      ok: false,
      error: { code: "content_notFound", message: errorMessage("content_notFound") },
    };
    expect(await join(socket, { ...item, ownerSlug: "nobody-here" })).toEqual(notFound);
    expect(await join(socket, { ...item, contentSlug: "missing" })).toEqual(notFound);
    expect(await join(socket, { ...item, contentType: "release" })).toEqual(notFound);
    expect(await join(socket, draft)).toEqual(notFound);
  });

  it("acks a validation error for an invalid payload", async () => {
    const socket = await connect();
    const invalid = {
      ok: false,
      error: { code: "request_validationFailed", message: errorMessage("request_validationFailed") },
    };
    expect(await join(socket, { ownerSlug: "a", contentSlug: "b", contentType: "banana" })).toEqual(invalid);
    expect(await join(socket, { ownerSlug: "a b", contentSlug: "b", contentType: "article" })).toEqual(
      invalid,
    );
    expect(await join(socket, { ownerSlug: "a", contentSlug: "b", contentType: "article", x: 1 })).toEqual(
      invalid,
    );
    expect(await leave(socket, { ownerSlug: "a" })).toEqual(invalid);
    expect(socket.connected).toBe(true);
  });

  it("delivers room events after a join and none after a leave", async () => {
    const db = app.deps.database.db;
    const owner = await seedUser(db);
    const first = await seedItem(db, owner.profileId, owner.slug);
    const second = await seedItem(db, owner.profileId, owner.slug, "release");
    const socket = await connect();

    // The owner's handle is case-insensitive: joined as upper case, emitted as stored.
    const joined = await join(socket, { ...first, ownerSlug: owner.slug.toUpperCase() });
    expect(joined).toEqual({ ok: true, data: { room: expect.stringContaining(first.contentSlug) } });
    expect(await join(socket, second)).toMatchObject({ ok: true });

    let got = nextEvent(socket, "comments.created");
    realtime.emitToContentRoom(first, "comments.created", { n: 1 });
    expect(await got).toEqual({ n: 1 });

    expect(await leave(socket, first)).toEqual(joined);
    got = nextEvent(socket, "comments.created");
    realtime.emitToContentRoom(first, "comments.created", { n: 2 });
    realtime.emitToContentRoom(second, "comments.created", { marker: true });
    expect(await got).toEqual({ marker: true });
  });

  it("runs a leave sent right behind a join after it, so the socket ends outside the room", async () => {
    const db = app.deps.database.db;
    const owner = await seedUser(db);
    const item = await seedItem(db, owner.profileId, owner.slug);
    const markerItem = await seedItem(db, owner.profileId, owner.slug, "story");
    const socket = await connect();
    expect(await join(socket, markerItem)).toMatchObject({ ok: true });
    const [joined, left] = await Promise.all([join(socket, item), leave(socket, item)]);
    expect(joined).toMatchObject({ ok: true });
    expect(left).toMatchObject({ ok: true });
    const got = nextEvent(socket, "comments.created");
    realtime.emitToContentRoom(item, "comments.created", { n: 1 });
    realtime.emitToContentRoom(markerItem, "comments.created", { marker: true });
    expect(await got).toEqual({ marker: true });
  });
});

describe("malformed frames and floods", () => {
  const cases: [string, (socket: Untyped) => void][] = [
    ["a string payload", (s) => s.emit("join-content-room", "room", () => {})],
    ["an array payload", (s) => s.emit("join-content-room", [{}], () => {})],
    ["a null payload", (s) => s.emit("join-content-room", null, () => {})],
    ["an unknown event", (s) => s.emit("chats.messages.created", {}, () => {})],
    ["a missing ack", (s) => s.emit("join-content-room", { ownerSlug: "a" })],
    ["two payloads", (s) => s.emit("leave-content-room", {}, {}, () => {})],
    ["a binary payload", (s) => s.emit("join-content-room", Buffer.from("x"), () => {})],
  ];
  for (const [name, send] of cases) {
    it(`closes the connection on ${name} and keeps serving others`, async () => {
      const warn = vi.spyOn(app.log, "warn");
      const bystander = await connect();
      const socket = await connect();
      const closed = disconnected(socket);
      send(socket as unknown as Untyped);
      expect(await closed).toBe("io server disconnect");
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ module: "realtime", reason: expect.stringContaining("malformed frame") }),
        expect.any(String),
      );
      expect(bystander.connected).toBe(true);
      expect(
        await leave(bystander, { ownerSlug: "a", contentSlug: "b", contentType: "article" }),
      ).toMatchObject({
        ok: true,
      });
      expect(await health()).toBe(200);
    });
  }

  /** A raw engine.io/socket.io session, to send bytes no client library would. */
  async function rawSocket() {
    const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket`);
    const inbox: string[] = [];
    let waiter: (() => void) | undefined;
    ws.on("message", (data) => {
      inbox.push(String(data));
      waiter?.();
    });
    const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
    const next = async (prefix: string) => {
      for (;;) {
        const index = inbox.findIndex((m) => m.startsWith(prefix));
        if (index >= 0) return inbox.splice(index, 1)[0];
        await new Promise<void>((resolve) => {
          waiter = resolve;
        });
      }
    };
    await next("0{"); // engine.io open
    return { ws, next, closed };
  }

  it("closes a raw connection that sends an unparseable frame, and only that one", async () => {
    const warn = vi.spyOn(app.log, "warn");
    const bystander = await connect();
    const raw = await rawSocket();
    raw.ws.send("40");
    await raw.next("40{"); // namespace connected
    raw.ws.send("42[bad json");
    await raw.closed;
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: "unparseable frame" }),
      expect.any(String),
    );

    const beforeConnect = await rawSocket();
    beforeConnect.ws.send('42{"not":"an array"}');
    await beforeConnect.closed;

    expect(bystander.connected).toBe(true);
    expect(
      await leave(bystander, { ownerSlug: "a", contentSlug: "b", contentType: "article" }),
    ).toMatchObject({
      ok: true,
    });
    const fresh = await connect();
    expect(fresh.connected).toBe(true);
    expect(await health()).toBe(200);
  });

  it("disconnects a socket that floods events, not its neighbours", async () => {
    const warn = vi.spyOn(app.log, "warn");
    const bystander = await connect();
    const socket = await connect();
    const closed = disconnected(socket);
    const ref = { ownerSlug: "a", contentSlug: "b", contentType: "article" };
    for (let i = 0; i < 100; i++) socket.emit("leave-content-room", ref, () => {});
    expect(await closed).toBe("io server disconnect");
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: "event flood" }), expect.any(String));
    expect(await leave(bystander, ref)).toMatchObject({ ok: true });
  });

  it("allows a normal burst of room changes", async () => {
    const socket = await connect();
    const ref = { ownerSlug: "a", contentSlug: "b", contentType: "article" };
    const acks = await Promise.all(Array.from({ length: 10 }, () => leave(socket, ref)));
    expect(acks.every((a) => a.ok)).toBe(true);
    expect(socket.connected).toBe(true);
  });
});

describe("limits and shutdown", () => {
  it("caps content rooms per socket, and app.close() closes open sockets", async () => {
    const second = await buildApp(testConfig(), { database: testDb.database });
    await attachRealtime(second, { maxContentRooms: 2 });
    const url = await second.listen({ host: "127.0.0.1", port: 0 });
    const db = second.deps.database.db;
    const owner = await seedUser(db);
    const items = await Promise.all([0, 1, 2].map(() => seedItem(db, owner.profileId, owner.slug)));
    const socket: Client = ioClient(url, { transports: ["websocket"], reconnection: false, forceNew: true });
    clients.push(socket);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));

    expect(await join(socket, items[0])).toMatchObject({ ok: true });
    expect(await join(socket, items[1])).toMatchObject({ ok: true });
    expect(await join(socket, items[1])).toMatchObject({ ok: true }); // re-joining is not a new room
    expect(await join(socket, items[2])).toEqual({
      ok: false,
      error: { code: "request_tooMany", message: errorMessage("request_tooMany") },
    });
    expect(await leave(socket, items[0])).toMatchObject({ ok: true });
    expect(await join(socket, items[2])).toMatchObject({ ok: true });

    const closed = disconnected(socket);
    await second.close();
    expect(await closed).toBe("transport close");
  });
});
