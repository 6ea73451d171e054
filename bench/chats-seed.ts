import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/api/src/db/client";
import { sessions } from "../apps/api/src/db/schema/index";
import { sessionTokenDigest } from "../apps/api/src/policy/token";
import { createPerson } from "../apps/api/src/seed/library";

/**
 * The messenger benchmark's data, written straight into the database before any API starts
 * (chats.bench.ts runs it in its own process; DATABASE_URL or DATA_DIR as the API's):
 * - a ring of `people` verified people on a paid plan, person i in a direct conversation with
 *   person i+1 (so `people` conversations, each with one sender and one recipient);
 * - one more person (the "hub") in `inbox` conversations, each with one message, one in ten
 *   unread: groups of the hub and one ring person (a direct conversation needs a partner of its
 *   own per conversation);
 * - a session per person (the token as sign-in stores it: its digest).
 * Prints one JSON line: the ring's tokens and conversation ids, the hub's token.
 *   tsx bench/chats-seed.ts <people> <inbox>
 */
const people = Number(process.argv[2] ?? 1000);
const inbox = Number(process.argv[3] ?? 10_000);
const tag = randomBytes(3).toString("hex");
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
await database.migrate();
const { db } = database;

async function personWithToken(i: number | "hub") {
  const person = await createPerson(db, {
    name: `Bench ${i}`,
    email: `chat-bench-${i}-${tag}@bench.local`,
    slug: `chat.bench.${i}.${tag}`,
    verificationStatus: "verified",
    planTier: "standard",
  });
  const token = randomBytes(24).toString("base64url");
  await db.insert(sessions).values({
    id: randomUUID(),
    token: sessionTokenDigest(token),
    userId: person.userId,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { ...person, token };
}

const ring: Awaited<ReturnType<typeof personWithToken>>[] = [];
for (let start = 0; start < people; start += 20) {
  const batch = Array.from({ length: Math.min(20, people - start) }, (_, j) => personWithToken(start + j));
  ring.push(...(await Promise.all(batch)));
}
const hub = await personWithToken("hub");
const ids = ring.map((p) => p.profileId).join(",");

// The ring: conversation i between person i and person i+1 (direct, one per pair).
await db.execute(sql`
  WITH ring AS (SELECT ord - 1 AS i, id FROM unnest(string_to_array(${ids}, ',')) WITH ORDINALITY AS t(id, ord))
  INSERT INTO chats (id, kind, created_by, direct_key, created_at)
  SELECT 'bench-ring-' || a.i, 'direct', a.id, least(a.id, b.id) || ':' || greatest(a.id, b.id), now()
    FROM ring a JOIN ring b ON b.i = (a.i + 1) % ${people}`);
await db.execute(sql`
  WITH ring AS (SELECT ord - 1 AS i, id FROM unnest(string_to_array(${ids}, ',')) WITH ORDINALITY AS t(id, ord))
  INSERT INTO chat_members (chat_id, profile_id, role)
  SELECT 'bench-ring-' || a.i, a.id, 'creator' FROM ring a
  UNION ALL
  SELECT 'bench-ring-' || a.i, b.id, 'member' FROM ring a JOIN ring b ON b.i = (a.i + 1) % ${people}`);

// The hub's inbox: `inbox` conversations, one message each, a second apart.
await db.execute(sql`
  INSERT INTO chats (id, kind, title, created_by, created_at)
  SELECT 'bench-hub-' || g, 'group', 'Bench group ' || g, ${hub.profileId}, now() FROM generate_series(1, ${inbox}) g`);
await db.execute(sql`
  WITH ring AS (SELECT ord - 1 AS i, id FROM unnest(string_to_array(${ids}, ',')) WITH ORDINALITY AS t(id, ord))
  INSERT INTO chat_members (chat_id, profile_id, role)
  SELECT 'bench-hub-' || g, ${hub.profileId}, 'creator' FROM generate_series(1, ${inbox}) g
  UNION ALL
  SELECT 'bench-hub-' || g, r.id, 'member' FROM generate_series(1, ${inbox}) g JOIN ring r ON r.i = g % ${people}`);
await db.execute(sql`
  WITH ring AS (SELECT ord - 1 AS i, id FROM unnest(string_to_array(${ids}, ',')) WITH ORDINALITY AS t(id, ord))
  INSERT INTO chat_messages (id, chat_id, sender_profile_id, body, change_seq, created_at)
  SELECT gen_random_uuid()::text, 'bench-hub-' || g, r.id, 'Hello from conversation ' || g, 0,
         now() - g * interval '1 second'
    FROM generate_series(1, ${inbox}) g JOIN ring r ON r.i = g % ${people}`);
await db.execute(sql`UPDATE chat_messages SET change_seq = seq WHERE change_seq = 0`);
await db.execute(sql`
  UPDATE chats c SET last_message_seq = m.seq, last_message_at = m.created_at
    FROM chat_messages m WHERE m.chat_id = c.id AND c.id LIKE 'bench-hub-%'`);
await db.execute(sql`
  UPDATE chat_members cm SET activity_at = c.last_message_at, change_seq = c.last_message_seq,
         unread_count = CASE WHEN cm.profile_id = ${hub.profileId} AND c.id LIKE '%0' THEN 1 ELSE 0 END
    FROM chats c WHERE c.id = cm.chat_id AND c.id LIKE 'bench-hub-%'`);
// The bulk updates above left a dead row behind every live one (activity_at is indexed, so no
// HOT updates); a long-lived database has had them vacuumed away, so the measured one has too.
for (const table of ["chats", "chat_members", "chat_messages"])
  await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
await database.close();

console.log(
  JSON.stringify({
    tokens: ring.map((p) => p.token),
    chats: ring.map((_, i) => `bench-ring-${i}`),
    hubToken: hub.token,
  }),
);
