import { AppError, type CreatorApplication, type SessionActor } from "@vn/contract";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { creatorApplications, profiles } from "../../db/schema/index";
import { writeAudit } from "../../shared/audit";

type Row = typeof creatorApplications.$inferSelect;
type StaffActor = Pick<SessionActor, "userId" | "profileId" | "staffRole">;

function present(row: Row): CreatorApplication {
  return {
    id: row.id,
    status: row.status as CreatorApplication["status"],
    publishes: row.publishes,
    links: row.links,
    audience: row.audience,
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    appealedAt: row.appealedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The creator application (§4, issue 13 item 8): a verified person applies (what they publish,
 * links); staff decide: congratulation (the creator plan's checkout opens) or rejected, which
 * the applicant may appeal once (a second appeal shows "already submitted"). Decisions write the
 * audit log. Until the back-office lands, staff decide through the staff API.
 */
export class CreatorApplications {
  constructor(private readonly db: Db) {}

  private async rowOf(profileId: string): Promise<Row | null> {
    const [row] = await this.db
      .select()
      .from(creatorApplications)
      .where(eq(creatorApplications.profileId, profileId));
    return row ?? null;
  }

  async mine(profileId: string): Promise<CreatorApplication | null> {
    const row = await this.rowOf(profileId);
    return row ? present(row) : null;
  }

  /** Approved: the creator plan may be bought. */
  async approved(profileId: string): Promise<boolean> {
    return (await this.rowOf(profileId))?.status === "congratulation";
  }

  async apply(
    profileId: string,
    input: { publishes: string; links: string[]; audience?: string | undefined },
  ): Promise<CreatorApplication> {
    try {
      const [row] = await this.db
        .insert(creatorApplications)
        .values({
          profileId,
          publishes: input.publishes,
          links: input.links,
          audience: input.audience ?? null,
        })
        .returning();
      return present(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("creator_applicationExists");
      throw error;
    }
  }

  async appeal(profileId: string, message: string): Promise<CreatorApplication> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(creatorApplications)
        .where(eq(creatorApplications.profileId, profileId))
        .for("update");
      if (!row) throw new AppError("creator_applicationNotFound");
      if (row.appealedAt) throw new AppError("creator_appealAlreadySubmitted");
      if (row.status !== "rejected") throw new AppError("creator_appealNotAllowed");
      const [next] = await tx
        .update(creatorApplications)
        .set({ status: "pending", appealMessage: message, appealedAt: new Date(), updatedAt: new Date() })
        .where(eq(creatorApplications.id, row.id))
        .returning();
      return present(next!);
    });
  }

  async queue() {
    const rows = await this.db
      .select({
        application: creatorApplications,
        profile: { id: profiles.id, name: profiles.name, slug: profiles.slug },
      })
      .from(creatorApplications)
      .innerJoin(profiles, eq(profiles.id, creatorApplications.profileId))
      .where(eq(creatorApplications.status, "pending"))
      .orderBy(asc(creatorApplications.createdAt));
    return rows.map(({ application, profile }) => ({ ...present(application), profile }));
  }

  async decide(
    staff: StaffActor,
    id: string,
    decision: "congratulation" | "rejected",
    note: string | undefined,
  ): Promise<CreatorApplication> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(creatorApplications)
        .where(eq(creatorApplications.id, id))
        .for("update");
      if (!row) throw new AppError("creator_applicationNotFound");
      if (row.status !== "pending") throw new AppError("creator_alreadyDecided");
      const [next] = await tx
        .update(creatorApplications)
        .set({
          status: decision,
          decisionNote: note ?? null,
          decidedAt: new Date(),
          decidedBy: staff.userId,
          updatedAt: new Date(),
        })
        .where(eq(creatorApplications.id, id))
        .returning();
      await writeAudit(tx as unknown as Db, {
        action: "creator.decided",
        resourceType: "creatorApplication",
        resourceId: id,
        before: { status: row.status, appealed: row.appealedAt !== null },
        after: { status: decision, note: note ?? null },
        actor: staff,
      });
      return present(next!);
    });
  }
}
