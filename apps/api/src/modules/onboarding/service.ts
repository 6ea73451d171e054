import {
  AppError,
  CHECKLIST_FOLLOW_TARGET,
  CHECKLIST_ITEMS,
  type Checklist,
  type ChecklistItem,
  type ChecklistItemId,
  type ChecklistKind,
  ONBOARDING_STEPS,
  type OnboardingStepsView,
  type OnboardingTarget,
  type SessionActor,
} from "@vn/contract";
import { and, desc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  companyInvites,
  companyMembers,
  contentItems,
  kybTransactions,
  onboardingSteps,
  profiles,
  users,
} from "../../db/schema/index";

/**
 * The guided tour (spec §7 "Onboarding") and the getting-started checklist (issue 18).
 *
 * The tour is the person's: its passed steps are rows of onboarding_steps and its end is
 * users.onboarding_finished_at, set by "finish" or by passing the last step (so the Session user's
 * hasUnfinishedOnboarding needs no query of its own). It is not shown to companies (§6): acting as
 * a company the steps read as finished and cannot be passed.
 *
 * The checklist stores nothing but "closed" (users.checklist_hidden_at): every tick is worked out
 * from the account's real state each time it is asked for.
 */

function actingAsCompany(actor: SessionActor): boolean {
  return actor.profileType === "company";
}

export async function readSteps(db: Db, actor: SessionActor): Promise<OnboardingStepsView> {
  const [user] = await db
    .select({ finishedAt: users.onboardingFinishedAt })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  const passed = new Set(
    (
      await db
        .select({ stepId: onboardingSteps.stepId })
        .from(onboardingSteps)
        .where(eq(onboardingSteps.userId, actor.userId))
    ).map((row) => row.stepId),
  );
  const steps = ONBOARDING_STEPS.map((id) => ({ id, isPassed: passed.has(id) }));
  const isFinished =
    actingAsCompany(actor) || Boolean(user?.finishedAt) || steps.every((step) => step.isPassed);
  return { isFinished, steps };
}

function refuseCompany(actor: SessionActor): void {
  // The tour is not shown to companies (§6); its steps are the person's, passed as themselves.
  if (actingAsCompany(actor)) throw new AppError("request_forbidden");
}

/** Marks a step passed (idempotent); the last one finishes the tour. */
export async function passStep(
  db: Db,
  actor: SessionActor,
  stepId: OnboardingTarget,
): Promise<OnboardingStepsView> {
  refuseCompany(actor);
  await db.transaction(async (tx) => {
    await tx.insert(onboardingSteps).values({ userId: actor.userId, stepId }).onConflictDoNothing();
    const rows = await tx
      .select({ stepId: onboardingSteps.stepId })
      .from(onboardingSteps)
      .where(
        and(eq(onboardingSteps.userId, actor.userId), inArray(onboardingSteps.stepId, [...ONBOARDING_STEPS])),
      );
    if (rows.length >= ONBOARDING_STEPS.length) await markFinished(tx, actor.userId);
  });
  return readSteps(db, actor);
}

async function markFinished(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ onboardingFinishedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.onboardingFinishedAt)));
}

/** Finishes the tour (idempotent): the onboarding redirect stops. */
export async function finishTour(db: Db, actor: SessionActor): Promise<OnboardingStepsView> {
  refuseCompany(actor);
  await markFinished(db, actor.userId);
  return readSteps(db, actor);
}

// ——— The checklist ———

interface PersonFacts {
  email: string;
  hiddenAt: Date | null;
}

async function personFacts(db: Db, userId: string): Promise<PersonFacts> {
  const [row] = await db
    .select({ email: users.email, hiddenAt: users.checklistHiddenAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError("request_invalidSessionToken");
  return row;
}

async function profileRow(db: Db, id: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  if (!row) throw new AppError("request_invalidSessionToken");
  return row;
}

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/** Team invitations addressed to the person (by account or by email), pending or accepted, newest first. */
async function teamInvitations(
  db: Db,
  userId: string,
  email: string,
): Promise<{ id: string; status: string; expiresAt: Date }[]> {
  return db
    .select({ id: companyInvites.id, status: companyInvites.status, expiresAt: companyInvites.expiresAt })
    .from(companyInvites)
    .where(
      and(
        eq(companyInvites.kind, "team"),
        inArray(companyInvites.status, ["pending", "accepted"]),
        or(eq(companyInvites.invitedUserId, userId), eq(companyInvites.email, email.toLowerCase())),
      ),
    )
    .orderBy(desc(companyInvites.createdAt));
}

async function kindOf(db: Db, actor: SessionActor, facts: PersonFacts): Promise<ChecklistKind> {
  if (actingAsCompany(actor)) return actor.companyRole === "owner" ? "company" : "none";
  const invitations = await teamInvitations(db, actor.userId, facts.email);
  return invitations.length > 0 ? "invitee" : "person";
}

type Tick = Omit<ChecklistItem, "id">;

async function personTicks(db: Db, actor: SessionActor): Promise<Partial<Record<ChecklistItemId, Tick>>> {
  const own = await profileRow(db, actor.ownProfileId ?? "");
  const [post] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.ownerId, own.id), eq(contentItems.status, "active")))
    .limit(1);
  const following = own.followingCount;
  return {
    verifyIdentity: { isDone: own.verificationStatus === "verified" },
    addPhoto: { isDone: filled(own.imageUrl) },
    firstPost: { isDone: Boolean(post) },
    followFive: {
      isDone: following >= CHECKLIST_FOLLOW_TARGET,
      progress: { count: Math.min(following, CHECKLIST_FOLLOW_TARGET), target: CHECKLIST_FOLLOW_TARGET },
    },
  };
}

async function companyTicks(db: Db, actor: SessionActor): Promise<Partial<Record<ChecklistItemId, Tick>>> {
  const company = await profileRow(db, actor.profileId ?? "");
  const [kyb] = await db
    .select({ id: kybTransactions.id })
    .from(kybTransactions)
    .where(
      and(
        eq(kybTransactions.companyId, company.id),
        isNotNull(kybTransactions.submittedAt),
        notInArray(kybTransactions.status, ["rejected", "failed"]),
      ),
    )
    .limit(1);
  const [invited] = await db
    .select({ id: companyInvites.id })
    .from(companyInvites)
    .where(
      and(
        eq(companyInvites.companyId, company.id),
        eq(companyInvites.kind, "team"),
        notInArray(companyInvites.status, ["cancelled"]),
      ),
    )
    .limit(1);
  const [members] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, company.id));
  return {
    // The page people see: a logo and a few words about the company.
    companyDetails: { isDone: filled(company.imageUrl) && filled(company.about) },
    // Submitted (under review) or verified.
    businessVerification: { isDone: company.verificationStatus === "verified" || Boolean(kyb) },
    inviteTeam: { isDone: Boolean(invited) || (members?.n ?? 0) > 1 },
  };
}

async function inviteeTicks(
  db: Db,
  actor: SessionActor,
  facts: PersonFacts,
): Promise<Partial<Record<ChecklistItemId, Tick>>> {
  const invitations = await teamInvitations(db, actor.userId, facts.email);
  const own = await profileRow(db, actor.ownProfileId ?? "");
  const accepted = invitations.some((invitation) => invitation.status === "accepted");
  // Where to answer: the newest invitation still open (an expired one is no longer answerable).
  const now = Date.now();
  const open = invitations.find(
    (invitation) => invitation.status === "pending" && invitation.expiresAt.getTime() > now,
  );
  return {
    acceptInvitation: accepted
      ? { isDone: true }
      : { isDone: false, ...(open ? { invitationId: open.id } : {}) },
    // What colleagues look for: a photo and a few words about oneself.
    completeProfile: { isDone: filled(own.imageUrl) && filled(own.about) },
  };
}

export async function readChecklist(db: Db, actor: SessionActor): Promise<Checklist> {
  const facts = await personFacts(db, actor.userId);
  const kind = await kindOf(db, actor, facts);
  const ticks =
    kind === "person"
      ? await personTicks(db, actor)
      : kind === "company"
        ? await companyTicks(db, actor)
        : kind === "invitee"
          ? await inviteeTicks(db, actor, facts)
          : {};
  const items: ChecklistItem[] = CHECKLIST_ITEMS[kind].map((id) => ({
    id,
    ...(ticks[id] ?? { isDone: false }),
  }));
  return {
    kind,
    isHidden: facts.hiddenAt !== null,
    isComplete: items.every((item) => item.isDone),
    items,
  };
}

export async function hideChecklist(db: Db, actor: SessionActor): Promise<Checklist> {
  await db
    .update(users)
    .set({ checklistHiddenAt: new Date() })
    .where(and(eq(users.id, actor.userId), isNull(users.checklistHiddenAt)));
  return readChecklist(db, actor);
}
