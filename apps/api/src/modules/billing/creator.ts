import { AppError, type CreatorApplication, type SessionActor } from "@vn/contract";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { creatorApplications, profiles, users } from "../../db/schema/index";
import { creatorOutcomeMail } from "../../providers/mail/templates";
import { writeAudit } from "../../shared/audit";
import { emit } from "../../shared/events";
import type { BillingEnv } from "./ledger";

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
 * audit log and reach the applicant as a notification (live, and in the list) and a mail; the
 * plan cards read the application again when the person comes back (issue 16).
 */
export class CreatorApplications {
  constructor(private readonly env: Pick<BillingEnv, "db" | "config" | "realtime" | "log" | "mail">) {}

  private get db(): Db {
    return this.env.db;
  }

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
    return rows.map(({ application, profile }) => ({
      ...present(application),
      profile,
      appealMessage: application.appealMessage,
    }));
  }

  async decide(
    staff: StaffActor,
    id: string,
    decision: "congratulation" | "rejected",
    note: string | undefined,
  ): Promise<CreatorApplication> {
    const decided = await this.db.transaction(async (tx) => {
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
      return next!;
    });
    await this.tell(decided.profileId, decision);
    return present(decided);
  }

  /** After the commit: the applicant's notification and mail; a failure is logged, never thrown. */
  private async tell(profileId: string, decision: "congratulation" | "rejected"): Promise<void> {
    await emit({ db: this.db, realtime: this.env.realtime(), log: this.env.log }, "staff.decided", {
      recipientId: profileId,
      kind: decision === "congratulation" ? "creator_approved" : "creator_rejected",
    });
    if (!this.env.mail) return;
    try {
      const [person] = await this.db
        .select({ email: users.email })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.id, profileId));
      if (!person) return;
      const url = new URL("/settings/billing", this.env.config.WEB_ORIGIN).toString();
      await this.env.mail.send(creatorOutcomeMail(person.email, decision === "congratulation", url));
    } catch (error) {
      this.env.log.error({ err: error, profileId }, "creator decision mail not delivered");
    }
  }
}
