import { randomUUID } from "node:crypto";
import { CHAT_GROUP_MAX, CHAT_MESSAGE_MAX, messages } from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blocks, chatMembers, chatMessages, subscriptions } from "../src/db/schema/index";
import { follow } from "../src/seed/library";
import { chatsHarness, type Json, type Member } from "./support/chats";
import { uploadFile } from "./support/media";
import { jpeg } from "./support/media-fixtures";

/**
 * The messenger's rules over HTTP (issue 15; docs/decisions/0021-messenger.md): who may write to
 * whom, message requests, sending (idempotent client ids, files, limits), editing, deleting,
 * history, reads, groups, settings, search and reports. Live events are in chats-realtime.test.ts.
 */
const h = chatsHarness();
const { call, person, start, send, db } = h;

async function messageRows(chatId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId));
  return Number(row?.n ?? 0);
}

async function member(chatId: string, profileId: string) {
  const [row] = await db()
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.profileId, profileId)));
  return row!;
}

describe("who may write to whom", () => {
  it("refuses an unverified sender, a plan without the messenger and a company role without chats", async () => {
    const target = await person();
    const unverified = await person({ verification: "not_verified" });
    const basic = await person({ plan: "basic" });
    for (const [who, code] of [
      [unverified, "user_notVerified"],
      [basic, "account_accessForbiddenByPlan"],
    ] as const) {
      const res = await call("POST", "/chats", who, { with: target.slug });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe(code);
    }
    const access = await call("GET", `/chats/access/${target.slug}`, basic);
    expect(access.json().data).toMatchObject({ allowed: false, code: "account_accessForbiddenByPlan" });
  });

  it("refuses unverified, blocked, `nobody` and `following` recipients with the catalogue's sentence", async () => {
    const sender = await person();
    const unverified = await person({ verification: "pending" });
    const blocked = await person();
    const blocker = await person();
    const nobody = await person();
    const picky = await person();
    await db().insert(blocks).values({ blockerId: sender.profileId, blockedId: blocked.profileId });
    await db().insert(blocks).values({ blockerId: blocker.profileId, blockedId: sender.profileId });
    expect((await call("PATCH", "/chats/settings", nobody, { messagePolicy: "nobody" })).statusCode).toBe(
      200,
    );
    expect((await call("PATCH", "/chats/settings", picky, { messagePolicy: "following" })).statusCode).toBe(
      200,
    );
    for (const target of [unverified, blocked, blocker, nobody, picky]) {
      const res = await call("POST", "/chats", sender, { with: target.slug });
      expect(res.statusCode, target.slug).toBe(403);
      expect(res.json().error).toMatchObject({
        code: "chat_unavailable",
        message: "Chat with this user is not available.",
      });
    }
    // `following` lets in those the recipient follows.
    await follow(db(), picky.profileId, sender.profileId);
    expect((await call("POST", "/chats", sender, { with: picky.slug })).statusCode).toBe(201);
    expect((await call("GET", `/chats/access/${picky.slug}`, sender)).json().data.allowed).toBe(true);
  });

  it("opens one direct conversation per pair and answers the existing one", async () => {
    const anna = await person();
    const ben = await person();
    const first = await call("POST", "/chats", anna, { with: ben.slug });
    expect(first.statusCode).toBe(201);
    const again = await call("POST", "/chats", anna, { with: ben.slug.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    await send(anna, first.json().data.id, "Hi Ben");
    const fromBen = await call("POST", "/chats", ben, { with: anna.slug });
    expect(fromBen.statusCode).toBe(200);
    expect(fromBen.json().data.id).toBe(first.json().data.id);
  });

  it("keeps a lapsed plan's conversations readable and refuses its writes", async () => {
    const anna = await person();
    const ben = await person();
    await follow(db(), ben.profileId, anna.profileId);
    const chatId = await start(anna, ben);
    await send(anna, chatId, "Before the plan lapsed");
    await db()
      .update(subscriptions)
      .set({ planTier: "basic" })
      .where(eq(subscriptions.ownerProfileId, anna.profileId));
    const read = await call("GET", `/chats/${chatId}/messages`, anna);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toHaveLength(1);
    const write = await call("POST", `/chats/${chatId}/messages`, anna, {
      clientId: randomUUID(),
      body: "After",
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe("account_accessForbiddenByPlan");
    expect(await messageRows(chatId)).toBe(1);
  });
});

describe("message requests", () => {
  it("puts a stranger's first message under Requests; accepting moves it to the inbox", async () => {
    const stranger = await person();
    const host = await person();
    const chatId = await start(stranger, host);
    // Nothing to show the recipient before the first message.
    expect((await call("GET", "/chats?folder=requests", host)).json().data).toHaveLength(0);
    await send(stranger, chatId, "Hello, we have not met");
    const requests = (await call("GET", "/chats?folder=requests", host)).json().data;
    expect(requests.map((c: Json) => c.id)).toEqual([chatId]);
    expect(requests[0].me.request).toBe("pending");
    expect((await call("GET", "/chats", host)).json().data).toHaveLength(0);
    expect((await call("GET", "/chats/unread", host)).json().data).toEqual({ conversations: 0, requests: 1 });
    // The sender sees it in their own inbox meanwhile.
    expect((await call("GET", "/chats", stranger)).json().data.map((c: Json) => c.id)).toContain(chatId);

    const accepted = await call("POST", `/chats/${chatId}/request`, host, { answer: "accept" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.me.request).toBe("accepted");
    expect((await call("GET", "/chats", host)).json().data.map((c: Json) => c.id)).toEqual([chatId]);
    expect((await call("GET", "/chats/unread", host)).json().data).toEqual({ conversations: 1, requests: 0 });
    const again = await call("POST", `/chats/${chatId}/request`, host, { answer: "accept" });
    expect(again.json().error.code).toBe("chat_noRequest");
  });

  it("a decline makes the conversation gone for the recipient and unwritable for the sender", async () => {
    const stranger = await person();
    const host = await person();
    const chatId = await start(stranger, host);
    await send(stranger, chatId, "Buy my course");
    expect((await call("POST", `/chats/${chatId}/request`, host, { answer: "decline" })).statusCode).toBe(
      204,
    );
    expect((await call("GET", `/chats/${chatId}`, host)).json().error.code).toBe("chat_notFound");
    expect((await call("GET", "/chats?folder=requests", host)).json().data).toHaveLength(0);
    const res = await call("POST", `/chats/${chatId}/messages`, stranger, {
      clientId: randomUUID(),
      body: "Hello?",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.chatUnavailable);
    expect(await messageRows(chatId)).toBe(1);
  });

  it("a block blocks the sender and ends the conversation both ways", async () => {
    const stranger = await person();
    const host = await person();
    const chatId = await start(stranger, host);
    await send(stranger, chatId, "Spam");
    expect((await call("POST", `/chats/${chatId}/request`, host, { answer: "block" })).statusCode).toBe(204);
    const [block] = await db()
      .select()
      .from(blocks)
      .where(and(eq(blocks.blockerId, host.profileId), eq(blocks.blockedId, stranger.profileId)));
    expect(block).toBeTruthy();
    const res = await call("POST", `/chats/${chatId}/messages`, stranger, {
      clientId: randomUUID(),
      body: "Again",
    });
    expect(res.json().error.code).toBe("chat_unavailable");
    expect((await call("POST", "/chats", stranger, { with: host.slug })).statusCode).toBe(200);
    expect((await call("GET", `/chats/access/${host.slug}`, stranger)).json().data.allowed).toBe(false);
  });

  it("a block in an accepted conversation refuses writes both ways; the history stays readable", async () => {
    const anna = await person();
    const ben = await person();
    await follow(db(), ben.profileId, anna.profileId);
    const chatId = await start(anna, ben);
    await send(anna, chatId, "Hi");
    await send(ben, chatId, "Hello");
    await db().insert(blocks).values({ blockerId: ben.profileId, blockedId: anna.profileId });
    for (const who of [anna, ben]) {
      const res = await call("POST", `/chats/${chatId}/messages`, who, { clientId: randomUUID(), body: "x" });
      expect(res.json().error.code).toBe("chat_unavailable");
      expect((await call("GET", `/chats/${chatId}`, who)).json().data.cannotWrite).toBe("chat_unavailable");
      expect((await call("GET", `/chats/${chatId}/messages`, who)).json().data).toHaveLength(2);
    }
  });
});

describe("sending", () => {
  async function pair(): Promise<{ anna: Member; ben: Member; chatId: string }> {
    const anna = await person();
    const ben = await person();
    await follow(db(), ben.profileId, anna.profileId);
    return { anna, ben, chatId: await start(anna, ben) };
  }

  it("stores a retried send once and answers the stored message", async () => {
    const { anna, ben, chatId } = await pair();
    const clientId = randomUUID();
    const first = await call("POST", `/chats/${chatId}/messages`, anna, { clientId, body: "Once" });
    const retry = await call("POST", `/chats/${chatId}/messages`, anna, { clientId, body: "Once" });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect(first.json().data.clientId).toBe(clientId);
    expect(await messageRows(chatId)).toBe(1);
    expect((await member(chatId, ben.profileId)).unreadCount).toBe(1);
    // The other side never sees the sender's client id.
    const seen = (await call("GET", `/chats/${chatId}/messages`, ben)).json().data[0];
    expect(seen.clientId).toBeNull();
  });

  it("refuses empty and over-long messages and writes nothing", async () => {
    const { anna, chatId } = await pair();
    for (const body of ["", "   \n  ", "x".repeat(CHAT_MESSAGE_MAX + 1)]) {
      const res = await call("POST", `/chats/${chatId}/messages`, anna, { clientId: randomUUID(), body });
      expect(res.statusCode, body.slice(0, 10)).toBe(422);
      expect(res.json().error.code).toBe("request_validationFailed");
    }
    expect(
      (
        await call("POST", `/chats/${chatId}/messages`, anna, {
          clientId: randomUUID(),
          body: "x".repeat(CHAT_MESSAGE_MAX),
        })
      ).statusCode,
    ).toBe(201);
    expect(await messageRows(chatId)).toBe(1);
  });

  it("sends the sender's own image; refuses another's file, a wrong type and reuse, writing nothing", async () => {
    const { anna, ben, chatId } = await pair();
    const upload = async (who: Member, uploadType: string) => {
      const { res, media } = await uploadFile(
        h.state.app,
        who.headers,
        { uploadType },
        { name: "a.jpg", data: await jpeg(400, 400) },
      );
      expect(res.statusCode, res.body).toBe(201);
      return media!.id;
    };
    const image = await upload(anna, "chat_attachment");
    const sent = await send(anna, chatId, "", { attachmentIds: [image] });
    expect(sent.attachments).toHaveLength(1);
    expect(sent.attachments[0].urls.full).toContain("sig=");
    const before = await messageRows(chatId);
    const bens = await upload(ben, "chat_attachment");
    const wrongType = await upload(anna, "user_gallery_image");
    // The interim types of the first version are refused now: chat files are chat_attachment only.
    const commentImage = await upload(anna, "comment_content_image");
    for (const [ids, code] of [
      [[bens], "file_notFound"],
      [[wrongType], "file_invalidType"],
      [[commentImage], "file_invalidType"],
      [[image], "request_conflict"],
    ] as const) {
      const res = await call("POST", `/chats/${chatId}/messages`, anna, {
        clientId: randomUUID(),
        body: "x",
        attachmentIds: ids,
      });
      expect(res.json().error.code).toBe(code);
    }
    expect(await messageRows(chatId)).toBe(before);
    expect((await member(chatId, ben.profileId)).unreadCount).toBe(1);
  });

  it("edits within 15 minutes only, one's own only; deletes for everyone leaving a tombstone", async () => {
    const { anna, ben, chatId } = await pair();
    const message = await send(anna, chatId, "Typo hre");
    const edited = await call("PATCH", `/chats/${chatId}/messages/${message.id}`, anna, {
      body: "Typo here",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ body: "Typo here" });
    expect(edited.json().data.editedAt).not.toBeNull();
    const notMine = await call("PATCH", `/chats/${chatId}/messages/${message.id}`, ben, { body: "Hacked" });
    expect(notMine.json().error.code).toBe("chat_notSender");
    await db()
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(chatMessages.id, message.id));
    const late = await call("PATCH", `/chats/${chatId}/messages/${message.id}`, anna, { body: "Too late" });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("chat_editWindowClosed");
    expect((await call("DELETE", `/chats/${chatId}/messages/${message.id}`, ben)).json().error.code).toBe(
      "chat_notSender",
    );
    const deleted = await call("DELETE", `/chats/${chatId}/messages/${message.id}`, anna);
    expect(deleted.statusCode).toBe(200);
    const history = (await call("GET", `/chats/${chatId}/messages`, ben)).json().data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ id: message.id, body: "", attachments: [] });
    expect(history[0].deletedAt).not.toBeNull();
  });

  it("pages history by seq and marks read with receipts and a reset unread count", async () => {
    const { anna, ben, chatId } = await pair();
    const sent = [];
    for (let i = 1; i <= 5; i++) sent.push(await send(anna, chatId, `Message ${i}`));
    const newest = (await call("GET", `/chats/${chatId}/messages?perPage=2`, ben)).json();
    expect(newest.data.map((m: Json) => m.body)).toEqual(["Message 4", "Message 5"]);
    expect(newest.meta).toEqual({ hasOlder: true, hasNewer: false });
    const older = (
      await call("GET", `/chats/${chatId}/messages?perPage=2&before=${newest.data[0].seq}`, ben)
    ).json();
    expect(older.data.map((m: Json) => m.body)).toEqual(["Message 2", "Message 3"]);
    const oldest = (
      await call("GET", `/chats/${chatId}/messages?perPage=2&before=${older.data[0].seq}`, ben)
    ).json();
    expect(oldest.data.map((m: Json) => m.body)).toEqual(["Message 1"]);
    expect(oldest.meta.hasOlder).toBe(false);

    expect((await call("GET", "/chats/unread", ben)).json().data.conversations).toBe(1);
    const read = await call("POST", `/chats/${chatId}/read`, ben, { seq: sent[2].seq });
    expect(read.json().data).toEqual({ chatId, lastReadSeq: sent[2].seq, unreadCount: 2 });
    await call("POST", `/chats/${chatId}/read`, ben, { seq: Number.MAX_SAFE_INTEGER });
    const chat = (await call("GET", `/chats/${chatId}`, anna)).json().data;
    expect(chat.members.find((m: Json) => m.profile.id === ben.profileId).lastReadSeq).toBe(sent[4].seq);
    expect((await call("GET", "/chats/unread", ben)).json().data.conversations).toBe(0);
  });

  it("lists the inbox newest activity first, by keyset pages, and finds by full text", async () => {
    const me = await person({ name: "Inbox Owner" });
    const ids: string[] = [];
    for (const name of ["Zoë Zielinski", "Yann Young", "Xavier Xu"]) {
      const other = await person({ name });
      await follow(db(), other.profileId, me.profileId);
      const chatId = await start(me, other);
      await send(me, chatId, name === "Yann Young" ? "About the café déjà vu meeting" : "Hello there");
      ids.push(chatId);
    }
    const first = (await call("GET", "/chats?perPage=2", me)).json();
    expect(first.data.map((c: Json) => c.id)).toEqual([ids[2], ids[1]]);
    const second = (await call("GET", `/chats?perPage=2&cursor=${first.meta.nextCursor}`, me)).json();
    expect(second.data.map((c: Json) => c.id)).toEqual([ids[0]]);
    expect(second.meta.nextCursor).toBeNull();
    expect(first.data[0].lastMessage.body).toBe("Hello there");
    // Message text (accents folded), and member names.
    expect((await call("GET", "/chats?search=cafe%20deja", me)).json().data.map((c: Json) => c.id)).toEqual([
      ids[1],
    ]);
    expect((await call("GET", "/chats?search=zoe", me)).json().data.map((c: Json) => c.id)).toEqual([ids[0]]);
    expect((await call("GET", "/chats?search=nothing-like-this", me)).json().data).toEqual([]);
  });

  it("reports one message for the back-office, once", async () => {
    const { anna, ben, chatId } = await pair();
    const message = await send(anna, chatId, "Rude words");
    const res = await call("POST", `/chats/${chatId}/messages/${message.id}/report`, ben, {
      reason: "harassment",
    });
    expect(res.statusCode, res.body).toBe(204);
    const twice = await call("POST", `/chats/${chatId}/messages/${message.id}/report`, ben, {
      reason: "harassment",
    });
    expect(twice.json().error.code).toBe("request_conflict");
    const rows = await h
      .db()
      .execute(sql`SELECT body, message_id FROM chat_reports WHERE message_id = ${message.id}`);
    expect((rows as unknown as { rows: Json[] }).rows).toEqual([
      { body: "Rude words", message_id: message.id },
    ]);
  });
});

describe("groups", () => {
  it("adds, renames and removes by the creator only; a left member writes nothing and reads until leaving", async () => {
    const creator = await person();
    const [a, b, c] = [await person(), await person(), await person()];
    for (const p of [a, b, c]) await follow(db(), p.profileId, creator.profileId);
    const created = await call("POST", "/chats/groups", creator, {
      title: "Launch team",
      members: [a.slug, b.slug],
    });
    expect(created.statusCode, created.body).toBe(201);
    const chatId = created.json().data.id;
    await send(creator, chatId, "Welcome");
    expect((await call("PATCH", `/chats/${chatId}`, a, { title: "Mine" })).json().error.code).toBe(
      "chat_notCreator",
    );
    expect((await call("POST", `/chats/${chatId}/members`, a, { members: [c.slug] })).json().error.code).toBe(
      "chat_notCreator",
    );
    expect(
      (await call("PATCH", `/chats/${chatId}`, creator, { title: "Launch crew" })).json().data.title,
    ).toBe("Launch crew");
    const added = await call("POST", `/chats/${chatId}/members`, creator, { members: [c.slug] });
    expect(added.json().data.members).toHaveLength(4);
    // A newcomer reads from their joining on.
    expect((await call("GET", `/chats/${chatId}/messages`, c)).json().data).toHaveLength(0);

    expect((await call("POST", `/chats/${chatId}/leave`, b)).statusCode).toBe(200);
    await send(a, chatId, "After b left");
    const write = await call("POST", `/chats/${chatId}/messages`, b, {
      clientId: randomUUID(),
      body: "Still here?",
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe("chat_notMember");
    expect((await call("GET", `/chats/${chatId}/messages`, b)).json().data.map((m: Json) => m.body)).toEqual([
      "Welcome",
    ]);

    expect((await call("DELETE", `/chats/${chatId}/members/${a.profileId}`, c)).json().error.code).toBe(
      "chat_notCreator",
    );
    expect((await call("DELETE", `/chats/${chatId}/members/${a.profileId}`, creator)).statusCode).toBe(200);
    expect((await member(chatId, a.profileId)).state).toBe("removed");
  });

  it(`refuses a group beyond ${CHAT_GROUP_MAX} members and joining a full one`, async () => {
    const creator = await person();
    const others: Member[] = [];
    for (let i = 0; i < CHAT_GROUP_MAX; i++) others.push(await person());
    const tooMany = await call("POST", "/chats/groups", creator, {
      title: "Too big",
      members: others.map((o) => o.slug),
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe("chat_groupFull");
    const full = await call("POST", "/chats/groups", creator, {
      title: "Full",
      members: others.slice(0, CHAT_GROUP_MAX - 1).map((o) => o.slug),
    });
    expect(full.statusCode, full.body).toBe(201);
    const chatId = full.json().data.id;
    const join = await call("POST", `/chats/${chatId}/members`, creator, { members: [others.at(-1)!.slug] });
    expect(join.statusCode).toBe(409);
    expect(join.json().error.code).toBe("chat_groupFull");
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMembers)
      .where(eq(chatMembers.chatId, chatId));
    expect(Number(count?.n)).toBe(CHAT_GROUP_MAX);
  });
});

describe("settings", () => {
  it("defaults to everyone verified and no digest, and keeps changes", async () => {
    const me = await person();
    expect((await call("GET", "/chats/settings", me)).json().data).toEqual({
      messagePolicy: "everyone_verified",
      chatDigest: false,
    });
    await call("PATCH", "/chats/settings", me, { chatDigest: true });
    expect((await call("GET", "/chats/settings", me)).json().data).toEqual({
      messagePolicy: "everyone_verified",
      chatDigest: true,
    });
    expect((await call("PATCH", "/chats/settings", me, { messagePolicy: "anyone" })).statusCode).toBe(422);
  });
});
