import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client";
import { chatMembers, chatMessages, chats } from "../src/db/schema/index";
import { nextSeq } from "../src/modules/chats/conversations";
import { follow } from "../src/seed/library";
import { chatsHarness, type Json, type Member } from "./support/chats";

/**
 * The catch-up race (decision 0021, modules/chats/high-water.ts): seqs come from one sequence and
 * a send that took a lower seq may commit after a higher one. GET /chats/missed must never hand
 * out a cursor past a send still being written, or that message would be skipped for good. Two
 * transactions at once need a real PostgreSQL (PGlite has one connection).
 */
const h = chatsHarness();
const { call, person, start, send, db } = h;
const realPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A message written the way sendMessage writes it, on another connection, held open until released. */
async function heldSend(database: Database, chatId: string, from: Member, body: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seqTaken!: (seq: number) => void;
  const taken = new Promise<number>((resolve) => {
    seqTaken = resolve;
  });
  const committed = database.db.transaction(async (tx) => {
    await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for("update");
    const seq = await nextSeq(tx);
    const now = new Date();
    await tx.insert(chatMessages).values({
      seq,
      id: randomUUID(),
      chatId,
      senderProfileId: from.profileId,
      senderUserId: from.userId,
      clientId: randomUUID(),
      body,
      attachments: [],
      changeSeq: seq,
      createdAt: now,
    });
    await tx.update(chats).set({ lastMessageSeq: seq, lastMessageAt: now }).where(eq(chats.id, chatId));
    await tx
      .update(chatMembers)
      .set({ changeSeq: seq, activityAt: now })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.state, "active")));
    seqTaken(seq);
    await released;
    return seq;
  });
  return { seq: await taken, release, committed };
}

describe("catching up while a send is still being written", () => {
  it.skipIf(!realPostgres)("never moves the cursor past a seq whose transaction is open", async () => {
    const anna = await person();
    const ben = await person();
    const dora = await person();
    await follow(db(), ben.profileId, anna.profileId);
    await follow(db(), ben.profileId, dora.profileId);
    const slowChat = await start(anna, ben);
    const fastChat = await start(dora, ben);
    const before = await send(dora, fastChat, "Before");
    const cursor = (await call("GET", `/chats/missed?after=${before.changeSeq - 1}`, ben)).json().data.cursor;

    const other = await openDatabase({ url: h.state.testDb.url!, poolSize: 1 });
    // Anna's send takes its seq and stays open; Dora's later send commits first.
    const slow = await heldSend(other, slowChat, anna, "Late but not lost");
    try {
      const fast = await send(dora, fastChat, "Overtaking");
      expect(fast.seq).toBeGreaterThan(slow.seq);

      const during = (await call("GET", `/chats/missed?after=${cursor}`, ben)).json().data;
      expect(during.messages.map((m: Json) => m.body)).toEqual(["Overtaking"]);
      // The overtaking message is answered, but the cursor stays below the open send's seq.
      expect(during.cursor).toBeLessThan(slow.seq);
      expect(during.cursor).toBeGreaterThanOrEqual(cursor);

      slow.release();
      await slow.committed;
      const after = (await call("GET", `/chats/missed?after=${during.cursor}`, ben)).json().data;
      expect(after.messages.map((m: Json) => m.body)).toEqual(["Late but not lost", "Overtaking"]);
      expect(after.cursor).toBeGreaterThanOrEqual(fast.changeSeq);
      const settled = (await call("GET", `/chats/missed?after=${after.cursor}`, ben)).json().data;
      expect(settled.messages).toEqual([]);
    } finally {
      slow.release();
      await slow.committed.catch(() => undefined);
      await other.close();
    }
  });

  it("moves the cursor to the newest change once nothing is in flight", async () => {
    const anna = await person();
    const ben = await person();
    await follow(db(), ben.profileId, anna.profileId);
    const chatId = await start(anna, ben);
    const first = await send(anna, chatId, "One");
    const second = await send(anna, chatId, "Two");
    const missed = (await call("GET", `/chats/missed?after=${first.changeSeq - 1}`, ben)).json().data;
    expect(missed.messages.map((m: Json) => m.id)).toEqual([first.id, second.id]);
    expect(missed.cursor).toBeGreaterThanOrEqual(second.changeSeq);
  });
});
