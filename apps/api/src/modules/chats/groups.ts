import { AppError, CHAT_GROUP_MAX, type Chat, type SessionActor } from "@vn/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { chatMembers, chats } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { chatAccess, followersAmong, profilesBySlugs } from "./access";
import { countNewConversation, membership, nextSeq, type Tx, tellUpdated, viewOf } from "./conversations";
import type { ChatDeps } from "./deps";
import type { ChatRow } from "./views";

/**
 * Groups (decision 0021): up to CHAT_GROUP_MAX active members, a title; the creator adds, removes
 * and renames; anyone leaves. A member reads what was sent while a member: joining shows nothing
 * from before, leaving keeps what came until then.
 */

async function activeCount(tx: Tx, chatId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.state, "active")));
  return Number(row?.n ?? 0);
}

async function creatorOf(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
): Promise<{ chat: ChatRow; actorId: string }> {
  const actorId = actingProfileId(actor);
  const { chat, me } = await membership(deps.db, chatId, actorId);
  if (chat.kind !== "group") throw new AppError("chat_notGroup");
  if (me.state !== "active") throw new AppError("chat_notMember");
  if (chat.createdBy !== actorId || me.role !== "creator") throw new AppError("chat_notCreator");
  return { chat, actorId };
}

export async function createGroup(
  deps: ChatDeps,
  actor: SessionActor,
  input: { title: string; members: string[] },
): Promise<Chat> {
  const { db } = deps;
  const actorId = actingProfileId(actor);
  const others = (await profilesBySlugs(db, input.members)).filter((p) => p.id !== actorId);
  if (others.length + 1 > CHAT_GROUP_MAX)
    throw new AppError("chat_groupFull", { details: { max: CHAT_GROUP_MAX } });
  await chatAccess(db, actor, others);
  await countNewConversation(deps, actor);
  const followers = await followersAmong(
    db,
    actorId,
    others.map((p) => p.id),
  );
  const id = crypto.randomUUID();
  const now = new Date();
  await db.transaction(async (tx) => {
    const seq = await nextSeq(tx);
    await tx
      .insert(chats)
      .values({ id, kind: "group", title: input.title, createdBy: actorId, createdAt: now });
    await tx.insert(chatMembers).values([
      { chatId: id, profileId: actorId, role: "creator", activityAt: now, joinedAt: now, changeSeq: seq },
      ...others.map((p) => ({
        chatId: id,
        profileId: p.id,
        role: "member",
        // Added by someone one does not follow: a request, as a first message would be.
        request: followers.has(p.id) ? "none" : "pending",
        activityAt: now,
        joinedAt: now,
        changeSeq: seq,
      })),
    ]);
  });
  await tellUpdated(deps, id, { profileIds: others.map((p) => p.id) });
  const [chat] = await db.select().from(chats).where(eq(chats.id, id)).limit(1);
  return viewOf(db, chat!, actorId);
}

export async function addMembers(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  slugs: string[],
): Promise<Chat> {
  const { db } = deps;
  const { chat, actorId } = await creatorOf(deps, actor, chatId);
  const found = (await profilesBySlugs(db, slugs)).filter((p) => p.id !== actorId);
  const current = await db
    .select()
    .from(chatMembers)
    .where(
      and(
        eq(chatMembers.chatId, chatId),
        inArray(chatMembers.profileId, found.map((p) => p.id).concat([""])),
      ),
    );
  const activeIds = new Set(current.filter((m) => m.state === "active").map((m) => m.profileId));
  const adding = found.filter((p) => !activeIds.has(p.id));
  if (adding.length === 0) return viewOf(db, chat, actorId);
  await chatAccess(db, actor, adding);
  const followers = await followersAmong(
    db,
    actorId,
    adding.map((p) => p.id),
  );
  const now = new Date();
  await db.transaction(async (tx) => {
    // Locked: two additions at once cannot pass the limit together.
    const [locked] = await tx.select().from(chats).where(eq(chats.id, chatId)).for("update");
    if (!locked) throw new AppError("chat_notFound");
    if ((await activeCount(tx, chatId)) + adding.length > CHAT_GROUP_MAX) {
      throw new AppError("chat_groupFull", { details: { max: CHAT_GROUP_MAX } });
    }
    const seq = await nextSeq(tx);
    for (const profile of adding) {
      const values = {
        role: "member",
        state: "active",
        request: followers.has(profile.id) ? "none" : "pending",
        fromSeq: locked.lastMessageSeq,
        untilSeq: null,
        lastReadSeq: locked.lastMessageSeq,
        unreadCount: 0,
        activityAt: now,
        changeSeq: seq,
        joinedAt: now,
        leftAt: null,
      };
      await tx
        .insert(chatMembers)
        .values({ chatId, profileId: profile.id, ...values })
        .onConflictDoUpdate({ target: [chatMembers.chatId, chatMembers.profileId], set: values });
    }
    await tx.update(chatMembers).set({ changeSeq: seq }).where(eq(chatMembers.chatId, chatId));
  });
  await tellUpdated(deps, chatId);
  return viewOf(db, chat, actorId);
}

/** Ends a membership (left or removed): history until now stays readable, nothing after. */
async function endMembership(deps: ChatDeps, chatId: string, profileId: string, state: "left" | "removed") {
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(chats).where(eq(chats.id, chatId)).for("update");
    if (!locked) throw new AppError("chat_notFound");
    const seq = await nextSeq(tx);
    const [ended] = await tx
      .update(chatMembers)
      .set({
        state,
        untilSeq: locked.lastMessageSeq,
        leftAt: new Date(),
        assignedUserId: null,
        changeSeq: seq,
      })
      .where(
        and(
          eq(chatMembers.chatId, chatId),
          eq(chatMembers.profileId, profileId),
          eq(chatMembers.state, "active"),
        ),
      )
      .returning();
    if (!ended) throw new AppError("chat_notMember");
    await tx.update(chatMembers).set({ changeSeq: seq }).where(eq(chatMembers.chatId, chatId));
    // A creator who leaves hands the group to the member who joined first.
    if (ended.role === "creator") {
      const [heir] = await tx
        .select()
        .from(chatMembers)
        .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.state, "active")))
        .orderBy(chatMembers.joinedAt)
        .limit(1);
      await tx
        .update(chatMembers)
        .set({ role: "member" })
        .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.profileId, profileId)));
      if (heir) {
        await tx
          .update(chatMembers)
          .set({ role: "creator" })
          .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.profileId, heir.profileId)));
        await tx.update(chats).set({ createdBy: heir.profileId }).where(eq(chats.id, chatId));
      }
    }
  });
  const everyone = await deps.db
    .select({ id: chatMembers.profileId, state: chatMembers.state })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  await tellUpdated(deps, chatId, {
    profileIds: everyone.filter((m) => m.state === "active" || m.id === profileId).map((m) => m.id),
  });
}

export async function removeMember(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  profileId: string,
): Promise<Chat> {
  const { chat, actorId } = await creatorOf(deps, actor, chatId);
  if (profileId === actorId) throw new AppError("social_selfNotAllowed");
  await endMembership(deps, chatId, profileId, "removed");
  return viewOf(deps.db, chat, actorId);
}

export async function leaveGroup(deps: ChatDeps, actor: SessionActor, chatId: string): Promise<Chat> {
  const actorId = actingProfileId(actor);
  const { chat, me } = await membership(deps.db, chatId, actorId);
  if (chat.kind !== "group") throw new AppError("chat_notGroup");
  if (me.state !== "active") throw new AppError("chat_notMember");
  await endMembership(deps, chatId, actorId, "left");
  const [fresh] = await deps.db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
  return viewOf(deps.db, fresh ?? chat, actorId);
}

export async function renameGroup(
  deps: ChatDeps,
  actor: SessionActor,
  chatId: string,
  title: string,
): Promise<Chat> {
  const { db } = deps;
  const { actorId } = await creatorOf(deps, actor, chatId);
  await db.transaction(async (tx) => {
    const seq = await nextSeq(tx);
    await tx.update(chats).set({ title }).where(eq(chats.id, chatId));
    await tx.update(chatMembers).set({ changeSeq: seq }).where(eq(chatMembers.chatId, chatId));
  });
  await tellUpdated(deps, chatId);
  const [chat] = await db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
  return viewOf(db, chat!, actorId);
}
