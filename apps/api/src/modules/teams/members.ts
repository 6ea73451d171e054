import {
  AppError,
  actionRefusal,
  messages,
  refusalOf,
  type SessionActor,
  type TeamMember,
  type TeamMemberDetailsUpdate,
  type TeamMemberSelf,
  type TeamMemberUpdate,
  teamRolePolicy,
} from "@vn/contract";
import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { companyMemberDetails, companyMembers, profiles, sessions, users } from "../../db/schema/index";
import { slugify } from "../../lib/slug";
import { refusalError } from "../../policy/guard";
import { writeAudit } from "../../shared/audit";
import type { Realtime } from "../../shared/realtime";
import { checkPageImage } from "../profiles/page-fields";
import { actingCompanyId } from "./invites";
import { teamSettingsOf } from "./team-settings";
import { type MemberRow, memberSelfView, memberView } from "./views";

/**
 * The team itself (issue 14): the people tab, roles (the owner promotes and demotes), where a
 * member sits (position, team), each member's own card, removing and leaving, and handing the
 * company to a manager. Every change is audited with its transaction; a member who is gone loses
 * the company's socket room at once.
 */

export interface MemberDeps {
  db: Db;
  realtime?: () => Pick<Realtime, "recheckProfileRoom"> | undefined;
}

const personal = alias(profiles, "personal_profile");

async function memberRows(db: Db, companyId: string, userId?: string): Promise<MemberRow[]> {
  return db
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
}

async function members(db: Db, companyId: string, userId?: string): Promise<TeamMember[]> {
  return (await memberRows(db, companyId, userId)).map(memberView);
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

/** The member's row, locked for the transaction: one change to a member at a time. */
async function lockedMember(db: Db, companyId: string, userId: string) {
  const [row] = await db
    .select({ role: companyMembers.role, position: companyMembers.position })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .for("update");
  if (!row) throw new AppError("request_notFound", { message: messages.teamMemberNotFound });
  return row;
}

async function memberRole(db: Db, companyId: string, userId: string): Promise<string> {
  return (await lockedMember(db, companyId, userId)).role;
}

async function detailsOf(db: Db, companyId: string, userId: string) {
  const [row] = await db
    .select()
    .from(companyMemberDetails)
    .where(and(eq(companyMemberDetails.companyId, companyId), eq(companyMemberDetails.userId, userId)));
  return row ?? null;
}

type DetailsPatch = Partial<Omit<typeof companyMemberDetails.$inferInsert, "companyId" | "userId">>;

/** A member may have no details row yet (the owner, anyone added before invitations): upsert. */
async function saveDetails(db: Db, companyId: string, userId: string, patch: DetailsPatch): Promise<void> {
  await db
    .insert(companyMemberDetails)
    .values({ companyId, userId, ...patch })
    .onConflictDoUpdate({
      target: [companyMemberDetails.companyId, companyMemberDetails.userId],
      set: patch,
    });
}

/**
 * PATCH /companies/me/members/:userId: the role (owners only, by the settings scope; never the
 * owner's own, which moves only by transfer), and position and team. The owner places anyone,
 * themselves included; a manager places employees only, as they remove employees only.
 */
export async function updateMember(
  db: Db,
  actor: SessionActor,
  userId: string,
  input: TeamMemberUpdate,
): Promise<TeamMember> {
  const companyId = actingCompanyId(actor);
  if (input.role !== undefined) {
    const refusal = refusalOf(actor, teamRolePolicy);
    if (refusal) throw refusalError(refusal);
  }
  await db.transaction(async (tx) => {
    const before = await lockedMember(tx, companyId, userId);
    if (input.role !== undefined) {
      if (before.role === "owner") {
        throw new AppError("request_forbidden", { message: messages.teamOwnerRoleFixed });
      }
      if (before.role !== input.role) {
        await tx
          .update(companyMembers)
          .set({ role: input.role })
          .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
        await writeAudit(tx, {
          action: "company.roleChanged",
          resourceType: "company",
          resourceId: companyId,
          before: { userId, role: before.role },
          after: { userId, role: input.role },
        });
      }
    }
    if (input.position === undefined && input.team === undefined) return;
    // A manager runs the employees, not the other managers (product decisions: employees `manage`).
    if (actor.companyRole !== "owner" && before.role !== "company_employee") {
      throw new AppError("request_forbidden", { message: messages.teamManagerPlacesEmployees });
    }
    const details = await detailsOf(tx, companyId, userId);
    if (input.position !== undefined) {
      await tx
        .update(companyMembers)
        .set({ position: input.position })
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    }
    if (input.team !== undefined) {
      await saveDetails(tx, companyId, userId, {
        teamTitle: input.team,
        teamSlug: input.team ? slugify(input.team) : null,
      });
    }
    await writeAudit(tx, {
      action: "company.memberUpdated",
      resourceType: "company",
      resourceId: companyId,
      before: { userId, position: before.position, team: details?.teamTitle ?? null },
      after: {
        userId,
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.team !== undefined ? { team: input.team } : {}),
      },
    });
  });
  const [member] = await members(db, companyId, userId);
  if (!member) throw new AppError("request_notFound", { message: messages.teamMemberNotFound });
  return member;
}

/** GET /companies/me/members/me: the acting member's own card (any member: it is their own). */
export async function myMembership(db: Db, actor: SessionActor): Promise<TeamMemberSelf> {
  const companyId = actingCompanyId(actor);
  const [row] = await memberRows(db, companyId, actor.userId);
  if (!row) throw new AppError("request_notFound", { message: messages.teamMemberNotFound });
  return memberSelfView(row, await teamSettingsOf(db, companyId));
}

/**
 * PATCH /companies/me/members/me: the member's own card. Hiding the byline is theirs only where
 * the company allows it; showing it again is always theirs. All or nothing.
 */
export async function updateMyDetails(
  db: Db,
  actor: SessionActor,
  input: TeamMemberDetailsUpdate,
): Promise<TeamMemberSelf> {
  const companyId = actingCompanyId(actor);
  await db.transaction(async (tx) => {
    await lockedMember(tx, companyId, actor.userId);
    if (input.hideByline === true && !(await teamSettingsOf(tx, companyId)).membersMayHideByline) {
      throw new AppError("request_forbidden", { message: messages.teamBylineHidingNotAllowed });
    }
    if (input.imageUrl) {
      await checkPageImage(tx, input.imageUrl, {
        ownerProfileId: companyId,
        uploadType: "employee_image",
        field: "imageUrl",
      });
    }
    const patch: DetailsPatch = {};
    if (input.displayName !== undefined) patch.displayName = input.displayName;
    if (input.caption !== undefined) patch.caption = input.caption;
    if (input.imageUrl !== undefined) patch.imageUrl = input.imageUrl;
    if (input.displayPersonalProfile !== undefined)
      patch.displayPersonalProfile = input.displayPersonalProfile;
    if (input.hideByline !== undefined) patch.hideByline = input.hideByline;
    const fields = Object.keys(patch) as Array<keyof DetailsPatch>;
    if (fields.length === 0) return;
    const before = await detailsOf(tx, companyId, actor.userId);
    await saveDetails(tx, companyId, actor.userId, patch);
    await writeAudit(tx, {
      action: "company.memberUpdated",
      resourceType: "company",
      resourceId: companyId,
      before: {
        userId: actor.userId,
        ...Object.fromEntries(fields.map((key) => [key, before?.[key] ?? null])),
      },
      after: { userId: actor.userId, ...patch },
    });
  });
  return myMembership(db, actor);
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
