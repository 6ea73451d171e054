import { randomUUID } from "node:crypto";
import {
  type AckResult,
  COMMENT_LIMIT_PER_POST,
  type Comment,
  type CommentDeletedEvent,
  type CommentEvent,
  type CommentsDialog,
  messages,
} from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { comments, contentItems } from "../src/db/schema/index";
import { attachRealtime } from "../src/realtime/index";
import { createContent, createPerson, follow, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

let testDb: TestDatabase;
let app: App;
let origin: string;
let owner: SeededPerson;
let fan: SeededPerson;
let stranger: SeededPerson;
let critic: SeededPerson;
let as: Record<string, Record<string, string>>;
const sockets: Socket[] = [];

const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  app.deps.realtime = await attachRealtime(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
  // Visitors read her publications and their comments: a verified profile is public (decision 0014).
  owner = await createPerson(db(), {
    name: "Olga Owner",
    email: "olga@example.com",
    slug: "olga.owner.10",
    verificationStatus: "verified",
  });
  // Verified, so public: visitors in the room hear his comments live (decision 0014).
  fan = await createPerson(db(), {
    name: "Finn Fan",
    email: "finn@example.com",
    slug: "finn.fan.20",
    verificationStatus: "verified",
  });
  stranger = await createPerson(db(), {
    name: "Sam Stranger",
    email: "sam@example.com",
    slug: "sam.stranger.30",
  });
  // A verified third party: comments and replies on others' posts (the verification gates).
  critic = await createPerson(db(), {
    name: "Cleo Critic",
    email: "cleo@example.com",
    slug: "cleo.critic.35",
    verificationStatus: "verified",
  });
  as = {
    owner: await bearerFor(db(), owner.userId),
    fan: await bearerFor(db(), fan.userId),
    stranger: await bearerFor(db(), stranger.userId),
    critic: await bearerFor(db(), critic.userId),
  };
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await testDb.drop();
});

const call = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  who?: string,
  payload?: object,
) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who ? as[who] : {}, ...(payload ? { payload } : {}) });

async function openSocket(headers?: Record<string, string>): Promise<Socket> {
  const socket = connect(origin, {
    transports: ["websocket"],
    reconnection: false,
    ...(headers ? { auth: { token: headers.authorization!.slice(7) } } : {}),
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

async function join(socket: Socket, room: CommentsDialog["room"]): Promise<void> {
  const result = await new Promise<AckResult<{ room: string }>>((resolve) =>
    socket.emit("join-content-room", room, resolve),
  );
  expect(result.ok).toBe(true);
}

function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

async function newPost(settings: Partial<typeof contentItems.$inferInsert> = {}) {
  const post = await createContent(db(), { ownerId: owner.profileId, kind: "post", content: "Talk to me" });
  if (Object.keys(settings).length)
    await db().update(contentItems).set(settings).where(eq(contentItems.id, post.id));
  return post;
}

async function dialogOf(slug: string, who?: string): Promise<CommentsDialog> {
  const res = await call(
    "GET",
    `/comments/dialog?ownerSlug=Olga.Owner.10&commentableType=post&commentableSlug=${slug}`,
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe("comments dialog", () => {
  it("opens with ids, counters, who may comment and the room to join", async () => {
    const post = await newPost();
    const dialog = await dialogOf(post.slug, "fan");
    expect(dialog).toMatchObject({
      ownerSlug: "olga.owner.10",
      commentableId: post.id,
      commentableType: "post",
      commentableSlug: post.slug,
      isOwnerEntity: false,
      entityStatus: "active",
      ownerPrivacyId: "public_verified",
      isReplyActive: false,
      commentsMode: "open",
      canComment: true,
      cannotCommentReason: null,
      totalCount: 0,
      totalPages: 1,
      room: { ownerSlug: "olga.owner.10", contentSlug: post.slug, contentType: "post" },
    });
    expect((await dialogOf(post.slug)).cannotCommentReason).toBe("signInRequired");
    expect((await dialogOf(post.slug, "owner")).isOwnerEntity).toBe(true);
  });
});

describe("live conversation", () => {
  it("sends created, replied, updated, pinned, unpinned and deleted to everyone in the room", async () => {
    const post = await newPost();
    const { room } = await dialogOf(post.slug);
    const visitor = await openSocket();
    const reader = await openSocket(as.stranger);
    await join(visitor, room);
    await join(reader, room);

    // One comments, the others see it live.
    let seen = next<CommentEvent>(visitor, "comments.created");
    const seenToo = next<CommentEvent>(reader, "comments.created");
    const created = await call("POST", `/content/${post.id}/comments`, "fan", {
      body: "  First!  Great   post.  ",
    });
    expect(created.statusCode, created.body).toBe(201);
    const comment = created.json().data as Comment;
    expect(comment).toMatchObject({
      body: "First! Great post.",
      parentId: null,
      author: { slug: "finn.fan.20", name: "Finn Fan" },
      edited: false,
      pinned: false,
      replyCount: 0,
      image: null,
      permissions: { edit: true, delete: true, pin: false },
    });
    expect(created.json().meta.totalCount).toBe(1);
    const event = await seen;
    expect(event).toEqual({
      room,
      contentId: post.id,
      comment: { ...comment, permissions: undefined },
      totalCount: 1,
    });
    // Nothing viewer-specific travels to the room.
    expect(Object.keys(event.comment)).not.toContain("permissions");
    expect((await seenToo).comment.id).toBe(comment.id);

    // Reply mode.
    seen = next<CommentEvent>(visitor, "comments.replied");
    const reply = await call("POST", `/content/${post.id}/comments`, "owner", {
      body: "Thanks!",
      parentId: comment.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await seen).comment).toMatchObject({ parentId: comment.id, body: "Thanks!" });
    // A reply to a reply joins the same thread.
    const nested = await call("POST", `/content/${post.id}/comments`, "fan", {
      body: "You're welcome",
      parentId: reply.json().data.id,
    });
    expect(nested.json().data.parentId).toBe(comment.id);

    // Edit.
    seen = next<CommentEvent>(visitor, "comments.updated");
    const edited = await call("PATCH", `/comments/${comment.id}`, "fan", {
      body: "First! Great post, really.",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await seen).comment).toMatchObject({
      body: "First! Great post, really.",
      edited: true,
      replyCount: 2,
    });

    // Pin by the owner; pinning another replaces it.
    seen = next<CommentEvent>(visitor, "comments.pinned");
    expect((await call("PUT", `/comments/${comment.id}/pin`, "owner")).statusCode).toBe(200);
    expect((await seen).comment).toMatchObject({ id: comment.id, pinned: true });
    // By a public profile (the stranger is not verified: visitors would not hear of it).
    const second = (await call("POST", `/content/${post.id}/comments`, "owner", { body: "Second" })).json()
      .data as Comment;
    const unpinned = next<CommentEvent>(visitor, "comments.unpinned");
    seen = next<CommentEvent>(visitor, "comments.pinned");
    await call("PUT", `/comments/${second.id}/pin`, "owner");
    expect((await unpinned).comment.id).toBe(comment.id);
    expect((await seen).comment.id).toBe(second.id);
    const unpin = next<CommentEvent>(visitor, "comments.unpinned");
    expect((await call("DELETE", `/comments/${second.id}/pin`, "owner")).json().data.pinned).toBe(false);
    expect((await unpin).comment.id).toBe(second.id);

    // Deleting a thread's head takes its replies; the counter follows.
    const deleted = next<CommentDeletedEvent>(visitor, "comments.deleted");
    expect((await call("DELETE", `/comments/${comment.id}`, "fan")).statusCode).toBe(204);
    const gone = await deleted;
    expect(gone).toMatchObject({ contentId: post.id, commentId: comment.id, parentId: null, totalCount: 1 });
    expect(gone.deletedIds.sort()).toEqual([comment.id, reply.json().data.id, nested.json().data.id].sort());
    const [row] = await db().select().from(contentItems).where(eq(contentItems.id, post.id));
    expect(row!.commentCount).toBe(1);
  });

  it("does not send a comment to sockets of a profile in a block with its author", async () => {
    const post = await newPost();
    const { room } = await dialogOf(post.slug);
    const blocker = await createPerson(db(), {
      name: "Bo Blocker",
      email: "bo@example.com",
      slug: "bo.blocker.40",
    });
    const asBlocker = await bearerFor(db(), blocker.userId);
    expect(
      (await app.inject({ method: "POST", url: "/api/v1/profiles/finn.fan.20/block", headers: asBlocker }))
        .statusCode,
    ).toBe(204);
    const blockedOut = await openSocket(asBlocker);
    const visitor = await openSocket();
    await join(blockedOut, room);
    await join(visitor, room);
    let leaked = false;
    blockedOut.on("comments.created", (event: CommentEvent) => {
      if (event.comment.author.slug === "finn.fan.20") leaked = true;
    });
    const fromFan = next<CommentEvent>(visitor, "comments.created");
    await call("POST", `/content/${post.id}/comments`, "fan", { body: "Hello" });
    await fromFan;
    // Both sockets are on this node; a second comment that reaches the blocker proves ordering.
    const fromOwner = next<CommentEvent>(blockedOut, "comments.created");
    await call("POST", `/content/${post.id}/comments`, "owner", { body: "Welcome" });
    expect((await fromOwner).comment.author.slug).toBe("olga.owner.10");
    expect(leaked).toBe(false);
    // Nor does the list show it to them.
    const list = await app.inject({
      method: "GET",
      url: `/api/v1/content/${post.id}/comments`,
      headers: asBlocker,
    });
    expect(list.json().data.map((c: Comment) => c.author.slug)).toEqual(["olga.owner.10"]);
  });
});

describe("who may comment", () => {
  it("refuses a comment on a comments-off post with the catalogue's error", async () => {
    const post = await newPost({ commentsMode: "off" });
    const res = await call("POST", `/content/${post.id}/comments`, "fan", { body: "Hello?" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: "comments_disabled", message: messages.commentsOff });
    expect((await dialogOf(post.slug, "fan")).cannotCommentReason).toBe("off");
  });

  it("limited: followers and verified profiles only", async () => {
    const post = await newPost({ commentsMode: "limited" });
    // The dialog tells the limited rule; a comment by an unverified person meets the verification
    // gate first (403 user_notVerified), follower or not.
    expect((await dialogOf(post.slug, "stranger")).cannotCommentReason).toBe("limited");
    const refused = await call("POST", `/content/${post.id}/comments`, "stranger", { body: "Hi" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("user_notVerified");
    await follow(db(), stranger.profileId, owner.profileId);
    expect((await dialogOf(post.slug, "stranger")).cannotCommentReason).toBeNull();
    const follower = await call("POST", `/content/${post.id}/comments`, "stranger", { body: "Hi" });
    expect(follower.statusCode).toBe(403);
    expect(follower.json().error.code).toBe("user_notVerified");
    const verified = await createPerson(db(), {
      name: "Vera Verified",
      email: "vera@example.com",
      slug: "vera.verified.50",
      verificationStatus: "verified",
    });
    const res = await app.inject({
      method: "POST",
      url: `/api/v1/content/${post.id}/comments`,
      headers: await bearerFor(db(), verified.userId),
      payload: { body: "Verified hello" },
    });
    expect(res.statusCode).toBe(201);
    expect((await call("POST", `/content/${post.id}/comments`, "owner", { body: "Owner" })).statusCode).toBe(
      201,
    );
  });

  it("validates the body: required, trimmed, at most 3,000 characters", async () => {
    const post = await newPost();
    const empty = await call("POST", `/content/${post.id}/comments`, "fan", { body: "   " });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.details).toContainEqual({ path: "body.body", message: messages.fieldRequired });
    const long = await call("POST", `/content/${post.id}/comments`, "fan", { body: "a".repeat(3001) });
    expect(long.statusCode).toBe(422);
  });

  it("stops at 1,000 comments per post with the comment-limit error, and counts a deletion back", async () => {
    const post = await newPost();
    const now = Date.now();
    await db()
      .insert(comments)
      .values(
        Array.from({ length: COMMENT_LIMIT_PER_POST - 1 }, (_, i) => ({
          id: randomUUID(),
          contentId: post.id,
          authorId: stranger.profileId,
          body: `Comment ${i}`,
          createdAt: new Date(now - 1_000_000 + i),
        })),
      );
    await db()
      .update(contentItems)
      .set({ commentCount: COMMENT_LIMIT_PER_POST - 1 })
      .where(eq(contentItems.id, post.id));
    const last = await call("POST", `/content/${post.id}/comments`, "fan", { body: "The thousandth" });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().meta.totalCount).toBe(COMMENT_LIMIT_PER_POST);
    const over = await call("POST", `/content/${post.id}/comments`, "owner", { body: "One more" });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: "comments_limitReached",
      message: messages.commentLimitReached,
      details: { limit: COMMENT_LIMIT_PER_POST },
    });
    expect((await dialogOf(post.slug, "owner")).cannotCommentReason).toBe("limitReached");
    expect((await call("DELETE", `/comments/${last.json().data.id}`, "owner")).statusCode).toBe(204);
    expect(
      (await call("POST", `/content/${post.id}/comments`, "owner", { body: "Now there is room" })).statusCode,
    ).toBe(201);
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(sql`${comments.contentId} = ${post.id} AND ${comments.deletedAt} IS NULL`)) as [{ n: number }];
    expect(n).toBe(COMMENT_LIMIT_PER_POST);
  });

  it("refuses a flood of comments from one account with request_tooMany", async () => {
    const post = await newPost();
    const flooder = await createPerson(db(), {
      name: "Flo Flood",
      email: "flo@example.com",
      slug: "flo.flood.60",
      verificationStatus: "verified",
    });
    const headers = await bearerFor(db(), flooder.userId);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await app.inject({
        method: "POST",
        url: `/api/v1/content/${post.id}/comments`,
        headers,
        payload: { body: `spam ${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe("request_tooMany");
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe("edit, delete, pin rights and lists", () => {
  it("lets authors edit and delete their own, owners delete and pin any, and nobody else", async () => {
    const post = await newPost();
    const byFan = (await call("POST", `/content/${post.id}/comments`, "fan", { body: "Mine" })).json()
      .data as Comment;
    const editByOther = await call("PATCH", `/comments/${byFan.id}`, "owner", { body: "Hijacked" });
    expect(editByOther.statusCode).toBe(403);
    expect(editByOther.json().error.code).toBe("accountManager_permissionNotProvided");
    expect((await call("DELETE", `/comments/${byFan.id}`, "critic")).statusCode).toBe(403);
    expect((await call("PUT", `/comments/${byFan.id}/pin`, "fan")).statusCode).toBe(403);
    const reply = (
      await call("POST", `/content/${post.id}/comments`, "critic", { body: "R", parentId: byFan.id })
    ).json().data as Comment;
    const pinReply = await call("PUT", `/comments/${reply.id}/pin`, "owner");
    expect(pinReply.statusCode).toBe(422);
    expect(pinReply.json().error.code).toBe("comment_notPinnable");
    // The owner may delete a reply; the thread's count follows.
    expect((await call("DELETE", `/comments/${reply.id}`, "owner")).statusCode).toBe(204);
    const list = await call("GET", `/content/${post.id}/comments`, "owner");
    expect(list.json().data[0]).toMatchObject({
      id: byFan.id,
      replyCount: 0,
      permissions: { edit: false, delete: true, pin: true },
    });
    expect((await call("PATCH", `/comments/${reply.id}`, "critic", { body: "x" })).statusCode).toBe(404);
  });

  it("lists top-level comments newest first with the pinned one first, by page or cursor, and replies oldest first", async () => {
    const post = await newPost();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const who = ["fan", "critic", "owner"][i % 3]!;
      ids.push((await call("POST", `/content/${post.id}/comments`, who, { body: `c${i}` })).json().data.id);
    }
    await call("PUT", `/comments/${ids[0]}/pin`, "owner");
    const replies: string[] = [];
    for (let i = 0; i < 3; i++) {
      replies.push(
        (
          await call("POST", `/content/${post.id}/comments`, "fan", { body: `r${i}`, parentId: ids[3] })
        ).json().data.id,
      );
    }
    // Read as the post's owner, a signed-in member.
    const page1 = (await call("GET", `/content/${post.id}/comments?perPage=3`, "owner")).json();
    expect(page1.meta).toMatchObject({ totalCount: 10, totalPages: 3, page: 1, perPage: 3 });
    expect(page1.data.map((c: Comment) => c.id)).toEqual([ids[0], ids[6], ids[5], ids[4]]);
    const page2 = (await call("GET", `/content/${post.id}/comments?perPage=3&page=2`, "owner")).json();
    expect(page2.data.map((c: Comment) => c.id)).toEqual([ids[3], ids[2], ids[1]]);
    const byCursor = (
      await call("GET", `/content/${post.id}/comments?perPage=3&cursor=${page1.meta.nextCursor}`, "owner")
    ).json();
    expect(byCursor.data.map((c: Comment) => c.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(byCursor.meta.nextCursor).toBeNull();
    const thread = (await call("GET", `/comments/${ids[3]}/replies?perPage=2`, "owner")).json();
    expect(thread.data.map((c: Comment) => c.id)).toEqual(replies.slice(0, 2));
    const rest = (
      await call("GET", `/comments/${ids[3]}/replies?perPage=2&cursor=${thread.meta.nextCursor}`, "owner")
    ).json();
    expect(rest.data.map((c: Comment) => c.id)).toEqual(replies.slice(2));
    expect(page2.data.find((c: Comment) => c.id === ids[3]).replyCount).toBe(3);
  });
});
