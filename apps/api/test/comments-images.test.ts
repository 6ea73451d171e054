import type { AckResult, Comment, CommentEvent, CommentsDialog, Media } from "@vn/contract";
import { messages } from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { comments, contentItems, mediaFiles } from "../src/db/schema/index";
import { attachRealtime } from "../src/realtime/index";
import { createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { filesUnder, mediaDir, pathOf, uploadFile } from "./support/media";
import { jpeg } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Images in comments (issue 6; docs/decisions/0011-comment-images.md): one comment_content_image
 * of the acting profile per comment, checked in the comment's transaction, served with its
 * variants in lists and live events, deleted with its comment; and the per-post limit as a
 * config setting.
 */
let testDb: TestDatabase;
let app: App;
let media: Awaited<ReturnType<typeof mediaDir>>;
let origin: string;
let owner: SeededPerson;
let fan: SeededPerson;
let as: Record<string, Record<string, string>>;
const sockets: Socket[] = [];
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  app = await buildApp(testConfig({ MEDIA_DIR: media.dir, RATE_LIMIT_PER_MINUTE: "100000" }), {
    database: testDb.database,
  });
  app.deps.realtime = await attachRealtime(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // Visitors read her publications' comments: a verified profile is public (decision 0014).
  owner = await createPerson(db(), {
    name: "Ines Owner",
    email: "ines@example.com",
    slug: "ines.owner.10",
    verificationStatus: "verified",
  });
  fan = await createPerson(db(), {
    name: "Pia Fan",
    email: "pia@example.com",
    slug: "pia.fan.20",
    verificationStatus: "verified",
  });
  as = { owner: await bearerFor(db(), owner.userId), fan: await bearerFor(db(), fan.userId) };
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await testDb.drop();
  await media.remove();
});

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who?: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who ? as[who] : {}, ...(payload ? { payload } : {}) });

async function upload(who: string, uploadType = "comment_content_image"): Promise<Media> {
  const { res, media: file } = await uploadFile(
    app,
    as[who]!,
    { uploadType },
    { name: "sunset.jpg", data: await jpeg(480, 400) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return file!;
}

async function newPost() {
  return createContent(db(), { ownerId: owner.profileId, kind: "post", content: "Show me" });
}

async function commentCount(contentId: string): Promise<{ rows: number; counter: number }> {
  const [rows] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .where(eq(comments.contentId, contentId));
  const [item] = await db()
    .select({ n: contentItems.commentCount })
    .from(contentItems)
    .where(eq(contentItems.id, contentId));
  return { rows: Number(rows?.n), counter: item!.n };
}

async function openRoom(slug: string): Promise<Socket> {
  const dialog = (
    await call("GET", `/comments/dialog?ownerSlug=ines.owner.10&commentableType=post&commentableSlug=${slug}`)
  ).json().data as CommentsDialog;
  const socket = connect(origin, { transports: ["websocket"], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  const joined = await new Promise<AckResult<{ room: string }>>((resolve) =>
    socket.emit("join-content-room", dialog.room, resolve),
  );
  expect(joined.ok).toBe(true);
  return socket;
}

const next = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

async function expectServed(url: string | null): Promise<void> {
  const res = await app.inject({ method: "GET", url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("image/webp");
}

describe("a comment with an image", () => {
  it("carries the image's variants in its answer, the list and the live event", async () => {
    const post = await newPost();
    const visitor = await openRoom(post.slug);
    const file = await upload("fan");
    const created = next<CommentEvent>(visitor, "comments.created");
    const res = await call("POST", `/content/${post.id}/comments`, "fan", { body: "Look", imageId: file.id });
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json().data as Comment;
    expect(comment.image).toMatchObject({ id: file.id, status: "ready", width: 480, height: 400 });
    for (const url of Object.values(comment.image!.urls)) await expectServed(url);

    const event = await created;
    expect(event.comment.image).toEqual(comment.image);
    expect(event.comment).not.toHaveProperty("permissions");

    const list = (await call("GET", `/content/${post.id}/comments`)).json().data as Comment[];
    expect(list.find((c) => c.id === comment.id)?.image).toEqual(comment.image);
  });

  it("may be image-only, in a reply too; text or an image is required", async () => {
    const post = await newPost();
    const head = (await call("POST", `/content/${post.id}/comments`, "owner", { body: "Pictures?" })).json()
      .data as Comment;
    const visitor = await openRoom(post.slug);
    const file = await upload("fan");
    const replied = next<CommentEvent>(visitor, "comments.replied");
    const reply = await call("POST", `/content/${post.id}/comments`, "fan", {
      parentId: head.id,
      imageId: file.id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data).toMatchObject({ body: "", parentId: head.id, image: { id: file.id } });
    expect((await replied).comment.image?.id).toBe(file.id);

    const empty = await call("POST", `/content/${post.id}/comments`, "fan", { body: "  " });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.details).toContainEqual({ path: "body.body", message: messages.fieldRequired });
  });

  it("refuses someone else's file, another upload type, and a file already used, writing nothing", async () => {
    const post = await newPost();
    const before = await commentCount(post.id);

    const owners = await upload("owner");
    const theirs = await call("POST", `/content/${post.id}/comments`, "fan", {
      body: "Mine?",
      imageId: owners.id,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toMatchObject({ code: "file_notFound", details: { mediaId: owners.id } });

    const missing = await call("POST", `/content/${post.id}/comments`, "fan", { body: "?", imageId: "nope" });
    expect(missing.json().error.code).toBe("file_notFound");

    const postImage = await upload("fan", "post_image");
    const wrongType = await call("POST", `/content/${post.id}/comments`, "fan", {
      body: "Wrong kind",
      imageId: postImage.id,
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().error).toMatchObject({
      code: "file_invalidType",
      message: messages.fileInvalidType,
    });
    expect(await commentCount(post.id)).toEqual(before);

    const file = await upload("fan");
    const first = await call("POST", `/content/${post.id}/comments`, "fan", {
      body: "Once",
      imageId: file.id,
    });
    expect(first.statusCode).toBe(201);
    const again = await call("POST", `/content/${post.id}/comments`, "fan", {
      body: "Twice",
      imageId: file.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: "request_conflict", details: { reason: "imageInUse" } });
    expect(await commentCount(post.id)).toEqual({ rows: before.rows + 1, counter: before.counter + 1 });
  });

  it("lets two comments race for one file: one wins, the other is refused", async () => {
    const post = await newPost();
    const file = await upload("fan");
    const answers = await Promise.all(
      ["A", "B"].map((body) =>
        call("POST", `/content/${post.id}/comments`, "fan", { body, imageId: file.id }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await commentCount(post.id)).toEqual({ rows: 1, counter: 1 });
  });
});

describe("editing and deleting", () => {
  it("replaces and removes the image on edit, deleting the file it replaced; updated carries it", async () => {
    const post = await newPost();
    const first = await upload("fan");
    const comment = (
      await call("POST", `/content/${post.id}/comments`, "fan", { body: "v1", imageId: first.id })
    ).json().data as Comment;
    const visitor = await openRoom(post.slug);

    const second = await upload("fan");
    const updated = next<CommentEvent>(visitor, "comments.updated");
    const replaced = await call("PATCH", `/comments/${comment.id}`, "fan", {
      body: "v2",
      imageId: second.id,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.image.id).toBe(second.id);
    expect((await updated).comment.image?.id).toBe(second.id);
    expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, first.id))).toEqual([]);
    expect((await app.inject({ method: "GET", url: pathOf(first.urls.preview) })).statusCode).toBe(404);

    // Text only: the image stays when imageId is absent.
    const textOnly = await call("PATCH", `/comments/${comment.id}`, "fan", { body: "v3" });
    expect(textOnly.json().data).toMatchObject({ body: "v3", image: { id: second.id } });

    // Removing the image of a comment with no text would leave nothing.
    const nothing = await call("PATCH", `/comments/${comment.id}`, "fan", { body: "", imageId: null });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().error.details).toContainEqual({
      path: "body.body",
      message: messages.fieldRequired,
    });

    const removed = await call("PATCH", `/comments/${comment.id}`, "fan", { body: "v4", imageId: null });
    expect(removed.json().data).toMatchObject({ body: "v4", image: null });
    expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, second.id))).toEqual([]);

    // Only the author edits, and only with their own file.
    const owners = await upload("owner");
    const foreign = await call("PATCH", `/comments/${comment.id}`, "owner", {
      body: "x",
      imageId: owners.id,
    });
    expect(foreign.json().error.code).toBe("accountManager_permissionNotProvided");
  });

  it("deletes a thread's images with it, so their URLs stop answering", async () => {
    const post = await newPost();
    const headFile = await upload("fan");
    const replyFile = await upload("owner");
    const head = (
      await call("POST", `/content/${post.id}/comments`, "fan", { body: "Head", imageId: headFile.id })
    ).json().data as Comment;
    const reply = (
      await call("POST", `/content/${post.id}/comments`, "owner", {
        parentId: head.id,
        imageId: replyFile.id,
      })
    ).json().data as Comment;
    expect(reply.image?.id).toBe(replyFile.id);
    const stored = (await filesUnder(media.dir)).filter((f) => f.includes(headFile.id));
    expect(stored.length).toBeGreaterThan(0);

    // The post's owner deletes the fan's thread (moderation): both images go.
    expect((await call("DELETE", `/comments/${head.id}`, "owner")).statusCode).toBe(204);
    for (const file of [headFile, replyFile]) {
      expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, file.id))).toEqual([]);
      expect((await app.inject({ method: "GET", url: pathOf(file.urls.full) })).statusCode).toBe(404);
      expect((await filesUnder(media.dir)).filter((f) => f.includes(file.id))).toEqual([]);
    }
    const [row] = await db().select().from(comments).where(eq(comments.id, head.id));
    expect(row?.imageMediaId).toBeNull();
  });

  it("drops the image when its owner removes the file, keeping the comment", async () => {
    const post = await newPost();
    const file = await upload("fan");
    const comment = (
      await call("POST", `/content/${post.id}/comments`, "fan", { body: "Soon gone", imageId: file.id })
    ).json().data as Comment;
    expect((await call("DELETE", `/media/${file.id}`, "fan")).statusCode).toBe(204);
    const list = (await call("GET", `/content/${post.id}/comments`)).json().data as Comment[];
    expect(list.find((c) => c.id === comment.id)).toMatchObject({ body: "Soon gone", image: null });
  });
});

describe("images never sent", () => {
  it("are removed by the media sweep a day after upload; sent ones stay", async () => {
    const post = await newPost();
    const unsent = await upload("fan");
    const sent = await upload("fan");
    await call("POST", `/content/${post.id}/comments`, "fan", { body: "Kept", imageId: sent.id });
    // A day is not over yet: nothing goes.
    await app.media.sweep(new Date(Date.now() + 60 * 60 * 1000));
    expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, unsent.id))).toHaveLength(1);
    await app.media.sweep(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, unsent.id))).toEqual([]);
    expect((await filesUnder(media.dir)).filter((f) => f.includes(unsent.id))).toEqual([]);
    expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, sent.id))).toHaveLength(1);
    expect((await filesUnder(media.dir)).filter((f) => f.includes(sent.id)).length).toBeGreaterThan(0);
  });
});

describe("the per-post limit as a setting", () => {
  it("COMMENT_LIMIT_PER_POST lowers the limit: the dialog says limitReached and a write is refused", async () => {
    const small = await buildApp(testConfig({ MEDIA_DIR: media.dir, COMMENT_LIMIT_PER_POST: "2" }), {
      database: testDb.database,
    });
    try {
      const post = await newPost();
      const write = (body: string) =>
        small.inject({
          method: "POST",
          url: `/api/v1/content/${post.id}/comments`,
          headers: as.fan,
          payload: { body },
        });
      expect((await write("one")).statusCode).toBe(201);
      expect((await write("two")).statusCode).toBe(201);
      const over = await write("three");
      expect(over.statusCode).toBe(409);
      expect(over.json().error).toMatchObject({
        code: "comments_limitReached",
        message: messages.commentLimitReached,
        details: { limit: 2 },
      });
      const dialog = await small.inject({
        method: "GET",
        url: `/api/v1/comments/dialog?ownerSlug=ines.owner.10&commentableType=post&commentableSlug=${post.slug}`,
        headers: as.fan,
      });
      expect(dialog.json().data).toMatchObject({ canComment: false, cannotCommentReason: "limitReached" });
      // The default app still has room on the same post.
      expect((await call("POST", `/content/${post.id}/comments`, "fan", { body: "three" })).statusCode).toBe(
        201,
      );
    } finally {
      await small.close();
    }
  });
});
