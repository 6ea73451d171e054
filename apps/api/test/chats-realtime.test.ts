import { randomUUID } from "node:crypto";
import type {
  ChatMessageCreatedEvent,
  ChatReadEvent,
  ChatUpdatedEvent,
  NotificationEvent,
} from "@vn/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companyMembers, devOutbox, users } from "../src/db/schema/index";
import { chatUnreadNotifyJob } from "../src/jobs/chat-unread-notify";
import { claimUnreadNotice, sendDigests } from "../src/modules/chats/notices";
import { createPerson, follow } from "../src/seed/library";
import { chatsHarness, type Json } from "./support/chats";
import { bearerFor } from "./support/sessions";

/**
 * The messenger live (§7 chats.*, §4 no reconnects): events reach every device of every member,
 * a company's inbox reaches only its members holding `chats`, and a device that was away catches
 * up from its last changeSeq with GET /chats/missed, losing nothing.
 */
const h = chatsHarness();
const { call, person, company, start, send, socketOf, next, db } = h;

describe("live events", () => {
  it("sends a message to both profiles' sockets and the read receipt back to the sender", async () => {
    const anna = await person();
    const ben = await person();
    await follow(db(), ben.profileId, anna.profileId);
    const chatId = await start(anna, ben);
    const [annaSocket, benSocket, benPhone] = [
      await socketOf(anna),
      await socketOf(ben),
      await socketOf(ben),
    ];
    const heard = Promise.all([
      next<ChatMessageCreatedEvent>(benSocket, "chats.messages.created"),
      next<ChatMessageCreatedEvent>(benPhone, "chats.messages.created"),
      next<ChatMessageCreatedEvent>(annaSocket, "chats.messages.created"),
    ]);
    const sent = await send(anna, chatId, "Live hello");
    const [onBen, onPhone, onAnna] = await heard;
    expect(onBen).toMatchObject({ chatId, message: { id: sent.id, body: "Live hello", clientId: null } });
    expect(onPhone.message.id).toBe(sent.id);
    expect(onAnna.message.clientId).toBe(sent.clientId);

    const receipt = next<ChatReadEvent>(annaSocket, "chats.read");
    await call("POST", `/chats/${chatId}/read`, ben, { seq: sent.seq });
    expect(await receipt).toEqual({ chatId, profileId: ben.profileId, seq: sent.seq });

    const edited = next<ChatUpdatedEvent>(benSocket, "chats.updated", (e) => e.message?.id === sent.id);
    await call("PATCH", `/chats/${chatId}/messages/${sent.id}`, anna, { body: "Live hello!" });
    expect((await edited).message).toMatchObject({ body: "Live hello!" });

    const typing = next(benSocket, "chats.typing");
    expect((await call("POST", `/chats/${chatId}/typing`, anna)).statusCode).toBe(204);
    expect(await typing).toEqual({ chatId, profileId: anna.profileId });
  });

  it("tells a company inbox's members with `chats`, and no employee without it", async () => {
    const owner = await person();
    const shop = await company(owner, "Northwind");
    const employee = await createPerson(db(), {
      name: "Emil Employee",
      email: `emil-${randomUUID().slice(0, 6)}@example.com`,
      verificationStatus: "verified",
    });
    await db()
      .insert(companyMembers)
      .values({ companyId: shop.profileId, userId: employee.userId, role: "company_employee" });
    const employeeAsShop = {
      ...employee,
      profileId: shop.profileId,
      headers: await bearerFor(db(), employee.userId, shop.profileId),
    };
    const customer = await person();
    await follow(db(), shop.profileId, customer.profileId);
    const chatId = await start(customer, shop);
    const ownerSocket = await socketOf(shop);
    const employeeSocket = await socketOf(employeeAsShop);
    let employeeHeard = false;
    employeeSocket.on("chats.messages.created", () => {
      employeeHeard = true;
    });
    const heard = next<ChatMessageCreatedEvent>(ownerSocket, "chats.messages.created");
    await send(customer, chatId, "Is my order on its way?");
    expect((await heard).message.body).toBe("Is my order on its way?");
    // The employee's socket sat in the same room; a later event proves the first one is not on its way.
    const replyHeard = next<ChatMessageCreatedEvent>(
      ownerSocket,
      "chats.messages.created",
      (e) => e.message.body === "It is!",
    );
    const reply = await send(shop, chatId, "It is!");
    await replyHeard;
    expect(reply.senderUser).toMatchObject({ id: owner.userId });
    const seenByCustomer = (await call("GET", `/chats/${chatId}/messages`, customer)).json().data;
    expect(seenByCustomer.at(-1).senderUser).toBeNull();
    expect(employeeHeard).toBe(false);
    expect((await call("GET", "/chats", employeeAsShop)).json().error.code).toBe(
      "accountManager_permissionNotProvided",
    );

    // Assignment and notes stay on the company's side.
    const assigned = await call("PUT", `/chats/${chatId}/assignee`, shop, { userId: owner.userId });
    expect(assigned.json().data.me.assignedTo).toMatchObject({ userId: owner.userId });
    expect(
      (await call("PUT", `/chats/${chatId}/assignee`, shop, { userId: employee.userId })).statusCode,
    ).toBe(422);
    // The note reaches the company's own sockets live, and nothing of it reaches the customer's.
    const customerSocket = await socketOf(customer);
    const customerHeard: unknown[] = [];
    customerSocket.on("chats.updated", (event: unknown) => customerHeard.push(event));
    const noteHeard = next<ChatUpdatedEvent>(ownerSocket, "chats.updated", (e) => Boolean(e.note));
    expect((await call("POST", `/chats/${chatId}/notes`, shop, { body: "VIP customer" })).statusCode).toBe(
      201,
    );
    expect((await noteHeard).note).toMatchObject({
      chatId,
      body: "VIP customer",
      author: { id: owner.userId },
    });
    expect((await call("GET", `/chats/${chatId}/notes`, shop)).json().data.map((n: Json) => n.body)).toEqual([
      "VIP customer",
    ]);
    expect((await call("GET", `/chats/${chatId}/notes`, customer)).json().error.code).toBe(
      "chat_notCompanyInbox",
    );
    expect((await call("GET", `/chats/${chatId}`, customer)).json().data.me.assignedTo).toBeNull();
    // A later event to the customer proves no note was on its way to them before it.
    const later = next<ChatMessageCreatedEvent>(customerSocket, "chats.messages.created");
    await send(shop, chatId, "Anything else?");
    await later;
    expect(JSON.stringify(customerHeard)).not.toContain("VIP customer");
    expect(employeeHeard).toBe(false);
  });
});

describe("catching up", () => {
  it("answers everything since the last changeSeq: new, edited and deleted messages and reads", async () => {
    const anna = await person();
    const ben = await person();
    await follow(db(), ben.profileId, anna.profileId);
    const chatId = await start(anna, ben);
    const first = await send(anna, chatId, "Before the drop");
    const cursor = first.changeSeq;
    // Ben's socket is gone: these happen while he is away.
    const second = await send(anna, chatId, "While away 1");
    const third = await send(anna, chatId, "While away 2");
    await call("PATCH", `/chats/${chatId}/messages/${first.id}`, anna, { body: "Before the drop (edited)" });
    await call("DELETE", `/chats/${chatId}/messages/${second.id}`, anna);

    const missed = (await call("GET", `/chats/missed?after=${cursor}`, ben)).json().data;
    expect(missed.messages.map((m: Json) => [m.id, m.body])).toEqual([
      [third.id, "While away 2"],
      [first.id, "Before the drop (edited)"],
      [second.id, ""],
    ]);
    expect(missed.chats.map((c: Json) => c.id)).toEqual([chatId]);
    expect(missed.hasMore).toBe(false);
    expect(missed.cursor).toBeGreaterThan(cursor);
    const nothing = (await call("GET", `/chats/missed?after=${missed.cursor}`, ben)).json().data;
    expect(nothing).toMatchObject({ messages: [], chats: [], cursor: missed.cursor, hasMore: false });
    // A stranger's catch-up holds nothing of it.
    const stranger = await person();
    expect((await call("GET", `/chats/missed?after=0`, stranger)).json().data.messages).toEqual([]);
  });
});

describe("notices", () => {
  it("claims one unread notice per conversation a minute on, none once read", async () => {
    const anna = await person();
    const ben = await person();
    await follow(db(), ben.profileId, anna.profileId);
    const chatId = await start(anna, ben);
    const first = await send(anna, chatId, "Are you there?");
    const second = await send(anna, chatId, "Hello?");
    const notice = await claimUnreadNotice(db(), { chatId, profileId: ben.profileId, seq: first.seq });
    expect(notice).toEqual({ chatId, recipientId: ben.profileId, actorId: anna.profileId, seq: second.seq });
    // The burst is one notice: the job of the second message finds it claimed.
    expect(await claimUnreadNotice(db(), { chatId, profileId: ben.profileId, seq: second.seq })).toBeNull();
    const third = await send(anna, chatId, "Read this one");
    await call("POST", `/chats/${chatId}/read`, ben, { seq: third.seq });
    expect(await claimUnreadNotice(db(), { chatId, profileId: ben.profileId, seq: third.seq })).toBeNull();
  });

  it("delivers the unread notice as a `message` notification, live and in the list, once per burst", async () => {
    const anna = await person({ name: "Anna Sender" });
    const ben = await person();
    await follow(db(), ben.profileId, anna.profileId);
    const chatId = await start(anna, ben);
    const sent = await send(anna, chatId, "Still there?");
    const benSocket = await socketOf(ben);
    const live = next<NotificationEvent>(benSocket, "notification");
    const context = {
      database: h.state.testDb.database,
      log: h.state.app.log,
      realtime: h.state.app.deps.realtime,
    };
    // What pg-boss runs a minute after the message.
    await chatUnreadNotifyJob.handle(context, { chatId, profileId: ben.profileId, seq: sent.seq });
    const heard = await live;
    expect(heard.notification).toMatchObject({
      kind: "message",
      actor: { id: anna.profileId, name: "Anna Sender" },
      chat: { id: chatId, title: null },
      content: null,
    });
    expect(heard.unreadCount).toBe(1);
    // The burst's second job finds it claimed: still one notification.
    await chatUnreadNotifyJob.handle(context, { chatId, profileId: ben.profileId, seq: sent.seq });
    const listed = (await call("GET", "/notifications", ben)).json();
    expect(listed.data.map((n: Json) => [n.kind, n.chat?.id ?? null])).toEqual([["message", chatId]]);
    // The sender is not told about their own message (Ben's follow is Anna's only notification).
    expect((await call("GET", "/notifications", anna)).json().data.map((n: Json) => n.kind)).toEqual([
      "follow",
    ]);
  });

  it("mails the daily digest to those who opted in, once a day", async () => {
    const anna = await person();
    const ben = await person();
    const quiet = await person();
    await follow(db(), ben.profileId, anna.profileId);
    await follow(db(), quiet.profileId, anna.profileId);
    await send(anna, await start(anna, ben), "Digest me");
    await send(anna, await start(anna, quiet), "Not me");
    await call("PATCH", "/chats/settings", ben, { chatDigest: true });
    const [benUser] = await db().select({ email: users.email }).from(users).where(eq(users.id, ben.userId));
    const [quietUser] = await db()
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, quiet.userId));
    const mailed = async (email: string) =>
      db().select().from(devOutbox).where(eq(devOutbox.recipient, email));
    expect(await sendDigests(db(), h.state.app.deps.mail, "http://web.test")).toBeGreaterThanOrEqual(1);
    const sent = await mailed(benUser!.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("http://web.test/chats");
    expect(await mailed(quietUser!.email)).toHaveLength(0);
    await sendDigests(db(), h.state.app.deps.mail, "http://web.test");
    expect(await mailed(benUser!.email)).toHaveLength(1);
  });
});
