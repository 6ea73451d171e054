import { randomUUID } from "node:crypto";
import type { AckResult, ClientToServerEvents, ContentRoomRef, ServerToClientEvents } from "@vn/contract";
import { eq } from "drizzle-orm";
import { io as ioClient, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { contentItems, profiles, sessions, users } from "../src/db/schema/index";
import { sessionTokenDigest } from "../src/policy/token";
import { attachRealtime, type Realtime } from "../src/realtime/index";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Two API nodes behind one Redis: an emit on node A reaches a client connected to node B. On
 * PostgreSQL (TEST_DATABASE_URL) each node opens its own pool on the suite's database; on PGlite
 * both share the one embedded database (an instance costs ~1 GB), which changes nothing for the
 * fan-out under test.
 */
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("realtime across two API nodes (Redis adapter)", () => {
  // One key per run: parallel suites on the same Redis never see each other's events.
  const redisKey = `vn-test-${randomUUID()}`;
  let testDb: TestDatabase;
  const nodes: { app: App; realtime: Realtime; url: string }[] = [];
  const clients: Client[] = [];

  async function startNode() {
    const config = testConfig({
      REDIS_URL: redisUrl ?? "",
      ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    });
    const app = await buildApp(config, testDb.url ? {} : { database: testDb.database });
    const realtime = await attachRealtime(app, { redisKey });
    // Comments written through this node's routes are told through its hub.
    app.deps.realtime = realtime;
    const url = await app.listen({ host: "127.0.0.1", port: 0 });
    nodes.push({ app, realtime, url });
    return { app, realtime, url };
  }

  function connect(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): Promise<Client> {
    const socket: Client = ioClient(url, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      ...options,
    });
    clients.push(socket);
    return new Promise((resolve, reject) => {
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", reject);
    });
  }

  function nextEvent(socket: Client, event: keyof ServerToClientEvents): Promise<unknown> {
    return new Promise((resolve) => {
      (socket as unknown as { once(e: string, fn: (p: unknown) => void): void }).once(event, resolve);
    });
  }

  function join(socket: Client, ref: ContentRoomRef): Promise<AckResult<{ room: string }>> {
    return socket.timeout(5000).emitWithAck("join-content-room", ref);
  }

  let owner: { profileId: string; token: string; sessionId: string };
  let ref: ContentRoomRef;
  let otherRef: ContentRoomRef;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const a = await startNode();
    await startNode();
    const db = a.app.deps.database.db;
    const userId = randomUUID();
    owner = { profileId: randomUUID(), token: randomUUID(), sessionId: randomUUID() };
    const slug = `redis${randomUUID().slice(0, 8)}`;
    await db
      .insert(users)
      .values({ id: userId, name: "R", email: `${userId}@example.test`, status: "active" });
    await db
      .insert(profiles)
      // Verified and public: anonymous sockets join its content rooms (decision 0014).
      .values({
        id: owner.profileId,
        type: "user",
        userId,
        slug,
        name: "R",
        status: "active",
        verificationStatus: "verified",
        privacy: "public_verified",
      });
    await db.insert(sessions).values({
      id: owner.sessionId,
      token: sessionTokenDigest(owner.token),
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    ref = { ownerSlug: slug, contentSlug: "shared-post", contentType: "article" };
    otherRef = { ownerSlug: slug, contentSlug: "marker-post", contentType: "article" };
    for (const item of [ref, otherRef]) {
      await db
        .insert(contentItems)
        .values({ id: randomUUID(), ownerId: owner.profileId, kind: "article", slug: item.contentSlug });
    }
  });
  afterEach(() => {
    for (const socket of clients.splice(0)) socket.close();
  });
  afterAll(async () => {
    for (const node of nodes) await node.app.close();
    await testDb?.drop();
  });

  it("delivers a content-room emit from node A to a client on node B", async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const onA = await connect(a.url);
    const onB = await connect(b.url);
    const [joinedA, joinedB] = await Promise.all([join(onA, ref), join(onB, ref)]);
    expect(joinedA).toMatchObject({ ok: true });
    expect(joinedB).toEqual(joinedA);

    const gotA = nextEvent(onA, "comments.created");
    const gotB = nextEvent(onB, "comments.created");
    a.realtime.emitToContentRoom(ref, "comments.created", { id: "c1" });
    expect(await gotB).toEqual({ id: "c1" });
    expect(await gotA).toEqual({ id: "c1" });

    // After leaving on B, node A's emits stop reaching it: the marker in another room comes first.
    expect(await join(onB, otherRef)).toMatchObject({ ok: true });
    expect(await onB.timeout(5000).emitWithAck("leave-content-room", ref)).toMatchObject({ ok: true });
    const next = nextEvent(onB, "comments.created");
    a.realtime.emitToContentRoom(ref, "comments.created", { id: "c2" });
    a.realtime.emitToContentRoom(otherRef, "comments.created", { marker: true });
    expect(await next).toEqual({ marker: true });
  });

  it("sends a comment across nodes only to the sockets that may see its author", async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const db = a.app.deps.database.db;
    const suffix = randomUUID().slice(0, 6);
    const person = async (name: string, verified: boolean, privacy?: "base_privacy" | "verified_privacy") => {
      const seeded = await createPerson(db, {
        name,
        email: `${name}-${suffix}@example.test`,
        slug: `${name}.${suffix}`,
        verificationStatus: verified ? "verified" : "not_verified",
      });
      if (privacy) await db.update(profiles).set({ privacy }).where(eq(profiles.id, seeded.profileId));
      return { ...seeded, token: (await bearerFor(db, seeded.userId)).authorization!.slice(7) };
    };
    const everyone = await person("everyone", true);
    const members = await person("members", true, "base_privacy");
    const guarded = await person("guarded", true, "verified_privacy");
    const unverified = await person("unverified", false);
    const verified = await person("verified", true);
    // Every listener on node B; the comments are written (and sent) on node A.
    const sockets = {
      visitor: await connect(b.url),
      unverified: await connect(b.url, { auth: { token: unverified.token } }),
      verified: await connect(b.url, { auth: { token: verified.token } }),
    };
    const heard: Record<string, string[]> = {};
    for (const [name, socket] of Object.entries(sockets)) {
      expect(await join(socket, ref)).toMatchObject({ ok: true });
      const bodies: string[] = [];
      heard[name] = bodies;
      (socket as unknown as { on(e: string, fn: (p: { comment: { body: string } }) => void): void }).on(
        "comments.created",
        (p) => bodies.push(p.comment.body),
      );
    }
    const [item] = await db.select().from(contentItems).where(eq(contentItems.slug, ref.contentSlug));
    for (const [author, body] of [
      [members, "members"],
      [guarded, "guarded"],
      [everyone, "everyone"],
    ] as const) {
      const res = await a.app.inject({
        method: "POST",
        url: `/api/v1/content/${item!.id}/comments`,
        headers: { authorization: `Bearer ${author.token}`, "content-type": "application/json" },
        payload: JSON.stringify({ body }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const until = Date.now() + 5000;
    while (heard.verified!.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    // Events to one socket arrive in order: once "everyone" is heard, nothing sent before it is on its way.
    while (!heard.visitor!.includes("everyone") && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    while (!heard.unverified!.includes("everyone") && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual({
      verified: ["members", "guarded", "everyone"],
      unverified: ["members", "everyone"],
      visitor: ["everyone"],
    });
  });

  it("delivers a profile emit and a session disconnect across nodes", async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const onB = await connect(b.url, { auth: { token: owner.token } });
    const got = nextEvent(onB, "notification");
    a.realtime.emitToProfile(owner.profileId, "notification", { id: "n1" });
    expect(await got).toEqual({ id: "n1" });

    const closed = new Promise<string>((resolve) => onB.once("disconnect", resolve));
    a.realtime.disconnectSession(owner.sessionId);
    expect(await closed).toBe("io server disconnect");
  });
});
