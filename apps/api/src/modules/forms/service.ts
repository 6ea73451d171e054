import type { SessionActor } from "@vn/contract";
import { AppError, type feedbackRequestSchema, messages, type reportRequestSchema } from "@vn/contract";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { comments, feedback, profiles, reports } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { loadInteractiveItem } from "../../shared/items";
import { fileReport } from "../../shared/moderation-intake";

type ReportInput = z.output<typeof reportRequestSchema>;
type FeedbackInput = z.output<typeof feedbackRequestSchema>;

const USER_AGENT_MAX = 500;

/** The profile answerable for a reported target; a target the reporter cannot see answers not found. */
async function targetProfile(db: Db, reporterId: string, input: ReportInput): Promise<string> {
  const notFound = () => new AppError("request_notFound", { message: messages.reportFailed });
  switch (input.targetType) {
    case "content": {
      const { item } = await loadInteractiveItem(db, input.targetId, reporterId).catch(() => {
        throw notFound();
      });
      return item.ownerId;
    }
    case "comment": {
      const [row] = await db
        .select({ authorId: comments.authorId, contentId: comments.contentId })
        .from(comments)
        .where(and(eq(comments.id, input.targetId), isNull(comments.deletedAt)))
        .limit(1);
      if (!row) throw notFound();
      await loadInteractiveItem(db, row.contentId, reporterId).catch(() => {
        throw notFound();
      });
      return row.authorId;
    }
    case "profile": {
      const [row] = await db
        .select({ id: profiles.id, status: profiles.status })
        .from(profiles)
        .where(eq(profiles.id, input.targetId))
        .limit(1);
      if (row?.status !== "active") throw notFound();
      if (row.id === reporterId) throw new AppError("social_selfNotAllowed");
      return row.id;
    }
  }
}

/**
 * Stores a report for moderation. Reporting the same target again while the first report is open
 * answers that report instead of queueing a duplicate.
 */
export async function submitReport(db: Db, actor: SessionActor, input: ReportInput) {
  const reporterId = actingProfileId(actor);
  const responsible = await targetProfile(db, reporterId, input);
  const [open] = await db
    .select({ id: reports.id, createdAt: reports.createdAt })
    .from(reports)
    .where(
      and(
        eq(reports.reporterUserId, actor.userId),
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
        eq(reports.status, "open"),
      ),
    )
    .limit(1);
  if (open) return { id: open.id, createdAt: open.createdAt.toISOString() };
  // The report and its filing on the review queue's subject commit together (issue 16).
  const row = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(reports)
      .values({
        id: crypto.randomUUID(),
        reporterUserId: actor.userId,
        reporterProfileId: reporterId,
        targetType: input.targetType,
        targetId: input.targetId,
        targetProfileId: responsible,
        reason: input.reason,
        description: input.description || null,
      })
      .returning({ id: reports.id, createdAt: reports.createdAt });
    await fileReport(tx, {
      table: "reports",
      reportId: stored!.id,
      subjectType: input.targetType,
      targetId: input.targetId,
      profileId: responsible,
      reason: input.reason,
      description: input.description || null,
      reporterUserId: actor.userId,
    });
    return stored!;
  });
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

export async function submitFeedback(
  db: Db,
  actor: SessionActor,
  input: FeedbackInput,
  userAgent: string | undefined,
) {
  const [row] = await db
    .insert(feedback)
    .values({
      id: crypto.randomUUID(),
      userId: actor.userId,
      profileId: actor.profileId,
      rating: input.rating,
      message: input.message,
      page: input.page ?? null,
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    })
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  return { id: row!.id, createdAt: row!.createdAt.toISOString() };
}
