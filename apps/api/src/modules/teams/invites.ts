import { randomUUID } from "node:crypto";
import {
  AppError,
  messages,
  type SessionActor,
  TEAM_INVITE_TTL_MS,
  type TeamInvite,
  type TeamInvitesRequest,
} from "@vn/contract";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { companyInvites, companyMemberDetails, companyMembers, profiles, users } from "../../db/schema/index";
import { slugify } from "../../lib/slug";
import { teamInviteMail } from "../../providers/mail/templates";
import type { MailProvider } from "../../providers/mail/types";
import { writeAudit } from "../../shared/audit";
import { checkPageImage } from "../profiles/page-fields";
import { checkSeats, lockCompany } from "./seats";
import { effectiveStatus, inviteView } from "./views";

/**
 * Team invitations (issue 14): a company invites people by email (one or up to 50, all or
 * nothing); the person who signs in with that email accepts (becoming a company_employee) or
 * rejects with a reason. Seats are checked when inviting (members + open invitations) and again
 * when accepting.
 */

export interface TeamDeps {
  db: Db;
  config: Pick<Config, "WEB_ORIGIN">;
  mail: MailProvider;
  log: FastifyBaseLogger;
}

type InviteRow = typeof companyInvites.$inferSelect;
type CompanyRow = typeof profiles.$inferSelect;

/** The company the session acts as; people acting as themselves have no team to run. */
export function actingCompanyId(actor: SessionActor): string {
  if (actor.profileType !== "company" || !actor.profileId) {
    throw new AppError("request_forbidden", { message: messages.teamActAsCompany });
  }
  return actor.profileId;
}

async function companyRow(db: Db, companyId: string): Promise<CompanyRow> {
  const [company] = await db.select().from(profiles).where(eq(profiles.id, companyId)).limit(1);
  if (company?.type !== "company") throw new AppError("company_notFound");
  return company;
}

function rowError(index: number, field: string, message: string) {
  return { path: `body.invites.${index}.${field}`, message };
}

export async function createInvites(
  deps: TeamDeps,
  actor: SessionActor,
  input: TeamInvitesRequest,
): Promise<TeamInvite[]> {
  const companyId = actingCompanyId(actor);
  const company = await companyRow(deps.db, companyId);
  const emails = input.invites.map((invite) => invite.email);
  let created: InviteRow[];
  try {
    created = await deps.db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      // Invitations past their time free their email (and their seat) before anything is counted.
      await tx
        .update(companyInvites)
        .set({ status: "expired" })
        .where(
          and(
            eq(companyInvites.companyId, companyId),
            eq(companyInvites.status, "pending"),
            lte(companyInvites.expiresAt, new Date()),
          ),
        );
      const accounts = await tx
        .select({ id: users.id, email: users.email, status: users.status })
        .from(users)
        .where(inArray(users.email, emails));
      const members = await tx
        .select({ email: users.email })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(and(eq(companyMembers.companyId, companyId), inArray(users.email, emails)));
      const pending = await tx
        .select({ email: companyInvites.email })
        .from(companyInvites)
        .where(
          and(
            eq(companyInvites.companyId, companyId),
            eq(companyInvites.kind, "team"),
            eq(companyInvites.status, "pending"),
            inArray(companyInvites.email, emails),
          ),
        );
      const taken = new Set([...members, ...pending].map((row) => row.email.toLowerCase()));
      const accountOf = new Map(accounts.map((account) => [account.email.toLowerCase(), account]));
      const problems: Array<{ path: string; message: string }> = [];
      for (const [index, invite] of input.invites.entries()) {
        const account = accountOf.get(invite.email);
        if (taken.has(invite.email)) problems.push(rowError(index, "email", messages.alreadyAdded));
        else if (account?.status === "blocked")
          problems.push(rowError(index, "email", messages.accountDeletedOrBlocked));
        else if (account?.status === "deleted")
          problems.push(rowError(index, "email", messages.accountUnavailable));
        if (invite.imageUrl) {
          try {
            await checkPageImage(tx, invite.imageUrl, {
              ownerProfileId: companyId,
              uploadType: "employee_image",
              field: `invites.${index}.imageUrl`,
            });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            problems.push(rowError(index, "imageUrl", messages.pageImageNotUploaded));
          }
        }
      }
      if (problems.length > 0) throw new AppError("request_validationFailed", { details: problems });
      await checkSeats(tx, companyId, input.invites.length, { countPending: true });

      const now = new Date();
      const rows = input.invites.map((invite) => ({
        id: randomUUID(),
        companyId,
        email: invite.email,
        invitedUserId: accountOf.get(invite.email)?.id ?? null,
        displayName: invite.displayName ?? null,
        position: invite.position ?? null,
        caption: invite.caption ?? null,
        teamTitle: invite.team ?? null,
        teamSlug: invite.team ? slugify(invite.team) : null,
        imageUrl: invite.imageUrl ?? null,
        createdBy: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TEAM_INVITE_TTL_MS),
      }));
      const inserted = await tx.insert(companyInvites).values(rows).returning();
      for (const row of inserted) {
        await writeAudit(tx, {
          action: "company.inviteCreated",
          resourceType: "company",
          resourceId: companyId,
          after: { inviteId: row.id, email: row.email },
        });
      }
      return inserted;
    });
  } catch (error) {
    // Another request invited the same email between our check and our insert.
    if (isUniqueViolation(error)) {
      throw new AppError("request_validationFailed", {
        details: [{ path: "body.invites", message: messages.alreadyAdded }],
      });
    }
    throw error;
  }
  const [inviter] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  for (const row of created) {
    const url = `${deps.config.WEB_ORIGIN}/companies/invites/${row.id}`;
    try {
      await deps.mail.send(teamInviteMail(row.email, inviter?.name || company.name, company.name, url));
    } catch (error) {
      // The invitation stands; the invitee finds it by link, and the company may invite again later.
      deps.log.error({ err: error, inviteId: row.id }, "team invite mail not delivered");
    }
  }
  return created.map((row) => inviteView(row, company));
}

export async function pendingInvites(db: Db, actor: SessionActor): Promise<TeamInvite[]> {
  const companyId = actingCompanyId(actor);
  const company = await companyRow(db, companyId);
  const rows = await db
    .select()
    .from(companyInvites)
    .where(
      and(
        eq(companyInvites.companyId, companyId),
        eq(companyInvites.kind, "team"),
        eq(companyInvites.status, "pending"),
      ),
    )
    .orderBy(asc(companyInvites.createdAt));
  return rows.filter((row) => effectiveStatus(row) === "pending").map((row) => inviteView(row, company));
}

export async function cancelInvite(db: Db, actor: SessionActor, inviteId: string): Promise<TeamInvite> {
  const companyId = actingCompanyId(actor);
  const company = await companyRow(db, companyId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(companyInvites)
      .where(
        and(
          eq(companyInvites.id, inviteId),
          eq(companyInvites.companyId, companyId),
          // Directors' invitations are cancelled in the KYB transaction they belong to.
          eq(companyInvites.kind, "team"),
        ),
      )
      .for("update");
    if (!row) throw new AppError("invite_notFound");
    if (effectiveStatus(row) !== "pending") throw new AppError("invite_unavailable");
    const [updated] = await tx
      .update(companyInvites)
      .set({ status: "cancelled", decidedAt: new Date() })
      .where(eq(companyInvites.id, inviteId))
      .returning();
    await writeAudit(tx, {
      action: "company.inviteCancelled",
      resourceType: "company",
      resourceId: companyId,
      before: { inviteId, email: row.email, status: "pending" },
      after: { status: "cancelled" },
    });
    return inviteView(updated ?? row, company);
  });
}

/**
 * The invitation as its invitee reads it. Someone else's is a 403 with the server's message (the
 * web shows it); an id that does not exist is 404; one no longer open is the §8 409.
 */
async function ownInvite(db: Db, actor: SessionActor, inviteId: string, lock: boolean) {
  const query = db.select().from(companyInvites).where(eq(companyInvites.id, inviteId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("invite_notFound");
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  if (!me || me.email.toLowerCase() !== row.email) {
    throw new AppError("request_forbidden", { message: messages.teamInviteNotYours });
  }
  const company = await db.select().from(profiles).where(eq(profiles.id, row.companyId)).limit(1);
  const found = company[0];
  if (found?.status !== "active") throw new AppError("invite_unavailable");
  return { row, company: found };
}

export async function getMyInvite(db: Db, actor: SessionActor, inviteId: string): Promise<TeamInvite> {
  const { row, company } = await ownInvite(db, actor, inviteId, false);
  if (effectiveStatus(row) !== "pending") throw new AppError("invite_unavailable");
  return inviteView(row, company);
}

/**
 * Directors' answers (kind `officer`): the KYB module records them on its transaction
 * (modules/verification/kyb/service.ts). Declared here, by shape, so teams need not import it.
 */
export interface OfficerAnswers {
  answerAsOfficer(
    tx: Db,
    actor: SessionActor,
    invite: InviteRow,
    answer: { accept: true } | { accept: false; reason: string },
  ): Promise<void>;
  /** After the commit: the company's sockets hear of the answer. */
  tell(companyId: string, transactionId: string): void;
}

/** Re-reads the answered invitation and tells the KYB transaction's company, after the commit. */
async function officerAnswered(db: Db, officers: OfficerAnswers, row: InviteRow, company: CompanyRow) {
  const [updated] = await db.select().from(companyInvites).where(eq(companyInvites.id, row.id));
  if (row.kybTransactionId) officers.tell(row.companyId, row.kybTransactionId);
  return inviteView(updated ?? row, company);
}

export async function acceptInvite(
  deps: Pick<TeamDeps, "db"> & { officers: OfficerAnswers },
  actor: SessionActor,
  inviteId: string,
): Promise<TeamInvite> {
  const officer = await deps.db.transaction(async (tx) => {
    const { row, company } = await ownInvite(tx, actor, inviteId, true);
    if (row.kind !== "officer") return null;
    if (effectiveStatus(row) !== "pending") throw new AppError("invite_unavailable");
    await deps.officers.answerAsOfficer(tx, actor, row, { accept: true });
    return { row, company };
  });
  if (officer) return officerAnswered(deps.db, deps.officers, officer.row, officer.company);
  return deps.db.transaction(async (tx) => {
    const [peek] = await tx.select().from(companyInvites).where(eq(companyInvites.id, inviteId));
    if (!peek) throw new AppError("invite_notFound");
    // Company first, then the invitation: the same lock order as inviting.
    await lockCompany(tx, peek.companyId);
    const { row, company } = await ownInvite(tx, actor, inviteId, true);
    if (effectiveStatus(row) !== "pending") throw new AppError("invite_unavailable");
    const [already] = await tx
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, row.companyId), eq(companyMembers.userId, actor.userId)));
    if (already) throw new AppError("invite_unavailable", { message: messages.teamInviteSelf });
    // This invitation held a seat already; the plan may have shrunk since, so members alone count.
    await checkSeats(tx, row.companyId, 1, { countPending: false });
    await tx.insert(companyMembers).values({
      companyId: row.companyId,
      userId: actor.userId,
      role: row.role,
      position: row.position,
    });
    await tx
      .insert(companyMemberDetails)
      .values({
        companyId: row.companyId,
        userId: actor.userId,
        displayName: row.displayName,
        caption: row.caption,
        teamTitle: row.teamTitle,
        teamSlug: row.teamSlug,
        imageUrl: row.imageUrl,
        invitedBy: row.createdBy,
      })
      .onConflictDoNothing();
    const [updated] = await tx
      .update(companyInvites)
      .set({ status: "accepted", decidedAt: new Date(), invitedUserId: actor.userId })
      .where(eq(companyInvites.id, inviteId))
      .returning();
    await writeAudit(tx, {
      action: "company.inviteAccepted",
      resourceType: "company",
      resourceId: row.companyId,
      after: { inviteId, userId: actor.userId, role: row.role },
    });
    return inviteView(updated ?? row, company);
  });
}

export async function rejectInvite(
  db: Db,
  officers: OfficerAnswers,
  actor: SessionActor,
  inviteId: string,
  reason: string,
): Promise<TeamInvite> {
  const officer = await db.transaction(async (tx) => {
    const { row, company } = await ownInvite(tx, actor, inviteId, true);
    if (row.kind !== "officer") return null;
    if (effectiveStatus(row) !== "pending") throw new AppError("invite_unavailable");
    await officers.answerAsOfficer(tx, actor, row, { accept: false, reason });
    return { row, company };
  });
  if (officer) return officerAnswered(db, officers, officer.row, officer.company);
  return db.transaction(async (tx) => {
    const { row, company } = await ownInvite(tx, actor, inviteId, true);
    if (effectiveStatus(row) !== "pending") throw new AppError("invite_unavailable");
    const [updated] = await tx
      .update(companyInvites)
      .set({ status: "rejected", rejectReason: reason, decidedAt: new Date(), invitedUserId: actor.userId })
      .where(eq(companyInvites.id, inviteId))
      .returning();
    await writeAudit(tx, {
      action: "company.inviteRejected",
      resourceType: "company",
      resourceId: row.companyId,
      after: { inviteId, userId: actor.userId, reason },
    });
    return inviteView(updated ?? row, company);
  });
}
