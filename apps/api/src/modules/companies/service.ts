import { randomUUID } from "node:crypto";
import type { SessionActor } from "@vn/contract";
import {
  AppError,
  type CompanyCreate,
  type CompanyMemberRole,
  messages,
  type VerificationStatus,
} from "@vn/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { companyMembers, profiles, sessions, users } from "../../db/schema/index";
import { writeAudit } from "../../shared/audit";
import { checkHandle } from "../../shared/handles";
import { type ImageRef, profileImage } from "../../shared/profile-view";

/**
 * Companies, first step: a person creates a company profile (they become its owner) and switches
 * the session between their own account and the companies they belong to. Teams, roles and
 * business verification come with the companies issue.
 */

export interface CompanyView {
  id: string;
  slug: string;
  name: string;
  about: string | null;
  image: ImageRef;
  verificationStatus: VerificationStatus;
  role: CompanyMemberRole;
  createdAt: string;
}

export async function createCompany(db: Db, actor: SessionActor, input: CompanyCreate): Promise<CompanyView> {
  // A new company has no plan yet, so its handle must be a free one (two digits).
  const check = await checkHandle(db, input.slug, null);
  if (check.reason === "taken")
    throw new AppError("slug_alreadyTakenConflict", { details: { slug: input.slug } });
  if (check.reason === "needsPremium") {
    throw new AppError("account_accessForbiddenByPlan", {
      message: messages.handleNeedsPremium,
      details: { slug: input.slug },
    });
  }
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(profiles).values({
        id,
        type: "company",
        slug: input.slug,
        name: input.name,
        about: input.about ?? null,
        imageUrl: input.logoUrl ?? null,
      });
      await tx.insert(companyMembers).values({ companyId: id, userId: actor.userId, role: "owner" });
      await writeAudit(tx, {
        action: "company.created",
        resourceType: "company",
        resourceId: id,
        after: { slug: input.slug, name: input.name, owner: actor.userId, role: "owner" },
      });
      // Creating a company finishes the company onboarding step of the wizard.
      await tx
        .update(users)
        .set({ companyWizardCompletedAt: new Date() })
        .where(and(eq(users.id, actor.userId)));
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("slug_alreadyTakenConflict", { details: { slug: input.slug } });
    throw error;
  }
  const [company] = await listCompanies(db, actor.userId, id);
  if (!company) throw new AppError("company_notFound");
  return company;
}

/** The companies a person may act for (the header's account switcher), oldest first. */
export async function listCompanies(db: Db, userId: string, onlyId?: string): Promise<CompanyView[]> {
  const rows = await db
    .select({ profile: profiles, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(profiles, eq(profiles.id, companyMembers.companyId))
    .where(
      and(
        eq(companyMembers.userId, userId),
        eq(profiles.status, "active"),
        onlyId ? eq(profiles.id, onlyId) : undefined,
      ),
    )
    .orderBy(asc(companyMembers.createdAt));
  return rows.map(({ profile, role }) => ({
    id: profile.id,
    slug: profile.slug,
    name: profile.name,
    about: profile.about,
    image: profileImage(profile.imageUrl),
    verificationStatus: profile.verificationStatus as VerificationStatus,
    role: role as CompanyMemberRole,
    createdAt: profile.createdAt.toISOString(),
  }));
}

/**
 * POST /users/switch-account: acting as oneself (type user) or as a company one belongs to.
 * Not a member (or no such active company) → 403 accountManager_permissionNotProvided.
 */
export async function switchAccount(
  db: Db,
  actor: SessionActor,
  target: { type: "user" | "company"; id?: string },
): Promise<void> {
  let activeProfileId: string | null = null;
  if (target.type === "company") {
    const [company] = target.id ? await listCompanies(db, actor.userId, target.id) : [];
    if (!company) throw new AppError("accountManager_permissionNotProvided");
    activeProfileId = company.id;
  }
  await db
    .update(sessions)
    .set({ activeProfileId, updatedAt: new Date() })
    .where(eq(sessions.id, actor.sessionId));
}
