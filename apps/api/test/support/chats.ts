import { randomUUID } from "node:crypto";
import type { PlanTier, VerificationStatus } from "@vn/contract";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, expect } from "vitest";
import { type App, buildApp } from "../../src/app";
import { testConfig } from "../../src/config";
import { attachRealtime } from "../../src/realtime/index";
import { createCompany, createPerson } from "../../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./database";
import { mediaDir } from "./media";
import { bearerFor } from "./sessions";

/**
 * The messenger suites' harness (issue 15): an API on a real port with the socket hub, people
 * made through the seed library (verified on a paid plan unless told otherwise), their bearer
 * headers, calls, and sockets that wait for the event itself (never a sleep).
 */

export interface Member {
  userId: string;
  profileId: string;
  slug: string;
  headers: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked by the assertions
export type Json = any;

export function chatsHarness() {
  const state = {} as {
    testDb: TestDatabase;
    app: App;
    origin: string;
    media: Awaited<ReturnType<typeof mediaDir>>;
    sockets: Socket[];
  };
  state.sockets = [];

  beforeAll(async () => {
    state.testDb = await createTestDatabase();
    state.media = await mediaDir();
    state.app = await buildApp(
      testConfig({
        MEDIA_DIR: state.media.dir,
        RATE_LIMIT_PER_MINUTE: "100000",
        RATE_LIMIT_NAMESPACE: `vn-chats-${randomUUID()}:`,
      }),
      { database: state.testDb.database },
    );
    state.app.deps.realtime = await attachRealtime(state.app);
    await state.app.listen({ port: 0, host: "127.0.0.1" });
    const address = state.app.server.address() as { port: number };
    state.origin = `http://127.0.0.1:${address.port}`;
  }, 60_000);
  afterAll(async () => {
    for (const socket of state.sockets) socket.close();
    await state.app?.close();
    await state.testDb?.drop();
    await state.media?.remove();
  });

  const db = () => state.testDb.database.db;

  async function person(
    options: { verification?: VerificationStatus; plan?: PlanTier; name?: string } = {},
  ): Promise<Member> {
    const id = randomUUID().slice(0, 8);
    const seeded = await createPerson(db(), {
      name: options.name ?? `Person ${id}`,
      email: `chat-${id}@example.com`,
      slug: `chat.${id}`,
      verificationStatus: options.verification ?? "verified",
      planTier: options.plan ?? "standard",
    });
    return { ...seeded, headers: await bearerFor(db(), seeded.userId) };
  }

  /** A verified company on a paid plan, its owner acting as it. */
  async function company(owner: Member, name = `Company ${randomUUID().slice(0, 6)}`): Promise<Member> {
    const created = await createCompany(db(), {
      name,
      ownerUserId: owner.userId,
      verificationStatus: "verified",
      planTier: "standard",
      slug: `co.${randomUUID().slice(0, 8)}`,
    });
    return {
      userId: owner.userId,
      profileId: created.profileId,
      slug: created.slug,
      headers: await bearerFor(db(), owner.userId, created.profileId),
    };
  }

  function call(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    who?: Member,
    payload?: object,
  ) {
    return state.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who?.headers ?? {},
      ...(payload ? { payload } : {}),
    });
  }

  /** Opens a direct conversation and answers its id. */
  async function start(from: Member, to: Member): Promise<string> {
    const res = await call("POST", "/chats", from, { with: to.slug });
    expect([200, 201], res.body).toContain(res.statusCode);
    return (res.json() as Json).data.id;
  }

  async function send(from: Member, chatId: string, body: string, extra: object = {}): Promise<Json> {
    const res = await call("POST", `/chats/${chatId}/messages`, from, {
      clientId: randomUUID(),
      body,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Json).data;
  }

  async function socketOf(who: Member): Promise<Socket> {
    const socket = connect(state.origin, {
      transports: ["websocket"],
      reconnection: false,
      auth: { token: who.headers.authorization!.slice(7) },
    });
    state.sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    return socket;
  }

  /** The next `event` on `socket` whose payload passes `where`. */
  function next<T = Json>(
    socket: Socket,
    event: string,
    where: (payload: T) => boolean = () => true,
  ): Promise<T> {
    return new Promise((resolve) => {
      const listener = (payload: T) => {
        if (!where(payload)) return;
        socket.off(event, listener);
        resolve(payload);
      };
      socket.on(event, listener);
    });
  }

  return { state, db, person, company, call, start, send, socketOf, next };
}
