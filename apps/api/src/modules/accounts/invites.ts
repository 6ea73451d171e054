import { randomBytes, randomUUID } from "node:crypto";
import { AppError, USER_INVITE_TTL_MS } from "@vn/contract";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { profiles, userInvites, users } from "../../db/schema/index";
import type { MailProvider } from "../../providers/mail/index";
import { inviteMail } from "../../providers/mail/templates";
import { follow } from "../../seed/library";
import { maskDestination } from "./access-change";
import type { Principal } from "./session-lookup";
import { imageOf } from "./session-user";

/**
 * Invitations to join (spec §2 `type=invite` with a code; §7 GET/PATCH /user-invites). A person
 * invites emails; the link `${WEB_ORIGIN}/?type=invite&code=…` brings a visitor to /login, and
 * the code is honoured at sign-up (or accepted later with PATCH): the new member follows the inviter.
 */

export interface InviteView {
  code: string;
  email: string;
  status: "pending" | "accepted" | "revoked" | "expired";
  inviter: { slug: string; name: string; image: { urls: { preview: string } } | null };
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
    inviter: { slug: row.inviterSlug, name: row.inviterName, image: imageOf(row.inviterImage) },
    createdAt: row.invite.createdAt.toISOString(),
    expiresAt: row.invite.expiresAt.toISOString(),
    acceptedAt: row.invite.acceptedAt?.toISOString() ?? null,
  };
}

export async function sendInvites(
  deps: { db: Db; mail: MailProvider; config: Config; log: FastifyBaseLogger },
  principal: Principal,
  emails: string[],
): Promise<Array<{ email: string; result: "sent" | "alreadyInvited" | "alreadyMember" }>> {
  const { db } = deps;
  const inviterProfileId = principal.profileId;
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
            eq(userInvites.inviterUserId, principal.userId),
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
      inviterUserId: principal.userId,
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
 * inviter. Unknown → 404 invite_notFound; used, revoked or expired → 409 invite_unavailable;
 * one's own invitation cannot be accepted.
 */
export async function acceptInvite(
  db: Db,
  input: { code: string; userId: string; profileId: string },
): Promise<InviteView> {
  const accepted = await db.transaction(async (tx) => {
    const [invite] = await tx.select().from(userInvites).where(eq(userInvites.code, input.code)).limit(1);
    if (!invite) throw new AppError("invite_notFound");
    if (invite.inviterUserId === input.userId) throw new AppError("invite_unavailable");
    if (invite.status === "accepted" && invite.acceptedByUserId === input.userId) return invite;
    if (invite.status !== "pending" || invite.expiresAt.getTime() < Date.now()) {
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
  if (accepted.inviterProfileId !== input.profileId)
    await follow(db, input.profileId, accepted.inviterProfileId);
  return findInvite(db, accepted.code);
}
