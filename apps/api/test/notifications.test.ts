import type { Notification, NotificationEvent } from "@vn/contract";
import { eq } from "drizzle-orm";
import pino from "pino";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { contentItems } from "../src/db/schema/index";
import { publishPlanned } from "../src/jobs/publish-planned";
import { attachRealtime } from "../src/realtime/index";
import { createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

let testDb: TestDatabase;
let app: App;
let origin: string;
let nora: SeededPerson;
let omar: SeededPerson;
let pia: SeededPerson;
let as: Record<string, Record<string, string>>;
const sockets: Socket[] = [];
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  app.deps.realtime = await attachRealtime(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  nora = await createPerson(db(), {
    name: "Nora Novak",
    email: "nora@example.com",
    slug: "nora.novak.10",
    verificationStatus: "verified",
  });
  omar = await createPerson(db(), {
    name: "Omar Osei",
    email: "omar@example.com",
    slug: "omar.osei.20",
    verificationStatus: "verified",
  });
  pia = await createPerson(db(), {
    name: "Pia Park",
    email: "pia@example.com",
    slug: "pia.park.30",
    verificationStatus: "verified",
  });
  as = {
    nora: await bearerFor(db(), nora.userId),
    omar: await bearerFor(db(), omar.userId),
    pia: await bearerFor(db(), pia.userId),
  };
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
  await testDb.drop();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: as[who], ...(payload ? { payload } : {}) });
const list = async (who: string, query = "") => (await call("GET", `/notifications${query}`, who)).json();

async function socketOf(who: string): Promise<Socket> {
  const socket = connect(origin, {
    transports: ["websocket"],
    reconnection: false,
    auth: { token: as[who]!.authorization!.slice(7) },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

describe("notifications", () => {
  it("tells a new follower's followee, live and stored, once a day however often they re-follow", async () => {
    const socket = await socketOf("nora");
    const live = new Promise<NotificationEvent>((resolve) => socket.once("notification", resolve));
    await call("POST", "/profiles/nora.novak.10/follow", "omar");
    const event = await live;
    expect(event.unreadCount).toBe(1);
    expect(event.notification).toMatchObject({
      kind: "follow",
      actor: { slug: "omar.osei.20", name: "Omar Osei" },
      content: null,
      comment: null,
      readAt: null,
    });
    await call("DELETE", "/profiles/nora.novak.10/follow", "omar");
    await call("POST", "/profiles/nora.novak.10/follow", "omar");
    const stored = await list("nora");
    expect(stored.data.filter((n: Notification) => n.kind === "follow")).toHaveLength(1);
    expect(stored.meta.unreadCount).toBe(1);
  });

  it("tells owners of comments, replies, reactions, reposts, quotes and mentions, never themselves", async () => {
    const post = await createContent(db(), {
      ownerId: nora.profileId,
      kind: "post",
      content: "Nora's post",
      repostsEnabled: true,
    });
    const comment = (
      await call("POST", `/content/${post.id}/comments`, "omar", { body: "Nice one @pia.park.30!" })
    ).json().data;
    await call("POST", `/content/${post.id}/comments`, "nora", { body: "Thanks", parentId: comment.id });
    await call("POST", `/content/${post.id}/comments`, "nora", { body: "Talking to myself" });
    await call("PUT", `/content/${post.id}/reactions`, "pia", { kind: "insightful" });
    await call("PUT", `/content/${post.id}/reactions`, "pia", { kind: "like" }); // a change is not news
    await call("PUT", `/content/${post.id}/reactions`, "nora", { kind: "like" }); // one's own is not news
    expect((await call("POST", `/content/${post.id}/reposts`, "omar", {})).statusCode).toBe(201);
    expect(
      (await call("POST", `/content/${post.id}/reposts`, "pia", { withQuote: true, quote: "Read this" }))
        .statusCode,
    ).toBe(201);
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as.pia,
      payload: { kind: "post", content: "Shout-out to @Nora.Novak.10 and @omar.osei.20." },
    });
    expect(created.statusCode).toBe(201);

    const mine = (await list("nora", "?perPage=50")).data as Notification[];
    const kinds = mine.map((n) => `${n.kind}:${n.actor.slug}`);
    expect(kinds).toEqual([
      "mention:pia.park.30",
      "quote:pia.park.30",
      "repost:omar.osei.20",
      "reaction:pia.park.30",
      "comment:omar.osei.20",
      "follow:omar.osei.20",
    ]);
    const commentNotice = mine.find((n) => n.kind === "comment")!;
    expect(commentNotice.comment).toEqual({ id: comment.id, excerpt: "Nice one @pia.park.30!" });
    expect(commentNotice.content).toMatchObject({
      id: post.id,
      kind: "post",
      path: `/nora.novak.10/posts/${post.slug}`,
    });
    expect(mine.find((n) => n.kind === "reaction")!.reaction).toBe("insightful");

    const omars = (await list("omar")).data.map((n: Notification) => n.kind);
    expect(omars).toEqual(["mention", "reply"]);
    const pias = (await list("pia")).data.map((n: Notification) => n.kind);
    expect(pias).toEqual(["mention"]);
  });

  it("leaves muted profiles out", async () => {
    await call("POST", "/profiles/pia.park.30/mute", "omar");
    const post = await createContent(db(), { ownerId: omar.profileId, kind: "post", content: "Omar's post" });
    await call("POST", `/content/${post.id}/comments`, "pia", { body: "Hi Omar" });
    const omars = (await list("omar")).data as Notification[];
    expect(omars.some((n) => n.kind === "comment")).toBe(false);
  });

  it("pages by cursor and marks one or all read", async () => {
    const first = await list("nora", "?perPage=4");
    expect(first.data).toHaveLength(4);
    const rest = await list("nora", `?perPage=4&cursor=${first.meta.nextCursor}`);
    expect(rest.data).toHaveLength(2);
    expect(rest.meta.nextCursor).toBeNull();
    const unread = first.meta.unreadCount as number;
    expect(unread).toBe(6);
    const one = await call("POST", `/notifications/${first.data[0].id}/read`, "nora");
    expect(one.json().data.unreadCount).toBe(5);
    expect((await call("GET", "/notifications/unread-count", "nora")).json().data.unreadCount).toBe(5);
    expect((await list("nora", "?unreadOnly=true&perPage=50")).data).toHaveLength(5);
    expect((await call("POST", "/notifications/read-all", "nora")).json().data.unreadCount).toBe(0);
    expect((await list("nora")).data.every((n: Notification) => n.readAt !== null)).toBe(true);
    // Someone else's notification is not found.
    expect((await call("POST", `/notifications/${first.data[0].id}/read`, "omar")).statusCode).toBe(404);
  });
});

describe("mentions in publications published later", () => {
  it("reach the mentioned when a planned post goes live or a draft is published, not before", async () => {
    const quinn = await createPerson(db(), {
      name: "Quinn Quist",
      email: "quinn@example.com",
      slug: "quinn.quist.40",
      planTier: "standard",
      verificationStatus: "verified",
    });
    const rita = await createPerson(db(), {
      name: "Rita Ruiz",
      email: "rita@example.com",
      slug: "rita.ruiz.50",
      verificationStatus: "verified",
    });
    as.quinn = await bearerFor(db(), quinn.userId);
    as.rita = await bearerFor(db(), rita.userId);
    const mentions = async () =>
      ((await list("rita")).data as Notification[])
        .filter((n) => n.kind === "mention")
        .map((n) => n.content?.id);

    const planned = await call("POST", "/content", "quinn", {
      kind: "post",
      content: "Next week with @rita.ruiz.50",
      publicationDate: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(planned.json().data.status).toBe("planned");
    const draft = await call("POST", "/content", "quinn", {
      kind: "post",
      content: "Draft thanks to @rita.ruiz.50",
      draft: true,
    });
    expect(await mentions()).toEqual([]);

    // The planned post's time comes: the job publishes it and Rita hears of it, live.
    const socket = await socketOf("rita");
    const live = new Promise<NotificationEvent>((resolve) => socket.once("notification", resolve));
    await db()
      .update(contentItems)
      .set({ publicationDate: new Date(Date.now() - 1000) })
      .where(eq(contentItems.id, planned.json().data.id));
    await publishPlanned.handle(
      { database: testDb.database, log: pino({ level: "silent" }), realtime: app.deps.realtime },
      {},
    );
    expect((await live).notification).toMatchObject({ kind: "mention", actor: { slug: "quinn.quist.40" } });
    expect(await mentions()).toEqual([planned.json().data.id]);

    // Publishing the draft by editing it tells her too; editing it again does not repeat it.
    const published = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${draft.json().data.id}`,
      headers: as.quinn,
      payload: { draft: false },
    });
    expect(published.json().data.status).toBe("active");
    await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${draft.json().data.id}`,
      headers: as.quinn,
      payload: { content: "Thanks to @rita.ruiz.50 again" },
    });
    expect(await mentions()).toEqual([draft.json().data.id, planned.json().data.id]);
  });
});
