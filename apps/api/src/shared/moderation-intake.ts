import { randomUUID } from "node:crypto";
import type { ModerationSubjectType } from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { chatReports, moderationEvents, moderationSubjects, reports } from "../db/schema/index";
import type { Tx } from "./items";
import { rowsOf } from "./pages";

/**
 * The review queue's intake (issue 16): every stored report — of a publication, a comment or a
 * profile (forms) or of a message (chats) — files onto the one subject of the thing reported,
 * inside the report's own transaction: the subject is created, or opened again when it was
 * closed; its open reports are counted; a `reported` event joins its log; its priority is worked
 * out again. Here, under the modules, so forms and chats file reports without importing each other
 * or the moderation module.
 */
export interface ReportFiling {
  /** Which table holds the report: reports (forms) or chat_reports (a message). */
  table: "reports" | "chat_reports";
  reportId: string;
  subjectType: ModerationSubjectType;
  /** The reported thing's id. */
  targetId: string;
  /** The profile answerable for it (the profile itself, the author or owner, the sender). */
  profileId: string | null;
  reason: string;
  description: string | null;
  reporterUserId: string;
}

export async function fileReport(tx: Tx | Db, filing: ReportFiling): Promise<string> {
  const now = new Date();
  const [subject] = await tx
    .insert(moderationSubjects)
    .values({
      id: randomUUID(),
      subjectType: filing.subjectType,
      subjectId: filing.targetId,
      profileId: filing.profileId,
      state: "open",
      openReports: 1,
      lastReportedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [moderationSubjects.subjectType, moderationSubjects.subjectId],
      set: {
        // A closed subject opens again and counts from this report; an open or escalated one adds it.
        state: sql`case when ${moderationSubjects.state} = 'closed' then 'open' else ${moderationSubjects.state} end`,
        openReports: sql`case when ${moderationSubjects.state} = 'closed' then 1 else ${moderationSubjects.openReports} + 1 end`,
        firstActionAt: sql`case when ${moderationSubjects.state} = 'closed' then null else ${moderationSubjects.firstActionAt} end`,
        profileId: sql`coalesce(excluded.profile_id, ${moderationSubjects.profileId})`,
        version: sql`${moderationSubjects.version} + 1`,
        lastReportedAt: now,
        updatedAt: now,
      },
    })
    .returning({ id: moderationSubjects.id });
  const subjectId = subject!.id;
  if (filing.table === "reports") {
    await tx.update(reports).set({ subjectId }).where(eq(reports.id, filing.reportId));
  } else {
    await tx.update(chatReports).set({ subjectId }).where(eq(chatReports.id, filing.reportId));
  }
  await tx.insert(moderationEvents).values({
    id: randomUUID(),
    subjectId,
    type: "reported",
    actorUserId: filing.reporterUserId,
    reportId: filing.reportId,
    reason: filing.reason,
    note: filing.description,
    createdAt: now,
  });
  await refreshPriority(tx, subjectId);
  return subjectId;
}

/** Every report, of either table, in one shape (a message's reports live in chat_reports). */
export const allReportsSql = sql`(
  SELECT id, reporter_user_id, reporter_profile_id, reason, description, status, outcome, subject_id, created_at
    FROM reports
  UNION ALL
  SELECT id, reporter_user_id, reporter_profile_id, reason, description, status, outcome, subject_id, created_at
    FROM chat_reports)`;

/**
 * A reporter's track record: the share of their decided reports that were actioned, smoothed
 * with a neutral prior (one actioned and one dismissed report, so a newcomer starts at 0.5 and a
 * few reports move it only so far): accuracy = (actioned + 1) / (decided + 2).
 */
export function accuracyOf(actioned: number, decided: number): number {
  return (actioned + 1) / (decided + 2);
}

/**
 * The queue's order, Discourse- and Ozone-like (higher first):
 *
 *   priority = round(100 × Σ over open reports (0.5 + accuracy of its reporter) × reach)
 *   reach    = 1 + log10(1 + followers of the answerable profile + reactions + views / 10) / 3
 *
 * Each open report counts 0.5 to 1.5 by its reporter's track record (accuracyOf: a newcomer's
 * counts 1), so three reports from people who are usually right outrank five from people who
 * usually are not. Reach grows slowly (logarithmically) with how many people the thing can
 * reach: a profile's followers, and for a publication its reactions and views (kept on the row,
 * so cheap). Worked out again on every report and every decision, and stored on the subject.
 */
export async function refreshPriority(tx: Tx | Db, subjectId: string): Promise<number> {
  const [row] = await rowsOf<{ priority: number | string | null }>(
    tx as Db,
    sql`WITH s AS (SELECT * FROM moderation_subjects WHERE id = ${subjectId}),
        track AS (
          SELECT a.reporter_user_id,
                 count(*) FILTER (WHERE a.outcome = 'actioned')::float AS actioned,
                 count(*) FILTER (WHERE a.outcome IS NOT NULL)::float AS decided
            FROM ${allReportsSql} a
           WHERE a.reporter_user_id IN (SELECT reporter_user_id FROM ${allReportsSql} o
                                         WHERE o.subject_id = ${subjectId} AND o.status = 'open')
           GROUP BY a.reporter_user_id),
        weight AS (
          SELECT coalesce(sum(0.5 + (coalesce(t.actioned, 0) + 1) / (coalesce(t.decided, 0) + 2)), 0) AS w
            FROM ${allReportsSql} r LEFT JOIN track t ON t.reporter_user_id = r.reporter_user_id
           WHERE r.subject_id = ${subjectId} AND r.status = 'open'),
        reach AS (
          SELECT coalesce((SELECT followers_count FROM profiles WHERE id = (SELECT profile_id FROM s)), 0)
               + coalesce((SELECT like_count + view_count / 10.0 FROM content_items
                            WHERE id = (SELECT subject_id FROM s) AND (SELECT subject_type FROM s) = 'content'), 0)
                 AS n)
        SELECT round(100 * (SELECT w FROM weight) * (1 + log(1 + (SELECT n FROM reach)) / 3))::int AS priority`,
  );
  const priority = Number(row?.priority ?? 0);
  await tx.update(moderationSubjects).set({ priority }).where(eq(moderationSubjects.id, subjectId));
  return priority;
}
