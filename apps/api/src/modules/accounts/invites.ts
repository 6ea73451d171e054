import { randomBytes, randomUUID } from "node:crypto";
import type { SessionActor } from "@vn/contract";
import { AppError, USER_INVITE_TTL_MS } from "@vn/contract";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { profiles, userInvites, users } from "../../db/schema/index";
import type { MailProvider } from "../../providers/mail/index";
import { inviteMail } from "../../providers/mail/templates";
import type { EventContext } from "../../shared/events";
import { type ImageRef, profileImage } from "../../shared/profile-view";
import { follow, isBlockedBetween } from "../../shared/social-graph";
import { maskDestination } from "./access-change";

/**
 * Invitations to join (spec §2 `type=invite` with a code; §7 GET/PATCH /user-invites). A person
 * invites emails; the link `${WEB_ORIGIN}/?type=invite&code=…` brings a visitor to /login, and
 * the code is honoured at sign-up (or accepted later with PATCH): the new member follows the inviter.
 */

export interface InviteView {
  code: string;
  email: string;
  status: "pending" | "accepted" | "revoked" | "expired";
  inviter: { slug: string; name: string; image: ImageRef };
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
}

const inviteColumns = {
  invite: userInvites,
  inviterSlug: profiles.slug,
  inviterName: profiles.name,
  inviterImage: profiles.imageUrl,
};

type InviteRow = {
  invite: typeof userInvites.$inferSelect;
  inviterSlug: string;
  inviterName: string;
  inviterImage: string | null;
};

function view(row: InviteRow, maskEmail: boolean): InviteView {
  const expired = row.invite.status === "pending" && row.invite.expiresAt.getTime() < Date.now();
  return {
    code: row.invite.code,
    email: maskEmail ? maskDestination("email", row.invite.email) : row.invite.email,
    status: expired ? "expired" : (row.invite.status as InviteView["status"]),
    inviter: { slug: row.inviterSlug, name: row.inviterName, image: profileImage(row.inviterImage) },
    createdAt: row.invite.createdAt.toISOString(),
    expiresAt: row.invite.expiresAt.toISOString(),
    acceptedAt: row.invite.acceptedAt?.toISOString() ?? null,
  };
}

export async function sendInvites(
  deps: { db: Db; mail: MailProvider; config: Config; log: FastifyBaseLogger },
  actor: SessionActor,
  emails: string[],
): Promise<Array<{ email: string; result: "sent" | "alreadyInvited" | "alreadyMember" }>> {
  const { db } = deps;
  const inviterProfileId = actor.profileId;
  if (!inviterProfileId) throw new AppError("request_invalidSessionToken");
  const [inviter] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, inviterProfileId));
  const members = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
      (u) => u.email,
    ),
  );
  const pending = new Set(
    (
      await db
        .select({ email: userInvites.email })
        .from(userInvites)
        .where(
          and(
            eq(userInvites.inviterUserId, actor.userId),
            eq(userInvites.status, "pending"),
            inArray(userInvites.email, emails),
            sql`${userInvites.expiresAt} > now()`,
          ),
        )
    ).map((i) => i.email),
  );
  const results: Array<{ email: string; result: "sent" | "alreadyInvited" | "alreadyMember" }> = [];
  for (const email of emails) {
    if (members.has(email)) {
      results.push({ email, result: "alreadyMember" });
      continue;
    }
    if (pending.has(email)) {
      results.push({ email, result: "alreadyInvited" });
      continue;
    }
    const code = randomBytes(12).toString("base64url");
    await db.insert(userInvites).values({
      id: randomUUID(),
      code,
      email,
      inviterProfileId,
      inviterUserId: actor.userId,
      expiresAt: new Date(Date.now() + USER_INVITE_TTL_MS),
    });
    const url = `${deps.config.WEB_ORIGIN}/?type=invite&code=${encodeURIComponent(code)}`;
    try {
      await deps.mail.send(inviteMail(email, inviter?.name || "A member", url));
    } catch (error) {
      // The invitation exists and can be shared by link; the mail is retried by sending again.
      deps.log.error({ err: error }, "invite mail not delivered");
    }
    results.push({ email, result: "sent" });
  }
  return results;
}

export async function findInvite(db: Db, code: string): Promise<InviteView> {
  const [row] = await db
    .select(inviteColumns)
    .from(userInvites)
    .innerJoin(profiles, eq(profiles.id, userInvites.inviterProfileId))
    .where(eq(userInvites.code, code))
    .limit(1);
  if (!row) throw new AppError("invite_notFound");
  return view(row, true);
}

export async function listSentInvites(
  db: Db,
  userId: string,
  page: number,
  perPage: number,
): Promise<{ items: InviteView[]; total: number }> {
  const rows = await db
    .select(inviteColumns)
    .from(userInvites)
    .innerJoin(profiles, eq(profiles.id, userInvites.inviterProfileId))
    .where(eq(userInvites.inviterUserId, userId))
    .orderBy(desc(userInvites.createdAt))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db
    .select({ count: count() })
    .from(userInvites)
    .where(eq(userInvites.inviterUserId, userId));
  return { items: rows.map((row) => view(row, false)), total: total?.count ?? 0 };
}

/**
 * Accepts an invitation for a person: the invite is marked accepted and the person follows the
 * inviter. An invitation belongs to the email it was sent to (issue 11): only the account with
 * that email may accept it, and for anyone else it does not exist (404 invite_notFound, so a
 * code seen elsewhere cannot make its finder follow the inviter). Unknown → 404 invite_notFound;
 * used, revoked or expired → 409 invite_unavailable; one's own invitation cannot be accepted, nor
 * one across a block between the person and the inviter, either way (409 invite_unavailable; the
 * invitation stays pending and nobody is told).
 *
 * The follow is the product's own (shared/social-graph.ts follow), as if the person pressed
 * Follow, and the inviter is notified. Given the event context (database, socket hub, log) the
 * notification is also sent live; given only the database it is stored and read from the list.
 */
export async function acceptInvite(
  deps: Db | EventContext,
  input: { code: string; userId: string; profileId: string },
): Promise<InviteView> {
  const context: EventContext = "transaction" in deps ? { db: deps } : deps;
  const { db } = context;
  const accepted = await db.transaction(async (tx) => {
    const [invite] = await tx.select().from(userInvites).where(eq(userInvites.code, input.code)).limit(1);
    if (!invite) throw new AppError("invite_notFound");
    if (invite.inviterUserId === input.userId) throw new AppError("invite_unavailable");
    const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    if (person?.email.toLowerCase() !== invite.email.toLowerCase()) throw new AppError("invite_notFound");
    if (invite.status === "accepted" && invite.acceptedByUserId === input.userId) return invite;
    if (invite.status !== "pending" || invite.expiresAt.getTime() < Date.now()) {
      throw new AppError("invite_unavailable");
    }
    if (await isBlockedBetween(tx, input.profileId, invite.inviterProfileId)) {
      throw new AppError("invite_unavailable");
    }
    const [updated] = await tx
      .update(userInvites)
      .set({ status: "accepted", acceptedByUserId: input.userId, acceptedAt: new Date() })
      .where(and(eq(userInvites.id, invite.id), eq(userInvites.status, "pending")))
      .returning();
    if (!updated) throw new AppError("invite_unavailable");
    return updated;
  });
  if (accepted.inviterProfileId !== input.profileId) {
    await follow(context, input.profileId, accepted.inviterProfileId).catch((error: unknown) => {
      // A block made between the acceptance and the follow: the block wins.
      if (error instanceof AppError && error.code === "social_followNotAllowed") return;
      throw error;
    });
  }
  return findInvite(db, accepted.code);
}
