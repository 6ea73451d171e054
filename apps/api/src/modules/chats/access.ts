import { AppError, actionRefusal, type MessagePolicy, type SessionActor } from "@vn/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chats, follows, messagingSettings, profiles } from "../../db/schema/index";
import { rowsOf } from "../../shared/pages";

/**
 * Who may write to whom (decision 0021): the one rule behind start, group invitations, send and
 * the connect tab. Refusals about the other side are all `chat_unavailable` (§8 "Chat with this
 * user is not available."): the sender learns no more than that.
 */

export type ChatProfileRow = typeof profiles.$inferSelect;

/** The actor may use the messenger at all (verified, `chats` scope, the plan's messenger.use). */
export function assertMessenger(actor: SessionActor): string {
  const refusal = actionRefusal(actor, "messenger.use");
  if (refusal) {
    throw new AppError(refusal.code, refusal.feature ? { details: { feature: refusal.feature } } : {});
  }
  if (!actor.profileId) throw new AppError("user_profileNotCompleted");
  return actor.profileId;
}

/** Each profile's "who can message me" (the default for those who never chose). */
export async function messagePoliciesOf(db: Db, ids: string[]): Promise<Map<string, MessagePolicy>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ profileId: messagingSettings.profileId, policy: messagingSettings.messagePolicy })
    .from(messagingSettings)
    .where(inArray(messagingSettings.profileId, ids));
  const stored = new Map(rows.map((r) => [r.profileId, r.policy as MessagePolicy]));
  return new Map(ids.map((id) => [id, stored.get(id) ?? "everyone_verified"]));
}

/** Profiles in a block with `actorId` among `ids`, either way round (one query). */
export async function blockedAmong(db: Db, actorId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${actorId} AND blocked_id IN (${list})
        UNION SELECT blocker_id AS id FROM blocks WHERE blocked_id = ${actorId} AND blocker_id IN (${list})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Which of `others` follow the actor: a first message from someone they do not follow is a request. */
export async function followersAmong(db: Db, actorId: string, others: string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followeeId, actorId), inArray(follows.followerId, others)));
  return new Set(rows.map((r) => r.id));
}

/**
 * May `actorId` open a conversation with each of `others`? Each must be active and verified, in
 * no block with the actor, and let the actor in by their message policy (`nobody` refuses,
 * `following` needs them to follow the actor). Answers the refused profile ids (empty: allowed).
 */
export async function refusedAmong(db: Db, actorId: string, others: ChatProfileRow[]): Promise<Set<string>> {
  const ids = others.map((p) => p.id);
  const refused = new Set<string>();
  const blocked = await blockedAmong(db, actorId, ids);
  const policies = await messagePoliciesOf(db, ids);
  const following = await followersAmong(
    db,
    actorId,
    ids.filter((id) => policies.get(id) === "following"),
  );
  for (const other of others) {
    const policy = policies.get(other.id);
    if (
      other.id === actorId ||
      other.status !== "active" ||
      other.verificationStatus !== "verified" ||
      blocked.has(other.id) ||
      policy === "nobody" ||
      (policy === "following" && !following.has(other.id))
    ) {
      refused.add(other.id);
    }
  }
  return refused;
}

/**
 * chatAccess of decision 0021: the actor passes messenger.use, and every other profile lets them
 * in; otherwise the policy's own refusal or `chat_unavailable`.
 */
export async function chatAccess(db: Db, actor: SessionActor, others: ChatProfileRow[]): Promise<string> {
  const actorId = assertMessenger(actor);
  const refused = await refusedAmong(db, actorId, others);
  if (refused.size) {
    throw new AppError("chat_unavailable", {
      details: { profiles: others.filter((p) => refused.has(p.id)).map((p) => p.slug) },
    });
  }
  return actorId;
}

/** Profiles by handle (case-insensitive); a handle that names nobody is refused like any other. */
export async function profilesBySlugs(db: Db, slugs: string[]): Promise<ChatProfileRow[]> {
  const wanted = [...new Set(slugs.map((s) => s.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select()
    .from(profiles)
    .where(
      sql`lower(${profiles.slug}) IN (${sql.join(
        wanted.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (rows.length !== wanted.length) {
    const found = new Set(rows.map((r) => r.slug.toLowerCase()));
    throw new AppError("chat_unavailable", { details: { profiles: wanted.filter((s) => !found.has(s)) } });
  }
  return rows;
}

export async function profileById(db: Db, id: string): Promise<ChatProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return row ?? null;
}

/** The connect tab's question: may the acting profile message `slug`, and is there a conversation already? */
export async function accessTo(
  db: Db,
  actor: SessionActor,
  slug: string,
): Promise<{ allowed: boolean; code: string | null; chatId: string | null }> {
  const [other] = await db
    .select()
    .from(profiles)
    .where(sql`lower(${profiles.slug}) = lower(${slug})`)
    .limit(1);
  if (!other) throw new AppError("request_notFound");
  const actorId = actor.profileId;
  const [existing] = actorId
    ? await db
        .select({ id: chats.id })
        .from(chats)
        .where(eq(chats.directKey, [actorId, other.id].sort().join(":")))
        .limit(1)
    : [];
  try {
    await chatAccess(db, actor, [other]);
    return { allowed: true, code: null, chatId: existing?.id ?? null };
  } catch (error) {
    if (error instanceof AppError) return { allowed: false, code: error.code, chatId: existing?.id ?? null };
    throw error;
  }
}
