import { AppError, actionRefusal, messages, type SessionActor, type TeamMember } from "@vn/contract";
import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { companyMemberDetails, companyMembers, profiles, sessions, users } from "../../db/schema/index";
import { refusalError } from "../../policy/guard";
import { writeAudit } from "../../shared/audit";
import type { Realtime } from "../../shared/realtime";
import { actingCompanyId } from "./invites";
import { memberView } from "./views";

/**
 * The team itself (issue 14): the people tab, roles (the owner promotes and demotes), removing
 * and leaving, and handing the company to a manager. Every change is audited with its
 * transaction; a member who is gone loses the company's socket room at once.
 */

export interface MemberDeps {
  db: Db;
  realtime?: () => Pick<Realtime, "recheckProfileRoom"> | undefined;
}

const personal = alias(profiles, "personal_profile");

async function members(db: Db, companyId: string, userId?: string): Promise<TeamMember[]> {
  const rows = await db
    .select({
      userId: companyMembers.userId,
      userName: users.name,
      role: companyMembers.role,
      position: companyMembers.position,
      joinedAt: companyMembers.createdAt,
      personalSlug: personal.slug,
      personalName: personal.name,
      personalImage: personal.imageUrl,
      details: companyMemberDetails,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(personal, and(eq(personal.userId, users.id), eq(personal.type, "user")))
    .leftJoin(
      companyMemberDetails,
      and(
        eq(companyMemberDetails.companyId, companyMembers.companyId),
        eq(companyMemberDetails.userId, companyMembers.userId),
      ),
    )
    .where(
      and(eq(companyMembers.companyId, companyId), userId ? eq(companyMembers.userId, userId) : undefined),
    )
    .orderBy(asc(companyMembers.createdAt));
  return rows.map(memberView);
}

/** GET /companies/:slug/people: the Employees permission of the company one acts as (team.view). */
export async function companyPeople(db: Db, actor: SessionActor, slug: string): Promise<TeamMember[]> {
  const [company] = await db
    .select({ id: profiles.id, status: profiles.status })
    .from(profiles)
    .where(and(eq(profiles.slug, slug), eq(profiles.type, "company")))
    .limit(1);
  if (company?.status !== "active") throw new AppError("company_notFound");
  const refusal = actionRefusal(actor, "team.view", { ownerProfileId: company.id });
  if (refusal) throw refusalError(refusal);
  return members(db, company.id);
}

async function memberRole(db: Db, companyId: string, userId: string): Promise<string> {
  const [row] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .for("update");
  if (!row) throw new AppError("request_notFound", { message: messages.teamMemberNotFound });
  return row.role;
}

export async function changeRole(
  db: Db,
  actor: SessionActor,
  userId: string,
  role: "manager" | "company_employee",
): Promise<TeamMember> {
  const companyId = actingCompanyId(actor);
  await db.transaction(async (tx) => {
    const before = await memberRole(tx, companyId, userId);
    if (before === "owner") throw new AppError("request_forbidden", { message: messages.teamOwnerRoleFixed });
    if (before === role) return;
    await tx
      .update(companyMembers)
      .set({ role })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    await writeAudit(tx, {
      action: "company.roleChanged",
      resourceType: "company",
      resourceId: companyId,
      before: { userId, role: before },
      after: { userId, role },
    });
  });
  const [member] = await members(db, companyId, userId);
  if (!member) throw new AppError("request_notFound", { message: messages.teamMemberNotFound });
  return member;
}

/** Whoever is gone from the team: their sessions acting as the company answer ownerNotFound. */
async function dropMembership(tx: Db, companyId: string, userId: string): Promise<void> {
  await tx
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  await tx
    .delete(companyMemberDetails)
    .where(and(eq(companyMemberDetails.companyId, companyId), eq(companyMemberDetails.userId, userId)));
}

export async function removeMember(deps: MemberDeps, actor: SessionActor, userId: string): Promise<void> {
  const companyId = actingCompanyId(actor);
  await deps.db.transaction(async (tx) => {
    const role = await memberRole(tx, companyId, userId);
    if (role === "owner")
      throw new AppError("request_forbidden", { message: messages.teamCannotRemoveOwner });
    if (userId === actor.userId)
      throw new AppError("request_forbidden", { message: messages.teamCannotRemoveSelf });
    // A manager runs the employees, not the other managers (product decisions: employees `manage`).
    if (actor.companyRole !== "owner" && role !== "company_employee") {
      throw new AppError("request_forbidden", { message: messages.teamManagerRemovesEmployees });
    }
    await dropMembership(tx, companyId, userId);
    await writeAudit(tx, {
      action: "company.memberRemoved",
      resourceType: "company",
      resourceId: companyId,
      before: { userId, role },
    });
  });
  await deps.realtime?.()?.recheckProfileRoom(companyId);
}

export async function leaveCompany(deps: MemberDeps, actor: SessionActor): Promise<void> {
  const companyId = actingCompanyId(actor);
  await deps.db.transaction(async (tx) => {
    const role = await memberRole(tx, companyId, actor.userId);
    if (role === "owner") throw new AppError("request_conflict", { message: messages.teamOwnerCannotLeave });
    await dropMembership(tx, companyId, actor.userId);
    // The person's sessions act as themselves again: they left on purpose, nothing to switch back from.
    await tx
      .update(sessions)
      .set({ activeProfileId: null, updatedAt: new Date() })
      .where(and(eq(sessions.userId, actor.userId), eq(sessions.activeProfileId, companyId)));
    await writeAudit(tx, {
      action: "company.memberLeft",
      resourceType: "company",
      resourceId: companyId,
      before: { userId: actor.userId, role },
    });
  });
  await deps.realtime?.()?.recheckProfileRoom(companyId);
}

export async function transferOwnership(db: Db, actor: SessionActor, userId: string): Promise<TeamMember[]> {
  const companyId = actingCompanyId(actor);
  await db.transaction(async (tx) => {
    const own = await memberRole(tx, companyId, actor.userId);
    if (own !== "owner") throw new AppError("request_forbidden");
    const role = await memberRole(tx, companyId, userId);
    if (role !== "manager") {
      throw new AppError("request_validationFailed", {
        details: [{ path: "body.userId", message: messages.teamTransferToManager }],
      });
    }
    await tx
      .update(companyMembers)
      .set({ role: "owner" })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    await tx
      .update(companyMembers)
      .set({ role: "manager" })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, actor.userId)));
    await writeAudit(tx, {
      action: "company.ownershipTransferred",
      resourceType: "company",
      resourceId: companyId,
      before: { owner: actor.userId },
      after: { owner: userId, previousOwnerRole: "manager" },
    });
  });
  return members(db, companyId);
}
