import {
  AppError,
  type AuditLogEntry,
  type auditListQuerySchema,
  DASHBOARD_DAYS,
  type Dashboard,
  type FeedbackItem,
  type feedbackListQuerySchema,
  type Lead,
  type LeadKind,
  type LeadStatus,
  leadHeadline,
  type leadListQuerySchema,
  type leadUpdateRequestSchema,
} from "@vn/contract";
import { and, desc, eq, gte, like, lte, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { auditLog, feedback, leads, profiles, users } from "../../db/schema/index";
import { writeAudit } from "../../shared/audit";
import { before, decodeKeyset, keysetPage, rowsOf, timestampTextOf } from "../../shared/pages";

/**
 * The back-office's records (issue 16): leads (list, status and note with optimistic
 * concurrency), feedback, the audit log and the dashboard's numbers, computed in SQL.
 */

type LeadListQuery = z.output<typeof leadListQuerySchema>;
type LeadUpdate = z.output<typeof leadUpdateRequestSchema>;
type FeedbackListQuery = z.output<typeof feedbackListQuerySchema>;
type AuditListQuery = z.output<typeof auditListQuerySchema>;

// ——— Leads ————————————————————————————————————————————————————————————————————————————

/** A lead's version: its update time to the millisecond (what a JavaScript Date and ISO carry). */
const leadVersion = sql<Date>`date_trunc('milliseconds', ${leads.updatedAt})`.mapWith(
  (value: string | Date) => new Date(value),
);

const leadColumns = {
  id: leads.id,
  kind: leads.kind,
  status: leads.status,
  fields: leads.fields,
  email: leads.email,
  note: leads.note,
  createdAt: leads.createdAt,
  createdText: timestampTextOf(leads.createdAt),
  version: leadVersion,
  senderId: users.id,
  senderName: users.name,
  senderEmail: users.email,
  senderSlug: profiles.slug,
};

type LeadRow = {
  id: string;
  kind: string;
  status: string;
  fields: Record<string, unknown>;
  email: string | null;
  note: string | null;
  createdAt: Date;
  version: Date;
  senderId: string | null;
  senderName: string | null;
  senderEmail: string | null;
  senderSlug: string | null;
};

function leadView(row: LeadRow): Lead {
  const { name, company } = leadHeadline(row.kind, row.fields);
  return {
    id: row.id,
    kind: row.kind as LeadKind,
    status: row.status as LeadStatus,
    fields: row.fields,
    email: row.email,
    name,
    company,
    sender:
      row.senderId && row.senderName !== null && row.senderEmail !== null
        ? { userId: row.senderId, name: row.senderName, email: row.senderEmail, slug: row.senderSlug }
        : null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.version.toISOString(),
  };
}

function selectLeads(db: Db) {
  return db
    .select(leadColumns)
    .from(leads)
    .leftJoin(users, eq(users.id, leads.userId))
    .leftJoin(profiles, eq(profiles.id, leads.profileId));
}

export async function listLeads(db: Db, query: LeadListQuery) {
  const cursor = decodeKeyset(query.cursor);
  const conditions = [
    query.kind ? eq(leads.kind, query.kind) : undefined,
    query.status ? eq(leads.status, query.status) : undefined,
    cursor ? before(leads.createdAt, leads.id, cursor) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const rows = await selectLeads(db)
    .where(and(...conditions))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(query.perPage + 1);
  const page = keysetPage(rows, query.perPage, (row) => ({ at: row.createdText, id: row.id }));
  return { data: page.rows.map(leadView), meta: { perPage: query.perPage, nextCursor: page.nextCursor } };
}

async function leadById(db: Db, id: string): Promise<Lead | null> {
  const [row] = await selectLeads(db).where(eq(leads.id, id)).limit(1);
  return row ? leadView(row) : null;
}

/**
 * Changes a lead's status or note, if it is still the version the staff member saw: a lead
 * changed meanwhile answers 409 lead_changed (with the lead as it is now in details) and nothing
 * is written. The change and its audit row are one transaction.
 */
export async function updateLead(db: Db, id: string, input: LeadUpdate): Promise<Lead> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: leads.status, note: leads.note, version: leadVersion })
      .from(leads)
      .where(eq(leads.id, id))
      .for("update");
    if (!current) throw new AppError("request_notFound");
    if (current.version.getTime() !== Date.parse(input.updatedAt)) {
      throw new AppError("lead_changed", { details: { lead: await leadById(tx as unknown as Db, id) } });
    }
    const next = {
      status: input.status ?? current.status,
      note: input.note === undefined ? current.note : input.note || null,
    };
    await tx
      .update(leads)
      // Never the same millisecond as the version it replaces, so the next stale write is seen.
      .set({
        ...next,
        updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${leads.updatedAt}) + interval '1 millisecond')`,
      })
      .where(eq(leads.id, id));
    await writeAudit(tx as unknown as Db, {
      action: "lead.updated",
      resourceType: "lead",
      resourceId: id,
      before: { status: current.status, note: current.note },
      after: next,
    });
    const lead = await leadById(tx as unknown as Db, id);
    return lead!;
  });
}

// ——— Feedback ————————————————————————————————————————————————————————————————————————

export async function listFeedback(db: Db, query: FeedbackListQuery) {
  const cursor = decodeKeyset(query.cursor);
  const rows = await db
    .select({
      id: feedback.id,
      rating: feedback.rating,
      message: feedback.message,
      page: feedback.page,
      userAgent: feedback.userAgent,
      createdAt: feedback.createdAt,
      createdText: timestampTextOf(feedback.createdAt),
      userId: users.id,
      name: users.name,
      email: users.email,
      slug: profiles.slug,
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .leftJoin(profiles, eq(profiles.id, feedback.profileId))
    .where(cursor ? before(feedback.createdAt, feedback.id, cursor) : undefined)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(query.perPage + 1);
  const page = keysetPage(rows, query.perPage, (row) => ({ at: row.createdText, id: row.id }));
  const data: FeedbackItem[] = page.rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    message: row.message,
    page: row.page,
    userAgent: row.userAgent,
    sender: { userId: row.userId, name: row.name, email: row.email, slug: row.slug },
    createdAt: row.createdAt.toISOString(),
  }));
  return { data, meta: { perPage: query.perPage, nextCursor: page.nextCursor } };
}

// ——— Audit log ———————————————————————————————————————————————————————————————————————

/** LIKE's own characters in a typed prefix are meant literally. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listAudit(db: Db, query: AuditListQuery) {
  const cursor = decodeKeyset(query.cursor);
  const actor = query.actor
    ? query.actor.includes("@")
      ? sql`${auditLog.actorUserId} IN (SELECT id FROM users WHERE lower(email) = ${query.actor.toLowerCase()})`
      : eq(auditLog.actorUserId, query.actor)
    : undefined;
  const conditions = [
    actor,
    query.resourceType ? eq(auditLog.resourceType, query.resourceType) : undefined,
    query.resourceId ? eq(auditLog.resourceId, query.resourceId) : undefined,
    // "verification." names every action of a domain; anything else one action.
    query.action
      ? query.action.endsWith(".")
        ? like(auditLog.action, likePrefix(query.action))
        : eq(auditLog.action, query.action)
      : undefined,
    query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to ? lte(auditLog.at, new Date(query.to)) : undefined,
    cursor ? before(auditLog.at, auditLog.id, cursor) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const rows = await db
    .select({
      entry: auditLog,
      atText: timestampTextOf(auditLog.at),
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.perPage + 1);
  const page = keysetPage(rows, query.perPage, (row) => ({ at: row.atText, id: row.entry.id }));
  const data: AuditLogEntry[] = page.rows.map(({ entry, actorName, actorEmail }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    actor: entry.actorUserId ? { userId: entry.actorUserId, name: actorName, email: actorEmail } : null,
    actorProfileId: entry.actorProfileId,
    staffRole: entry.staffRole,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    before: entry.before,
    after: entry.after,
    requestId: entry.requestId,
  }));
  return { data, meta: { perPage: query.perPage, nextCursor: page.nextCursor } };
}

// ——— Dashboard ———————————————————————————————————————————————————————————————————————

/**
 * The last DASHBOARD_DAYS days (UTC, today included), every series with a row for every day
 * (generate_series), so a quiet day is a zero rather than a gap.
 */
const daysCte = sql`days AS (
  SELECT d::date AS day
    FROM generate_series(
      (now() AT TIME ZONE 'UTC')::date - ${DASHBOARD_DAYS - 1}::int,
      (now() AT TIME ZONE 'UTC')::date,
      interval '1 day'
    ) AS d
)`;
/** The UTC calendar day of a timestamptz column. */
const dayOf = (column: SQL) => sql`date_trunc('day', ${column} AT TIME ZONE 'UTC')::date`;
const since = sql`((now() AT TIME ZONE 'UTC')::date - ${DASHBOARD_DAYS - 1}::int)::timestamp AT TIME ZONE 'UTC'`;

export async function dashboard(db: Db): Promise<Dashboard> {
  const days = await rowsOf<{ day: string }>(
    db,
    sql`WITH ${daysCte} SELECT to_char(day, 'YYYY-MM-DD') AS day FROM days ORDER BY day`,
  );

  // Reports of publications, comments and profiles, and of messages, by reason.
  const reportsByReason = await rowsOf<{ day: string; reason: string; count: number }>(
    db,
    sql`WITH ${daysCte},
      filed AS (
        SELECT reason, created_at FROM reports WHERE created_at >= ${since}
        UNION ALL
        SELECT reason, created_at FROM chat_reports WHERE created_at >= ${since}
      ),
      reasons AS (SELECT DISTINCT reason FROM filed)
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, r.reason, count(f.reason)::int AS count
        FROM days d CROSS JOIN reasons r
        LEFT JOIN filed f ON f.reason = r.reason AND ${dayOf(sql`f.created_at`)} = d.day
       GROUP BY d.day, r.reason
       ORDER BY d.day, r.reason`,
  );

  // Subjects staff first acted on that day, and the median wait from the subject's opening.
  const firstAction = await rowsOf<{ day: string; subjects: number; median_minutes: number | null }>(
    db,
    sql`WITH ${daysCte}
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
             count(s.id)::int AS subjects,
             percentile_cont(0.5) WITHIN GROUP (
               ORDER BY extract(epoch FROM (s.first_action_at - s.created_at)) / 60
             )::float8 AS median_minutes
        FROM days d
        LEFT JOIN moderation_subjects s
          ON s.first_action_at IS NOT NULL AND ${dayOf(sql`s.first_action_at`)} = d.day
       GROUP BY d.day
       ORDER BY d.day`,
  );

  // Identity (idv_transactions) and business (kyb_transactions) verifications decided, by outcome.
  const verifications = await rowsOf<{
    day: string;
    kind: "identity" | "business";
    outcome: string;
    count: number;
  }>(
    db,
    sql`WITH ${daysCte},
      decided AS (
        SELECT 'identity' AS kind, status AS outcome, decided_at FROM idv_transactions
         WHERE decided_at >= ${since}
        UNION ALL
        SELECT 'business' AS kind, status AS outcome, decided_at FROM kyb_transactions
         WHERE decided_at >= ${since}
      ),
      outcomes AS (SELECT DISTINCT kind, outcome FROM decided)
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, o.kind, o.outcome, count(v.outcome)::int AS count
        FROM days d CROSS JOIN outcomes o
        LEFT JOIN decided v
          ON v.kind = o.kind AND v.outcome = o.outcome AND ${dayOf(sql`v.decided_at`)} = d.day
       GROUP BY d.day, o.kind, o.outcome
       ORDER BY d.day, o.kind, o.outcome`,
  );

  const signUps = await rowsOf<{ day: string; count: number }>(
    db,
    sql`WITH ${daysCte}
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(u.id)::int AS count
        FROM days d
        LEFT JOIN users u ON u.created_at >= ${since} AND ${dayOf(sql`u.created_at`)} = d.day
       GROUP BY d.day
       ORDER BY d.day`,
  );

  // Paid plans only: every profile holds a basic (free) row from birth.
  const activeSubscriptions = await rowsOf<{ owner_type: string; tier: string; count: number }>(
    db,
    sql`SELECT p.type AS owner_type, s.plan_tier AS tier, count(*)::int AS count
          FROM subscriptions s JOIN profiles p ON p.id = s.owner_profile_id
         WHERE s.status IN ('active', 'trialing', 'past_due') AND s.plan_tier <> 'basic'
         GROUP BY p.type, s.plan_tier
         ORDER BY p.type, s.plan_tier`,
  );

  return {
    days: days.map((row) => row.day),
    reportsByReason: reportsByReason.map((row) => ({ ...row, count: Number(row.count) })),
    firstAction: firstAction.map((row) => ({
      day: row.day,
      subjects: Number(row.subjects),
      medianMinutes: row.median_minutes === null ? null : Math.round(Number(row.median_minutes) * 10) / 10,
    })),
    verifications: verifications.map((row) => ({ ...row, count: Number(row.count) })),
    signUps: signUps.map((row) => ({ day: row.day, count: Number(row.count) })),
    activeSubscriptions: activeSubscriptions.map((row) => ({
      ownerType: row.owner_type,
      tier: row.tier,
      count: Number(row.count),
    })),
  };
}
