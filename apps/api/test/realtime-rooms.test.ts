import {
  type AckResult,
  type ClientToServerEvents,
  type ContentRoomRef,
  profileRoomName,
  type ServerToClientEvents,
} from "@vn/contract";
import { and, eq } from "drizzle-orm";
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { companyMembers, profiles, sessions } from "../src/db/schema/index";
import { attachRealtime, type Realtime } from "../src/realtime/index";
import { createCompany, createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 11, item 17: a socket's profile room follows the profile its session acts as, also when
 * the person loses the company they act for (taken off its team, the company deleted or blocked)
 * while the socket stays open. Item 20: a content room is joined only where the publication may
 * be read (decision 0014).
 */
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Node {
  app: App;
  realtime: Realtime;
  url: string;
}

let testDb: TestDatabase;
/** Re-checks its sockets in company rooms every 100 ms. */
let sweeping: Node;
/** Re-checks only when told (recheckProfileRoom): its periodic check is far away. */
let told: Node;
let owner: SeededPerson;
let manager: SeededPerson;
const clients: Client[] = [];
const db = () => testDb.database.db;

async function startNode(actingRecheckMs: number): Promise<Node> {
  const app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  const realtime = await attachRealtime(app, { actingRecheckMs });
  app.deps.realtime = realtime;
  return { app, realtime, url: await app.listen({ host: "127.0.0.1", port: 0 }) };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  sweeping = await startNode(100);
  told = await startNode(600_000);
  owner = await createPerson(db(), {
    name: "Olu Owner",
    email: "olu@example.com",
    slug: "olu.owner.10",
    verificationStatus: "verified",
  });
  manager = await createPerson(db(), {
    name: "Mo Manager",
    email: "mo@example.com",
    slug: "mo.manager.20",
    verificationStatus: "verified",
  });
});
afterEach(() => {
  for (const socket of clients.splice(0)) socket.close();
});
afterAll(async () => {
  await sweeping.app.close();
  await told.app.close();
  await testDb.drop();
});

/** A company owned by `owner` with `manager` on its team, and a session of each acting for it. */
async function companyWithTeam(slug: string) {
  const company = await createCompany(db(), {
    name: `Company ${slug}`,
    ownerUserId: owner.userId,
    slug,
    verificationStatus: "verified",
  });
  await db()
    .insert(companyMembers)
    .values({ companyId: company.profileId, userId: manager.userId, role: "manager" });
  const tokenOf = (headers: Record<string, string>) => headers.authorization!.replace(/^Bearer /, "");
  return {
    company,
    ownerToken: tokenOf(await bearerFor(db(), owner.userId, company.profileId)),
    managerToken: tokenOf(await bearerFor(db(), manager.userId, company.profileId)),
  };
}

function connect(node: Node, token?: string): Promise<Client> {
  const socket: Client = ioClient(node.url, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    ...(token ? { auth: { token } } : {}),
  });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => reject(err));
  });
}

async function roomsOf(node: Node, socket: Client): Promise<string[]> {
  const remote = (await node.realtime.io.fetchSockets()).find((s) => s.id === socket.id);
  return [...(remote?.rooms ?? [])].filter((room) => room.startsWith("profile:")).sort();
}

async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/** The ids of the notification events a socket hears from now on. */
function heard(socket: Client): string[] {
  const ids: string[] = [];
  (socket as unknown as { on(e: string, fn: (p: { id: string }) => void): void }).on("notification", (p) =>
    ids.push(p.id),
  );
  return ids;
}

/**
 * Emits to the company's room, then to the socket itself: events to one socket arrive in order, so
 * once the second is heard the first would have been too.
 */
async function companyEventReaches(node: Node, socket: Client, companyId: string): Promise<boolean> {
  const ids = heard(socket);
  node.realtime.emitToProfile(companyId, "notification", { id: "company" });
  node.realtime.io.to(socket.id!).emit("notification", { id: "sentinel" });
  const until = Date.now() + 3000;
  while (!ids.includes("sentinel") && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(ids).toContain("sentinel");
  return ids.includes("company");
}

describe("item 17: a lost company takes its room with it", () => {
  it("taken off the team: the socket leaves the company's room without reconnecting; the team stays", async () => {
    const { company, ownerToken, managerToken } = await companyWithTeam("kiln-works");
    const managerSocket = await connect(sweeping, managerToken);
    const ownerSocket = await connect(sweeping, ownerToken);
    const socketId = managerSocket.id;
    let disconnected = false;
    managerSocket.on("disconnect", () => {
      disconnected = true;
    });
    expect(await roomsOf(sweeping, managerSocket)).toEqual([profileRoomName(company.profileId)]);

    // What a team removal writes: the membership goes; the session still names the company.
    await db()
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, company.profileId), eq(companyMembers.userId, manager.userId)));

    await eventually(() => roomsOf(sweeping, managerSocket), [profileRoomName(manager.profileId)]);
    expect(managerSocket.connected).toBe(true);
    expect(managerSocket.id).toBe(socketId);
    expect(disconnected).toBe(false);
    expect(await companyEventReaches(sweeping, managerSocket, company.profileId)).toBe(false);
    // The owner, still on the team and acting for it, keeps hearing the company.
    expect(await roomsOf(sweeping, ownerSocket)).toEqual([profileRoomName(company.profileId)]);
    const ownerHeard = heard(ownerSocket);
    sweeping.realtime.emitToProfile(company.profileId, "notification", { id: "company" });
    await eventually(async () => ownerHeard, ["company"]);
  });

  it("the company blocked or deleted: recheckProfileRoom moves every socket acting for it at once", async () => {
    for (const [slug, status] of [
      ["glaze-blocked", "blocked"],
      ["glaze-deleted", "deleted_by_user"],
    ] as const) {
      const { company, ownerToken, managerToken } = await companyWithTeam(slug);
      const ownerSocket = await connect(told, ownerToken);
      const managerSocket = await connect(told, managerToken);
      expect(await companyEventReaches(told, ownerSocket, company.profileId)).toBe(true);

      await db().update(profiles).set({ status }).where(eq(profiles.id, company.profileId));
      await told.realtime.recheckProfileRoom(company.profileId);

      expect(await roomsOf(told, ownerSocket), status).toEqual([profileRoomName(owner.profileId)]);
      expect(await roomsOf(told, managerSocket), status).toEqual([profileRoomName(manager.profileId)]);
      expect(ownerSocket.connected && managerSocket.connected).toBe(true);
      expect(await companyEventReaches(told, ownerSocket, company.profileId)).toBe(false);
    }
  });

  it("a session that has ended closes its sockets on the re-check", async () => {
    const { company, managerToken } = await companyWithTeam("glaze-ended");
    const socket = await connect(told, managerToken);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    await db()
      .delete(sessions)
      .where(and(eq(sessions.userId, manager.userId), eq(sessions.activeProfileId, company.profileId)));
    await told.realtime.recheckProfileRoom(company.profileId);
    expect(await closed).toBe("io server disconnect");
  });

  it("a company still held keeps its sockets through many re-checks", async () => {
    const { company, managerToken } = await companyWithTeam("glaze-kept");
    const socket = await connect(sweeping, managerToken);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await roomsOf(sweeping, socket)).toEqual([profileRoomName(company.profileId)]);
    await told.realtime.recheckProfileRoom(company.profileId);
    expect(await roomsOf(sweeping, socket)).toEqual([profileRoomName(company.profileId)]);
  });
});

describe.skipIf(!process.env.REDIS_URL)("item 17 across two API nodes (Redis)", () => {
  const redisKey = `vn-test-rooms-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const nodes: Node[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(
        testConfig({ REDIS_URL: process.env.REDIS_URL ?? "", RATE_LIMIT_PER_MINUTE: "100000" }),
        { database: testDb.database },
      );
      const realtime = await attachRealtime(app, { redisKey, actingRecheckMs: 600_000 });
      app.deps.realtime = realtime;
      nodes.push({ app, realtime, url: await app.listen({ host: "127.0.0.1", port: 0 }) });
    }
  });
  afterAll(async () => {
    for (const socket of clients.splice(0)) socket.close();
    for (const node of nodes) await node.app.close();
  });

  it("a re-check asked on one node moves the sockets on the other", async () => {
    const [a, b] = nodes as [Node, Node];
    const { company, managerToken } = await companyWithTeam("glaze-two-nodes");
    const socket = await connect(b, managerToken);
    expect(await companyEventReaches(a, socket, company.profileId)).toBe(true);
    await db()
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, company.profileId), eq(companyMembers.userId, manager.userId)));
    await a.realtime.recheckProfileRoom(company.profileId);
    await eventually(() => roomsOf(b, socket), [profileRoomName(manager.profileId)]);
    expect(await companyEventReaches(a, socket, company.profileId)).toBe(false);
  });
});

describe("item 20: content rooms follow the privacy levels", () => {
  it("a publication the socket may not read has no room to join", async () => {
    const member = await createPerson(db(), {
      name: "Una Member",
      email: "una@example.com",
      slug: "una.member.30",
    });
    const guarded = await createPerson(db(), {
      name: "Gus Guarded",
      email: "gus@example.com",
      slug: "gus.guarded.40",
      verificationStatus: "verified",
    });
    await db()
      .update(profiles)
      .set({ privacy: "verified_privacy" })
      .where(eq(profiles.id, guarded.profileId));
    const memberPost = await createContent(db(), {
      ownerId: member.profileId,
      kind: "post",
      content: "members",
    });
    const guardedPost = await createContent(db(), {
      ownerId: guarded.profileId,
      kind: "post",
      content: "guarded",
    });
    const ref = (ownerSlug: string, contentSlug: string): ContentRoomRef => ({
      ownerSlug,
      contentSlug,
      contentType: "post",
    });
    const join = async (socket: Client, room: ContentRoomRef) =>
      ((await socket.timeout(5000).emitWithAck("join-content-room", room)) as AckResult<{ room: string }>).ok;

    const visitor = await connect(told);
    const unverified = await connect(told, (await bearerFor(db(), member.userId)).authorization!.slice(7));
    const verified = await connect(told, (await bearerFor(db(), owner.userId)).authorization!.slice(7));
    expect(await join(visitor, ref(member.slug, memberPost.slug))).toBe(false);
    expect(await join(unverified, ref(member.slug, memberPost.slug))).toBe(true);
    expect(await join(unverified, ref(guarded.slug, guardedPost.slug))).toBe(false);
    expect(await join(verified, ref(guarded.slug, guardedPost.slug))).toBe(true);
    const refused = (await visitor
      .timeout(5000)
      .emitWithAck("join-content-room", ref(guarded.slug, guardedPost.slug))) as AckResult<{ room: string }>;
    expect(refused).toMatchObject({ ok: false, error: { code: "content_notFound" } });
  });
  it("a comment by an author the socket may not see is not heard there", async () => {
    const guarded = await createPerson(db(), {
      name: "Vera Guarded",
      email: "vera@example.com",
      slug: "vera.guarded.50",
      verificationStatus: "verified",
    });
    await db()
      .update(profiles)
      .set({ privacy: "verified_privacy" })
      .where(eq(profiles.id, guarded.profileId));
    const member = await createPerson(db(), {
      name: "Ugo Member",
      email: "ugo@example.com",
      slug: "ugo.member.60",
    });
    // A public post (its owner is verified): everyone may read it and join its room.
    const post = await createContent(db(), { ownerId: owner.profileId, kind: "post", content: "public" });
    const room: ContentRoomRef = { ownerSlug: owner.slug, contentSlug: post.slug, contentType: "post" };
    const tokenOf = async (userId: string) => (await bearerFor(db(), userId)).authorization!.slice(7);
    const sockets = {
      visitor: await connect(told),
      unverified: await connect(told, await tokenOf(member.userId)),
      verified: await connect(told, await tokenOf(manager.userId)),
    };
    const heardComments: Record<string, string[]> = {};
    for (const [name, socket] of Object.entries(sockets)) {
      expect(
        ((await socket.timeout(5000).emitWithAck("join-content-room", room)) as AckResult<unknown>).ok,
      ).toBe(true);
      const ids: string[] = [];
      heardComments[name] = ids;
      (
        socket as unknown as {
          on(e: string, fn: (p: { comment?: { body: string }; id?: string }) => void): void;
        }
      ).on("comments.created", (p) => ids.push(p.comment?.body ?? ""));
    }
    const comment = async (userId: string, body: string) => {
      const res = await told.app.inject({
        method: "POST",
        url: `/api/v1/content/${post.id}/comments`,
        headers: { authorization: `Bearer ${await tokenOf(userId)}`, "content-type": "application/json" },
        payload: JSON.stringify({ body }),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await comment(guarded.userId, "from the guarded");
    await comment(owner.userId, "from the public");
    await eventually(async () => heardComments.verified, ["from the guarded", "from the public"]);
    await eventually(async () => heardComments.unverified, ["from the public"]);
    await eventually(async () => heardComments.visitor, ["from the public"]);
  });
  it("a members-only author is heard by every signed-in socket and no visitor, also one that stops acting as a profile", async () => {
    const membersOnly = await createPerson(db(), {
      name: "Bea Members",
      email: "bea@example.com",
      slug: "bea.members.70",
      verificationStatus: "verified",
    });
    await db()
      .update(profiles)
      .set({ privacy: "base_privacy" })
      .where(eq(profiles.id, membersOnly.profileId));
    const member = await createPerson(db(), {
      name: "Ida Member",
      email: "ida@example.com",
      slug: "ida.member.80",
    });
    const post = await createContent(db(), { ownerId: owner.profileId, kind: "post", content: "public" });
    const room: ContentRoomRef = { ownerSlug: owner.slug, contentSlug: post.slug, contentType: "post" };
    const tokenOf = async (userId: string) => (await bearerFor(db(), userId)).authorization!.slice(7);
    const sockets = {
      visitor: await connect(told),
      unverified: await connect(told, await tokenOf(member.userId)),
      verified: await connect(told, await tokenOf(manager.userId)),
      leaving: await connect(told, await tokenOf(member.userId)),
    };
    const heardComments: Record<string, string[]> = {};
    for (const [name, socket] of Object.entries(sockets)) {
      expect(
        ((await socket.timeout(5000).emitWithAck("join-content-room", room)) as AckResult<unknown>).ok,
      ).toBe(true);
      const bodies: string[] = [];
      heardComments[name] = bodies;
      (socket as unknown as { on(e: string, fn: (p: { comment: { body: string } }) => void): void }).on(
        "comments.created",
        (p) => bodies.push(p.comment.body),
      );
    }
    // The session of `leaving` stops acting as any profile: its socket counts as a visitor's now.
    const leaving = (await told.realtime.io.fetchSockets()).find((s) => s.id === sockets.leaving.id);
    await told.realtime.followActingProfile(leaving!.data.actor!.sessionId, null);
    await eventually(() => roomsOf(told, sockets.leaving), []);

    const comment = async (userId: string, body: string) => {
      const res = await told.app.inject({
        method: "POST",
        url: `/api/v1/content/${post.id}/comments`,
        headers: { authorization: `Bearer ${await tokenOf(userId)}`, "content-type": "application/json" },
        payload: JSON.stringify({ body }),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await comment(membersOnly.userId, "for members");
    await comment(owner.userId, "for everyone");
    await eventually(async () => heardComments.verified, ["for members", "for everyone"]);
    await eventually(async () => heardComments.unverified, ["for members", "for everyone"]);
    await eventually(async () => heardComments.visitor, ["for everyone"]);
    await eventually(async () => heardComments.leaving, ["for everyone"]);
  });
});
