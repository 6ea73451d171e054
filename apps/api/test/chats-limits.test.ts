import { randomUUID } from "node:crypto";
import { CHAT_MESSAGES_PER_MINUTE, CHAT_NEW_PER_DAY, REPORT_PER_HOUR } from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatMessages } from "../src/db/schema/index";
import { follow } from "../src/seed/library";
import { chatsHarness, type Json } from "./support/chats";

/**
 * The messenger's abuse limits (decision 0021, issue 15 item 7): reports 10 an hour per account,
 * 30 messages a minute per conversation per account, 50 new conversations a day per account.
 * Limits are reached by doing the thing, or by filling the same counter the API keeps, never by
 * waiting; each refusal writes nothing.
 */
const h = chatsHarness();
const { call, person, start, send, db } = h;

async function messageCount(chatId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId));
  return Number(row?.n ?? 0);
}

describe("abuse limits", () => {
  it(`refuses the message after ${CHAT_MESSAGES_PER_MINUTE} in a minute in one conversation, not in another`, async () => {
    const anna = await person();
    const ben = await person();
    const carl = await person();
    await follow(db(), ben.profileId, anna.profileId);
    await follow(db(), carl.profileId, anna.profileId);
    const chatId = await start(anna, ben);
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) await send(anna, chatId, `Message ${i}`);
    const refused = await call("POST", `/chats/${chatId}/messages`, anna, {
      clientId: randomUUID(),
      body: "One too many",
    });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe("chat_tooManyMessages");
    expect(refused.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(await messageCount(chatId)).toBe(CHAT_MESSAGES_PER_MINUTE);
    // The limit is per conversation and per account: Ben may answer, Anna may write elsewhere.
    await send(ben, chatId, "I can still answer");
    await send(anna, await start(anna, carl), "A different conversation");
  });

  it(`refuses the conversation after ${CHAT_NEW_PER_DAY} new ones in a day, direct or group`, async () => {
    const anna = await person();
    const ben = await person();
    const carl = await person();
    // The day's allowance, used up: the same shared counter the API counts with.
    for (let i = 0; i < CHAT_NEW_PER_DAY - 1; i++) {
      await h.state.app.counters.hit(`chats:new:${anna.userId}`, 24 * 60 * 60 * 1000);
    }
    const last = await call("POST", "/chats", anna, { with: ben.slug });
    expect(last.statusCode, last.body).toBe(201);
    for (const [url, payload] of [
      ["/chats", { with: carl.slug }],
      ["/chats/groups", { title: "Too many", members: [carl.slug] }],
    ] as const) {
      const res = await call("POST", url, anna, payload);
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().error.code).toBe("chat_tooManyNew");
    }
    expect((await call("GET", "/chats", anna)).json().data.map((c: Json) => c.id)).toEqual([
      last.json().data.id,
    ]);
    // An existing conversation is not a new one: opening it again still answers it.
    expect((await call("POST", "/chats", anna, { with: ben.slug })).statusCode).toBe(200);
  });

  it(`refuses the report after ${REPORT_PER_HOUR} in an hour`, async () => {
    const anna = await person();
    const ben = await person();
    await follow(db(), ben.profileId, anna.profileId);
    const chatId = await start(anna, ben);
    const sent: Json[] = [];
    for (let i = 0; i <= REPORT_PER_HOUR; i++) sent.push(await send(anna, chatId, `Spam ${i}`));
    for (const message of sent.slice(0, REPORT_PER_HOUR)) {
      const res = await call("POST", `/chats/${chatId}/messages/${message.id}/report`, ben, {
        reason: "spam",
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    const extra = sent.at(-1);
    const refused = await call("POST", `/chats/${chatId}/messages/${extra.id}/report`, ben, {
      reason: "spam",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("report_tooMany");
    const rows = await db().execute(
      sql`SELECT count(*)::int AS n FROM chat_reports WHERE message_id = ${extra.id}`,
    );
    expect((rows as unknown as { rows: Json[] }).rows[0].n).toBe(0);
  });
});
