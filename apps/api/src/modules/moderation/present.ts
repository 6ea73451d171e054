import {
  isStrikeKind,
  type ModerationAction,
  type ModerationEvent,
  type ModerationEventType,
  type ModerationProfile,
  type ModerationReason,
  type ModerationState,
  type ModerationSubjectDetail,
  type ModerationSubjectSummary,
  type ModerationSubjectType,
  moderationReasonLabel,
  type ReportOutcome,
  type Strike,
  type StrikeKind,
  type StrikeStatus,
} from "@vn/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  chatMessages,
  chatReports,
  comments,
  contentItems,
  mediaFiles,
  moderationActions,
  moderationEvents,
  moderationSubjects,
  profiles,
  users,
} from "../../db/schema/index";
import { contentPath } from "../../shared/content-view";
import type { Tx } from "../../shared/items";
import { mediaUrls } from "../../shared/media-view";
import { accuracyOf, allReportsSql } from "../../shared/moderation-intake";
import { rowsOf } from "../../shared/pages";
import { profileImage } from "../../shared/profile-view";

/**
 * How the review queue reads: subjects as staff see them (a line of the queue, the whole detail),
 * strikes as staff see them, and strikes as the person they concern reads them.
 */

export type SubjectRow = typeof moderationSubjects.$inferSelect;
export type ActionRow = typeof moderationActions.$inferSelect;
type Runner = Db | Tx;

const EXCERPT_MAX = 160;
function excerpt(text: string | null | undefined): string | null {
  if (!text) return null;
  const flat = text
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!flat) return null;
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
}

export async function profileCards(
  db: Runner,
  ids: (string | null)[],
): Promise<Map<string, ModerationProfile>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(profiles).where(inArray(profiles.id, wanted));
  return new Map(
    rows.map((p) => [
      p.id,
      {
        id: p.id,
        slug: p.slug,
        name: p.name,
        type: p.type as "user" | "company",
        verificationStatus: p.verificationStatus,
        image: profileImage(p.imageUrl),
        status: p.status,
        followers: p.followersCount,
      },
    ]),
  );
}

export async function staffMembers(
  db: Runner,
  ids: (string | null)[],
): Promise<Map<string, { userId: string; name: string; role: string | null }>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, role: users.staffRole })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, { userId: r.id, name: r.name, role: r.role }]));
}

/** A line saying what each subject is: a title or the start of its text, a profile's name. */
async function excerpts(db: Runner, rows: SubjectRow[]): Promise<Map<string, string | null>> {
  const ofType = (type: ModerationSubjectType) =>
    rows.filter((r) => r.subjectType === type).map((r) => r.subjectId);
  const out = new Map<string, string | null>();
  const contentIds = ofType("content");
  if (contentIds.length) {
    const items = await db
      .select({
        id: contentItems.id,
        title: contentItems.title,
        short: contentItems.shortContent,
        quote: contentItems.quote,
      })
      .from(contentItems)
      .where(inArray(contentItems.id, contentIds));
    for (const i of items) out.set(`content:${i.id}`, excerpt(i.title ?? i.short ?? i.quote));
  }
  const commentIds = ofType("comment");
  if (commentIds.length) {
    const found = await db
      .select({ id: comments.id, body: comments.body })
      .from(comments)
      .where(inArray(comments.id, commentIds));
    for (const c of found) out.set(`comment:${c.id}`, excerpt(c.body));
  }
  const profileIds = ofType("profile");
  if (profileIds.length) {
    const found = await db
      .select({ id: profiles.id, name: profiles.name })
      .from(profiles)
      .where(inArray(profiles.id, profileIds));
    for (const p of found) out.set(`profile:${p.id}`, p.name);
  }
  const messageIds = ofType("message");
  if (messageIds.length) {
    // The copy kept with the report: the message itself may be gone.
    const found = await db
      .select({ id: chatReports.messageId, body: chatReports.body })
      .from(chatReports)
      .where(inArray(chatReports.messageId, messageIds));
    for (const m of found) out.set(`message:${m.id}`, excerpt(m.body));
  }
  return out;
}

/** Report reasons per subject with counts: the open reports, or every report of a closed subject. */
async function reasonCounts(
  db: Runner,
  rows: SubjectRow[],
): Promise<Map<string, { reason: string; count: number }[]>> {
  if (rows.length === 0) return new Map();
  const ids = sql.join(
    rows.map((r) => sql`${r.id}`),
    sql`, `,
  );
  const found = await rowsOf<{ subject_id: string; reason: string; n: number; open: boolean }>(
    db as Db,
    sql`SELECT subject_id, reason, count(*)::int AS n, bool_or(status = 'open') AS open
          FROM ${allReportsSql} a WHERE subject_id IN (${ids})
         GROUP BY subject_id, reason, (status = 'open')`,
  );
  const out = new Map<string, { reason: string; count: number }[]>();
  for (const row of rows) {
    const mine = found.filter((f) => f.subject_id === row.id);
    const chosen = row.state === "closed" ? mine : mine.filter((f) => f.open);
    const merged = new Map<string, number>();
    for (const f of chosen) merged.set(f.reason, (merged.get(f.reason) ?? 0) + Number(f.n));
    out.set(
      row.id,
      [...merged.entries()]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    );
  }
  return out;
}

export async function summaries(db: Runner, rows: SubjectRow[]): Promise<ModerationSubjectSummary[]> {
  const [cards, lines, reasons] = await Promise.all([
    profileCards(
      db,
      rows.map((r) => r.profileId),
    ),
    excerpts(db, rows),
    reasonCounts(db, rows),
  ]);
  return rows.map((r) => ({
    id: r.id,
    type: r.subjectType as ModerationSubjectType,
    targetId: r.subjectId,
    state: r.state as ModerationState,
    openReports: r.openReports,
    priority: r.priority,
    version: r.version,
    profile: r.profileId ? (cards.get(r.profileId) ?? null) : null,
    excerpt: lines.get(`${r.subjectType}:${r.subjectId}`) ?? null,
    reasons: reasons.get(r.id) ?? [],
    lastReportedAt: r.lastReportedAt?.toISOString() ?? null,
    firstActionAt: r.firstActionAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function summaryOf(db: Runner, row: SubjectRow): Promise<ModerationSubjectSummary> {
  const [summary] = await summaries(db, [row]);
  return summary!;
}

/** Where a subject lives on the site and what it says (the detail's target). */
async function targetOf(db: Runner, subject: SubjectRow): Promise<ModerationSubjectDetail["target"]> {
  const base = {
    type: subject.subjectType as ModerationSubjectType,
    id: subject.subjectId,
    exists: false,
    status: null as string | null,
    kind: null as string | null,
    title: null as string | null,
    text: null as string | null,
    media: [] as { url: string; kind: string; name: string | null }[],
    author: null as ModerationProfile | null,
    path: null as string | null,
    createdAt: null as string | null,
  };
  const author = async (id: string | null) => (id ? ((await profileCards(db, [id])).get(id) ?? null) : null);
  switch (subject.subjectType) {
    case "content": {
      const [row] = await db
        .select({ item: contentItems, ownerSlug: profiles.slug })
        .from(contentItems)
        .innerJoin(profiles, eq(profiles.id, contentItems.ownerId))
        .where(eq(contentItems.id, subject.subjectId))
        .limit(1);
      if (!row) return base;
      const files = await db
        .select()
        .from(mediaFiles)
        .where(eq(mediaFiles.contentItemId, row.item.id))
        .limit(20);
      return {
        ...base,
        exists: row.item.status !== "removed",
        status: row.item.status,
        kind: row.item.kind,
        title: row.item.title,
        text: row.item.content ?? row.item.quote ?? row.item.shortContent,
        media: files.flatMap((f) => {
          const urls = mediaUrls(f, "signed");
          const url = urls.preview ?? urls.full ?? urls.stream ?? urls.document ?? urls.download;
          return url ? [{ url, kind: f.kind, name: f.title ?? f.fileName }] : [];
        }),
        author: await author(row.item.ownerId),
        path: contentPath(row.ownerSlug, row.item.kind, row.item.slug),
        createdAt: row.item.createdAt.toISOString(),
      };
    }
    case "comment": {
      const [row] = await db
        .select({ comment: comments, item: contentItems, ownerSlug: profiles.slug })
        .from(comments)
        .innerJoin(contentItems, eq(contentItems.id, comments.contentId))
        .innerJoin(profiles, eq(profiles.id, contentItems.ownerId))
        .where(eq(comments.id, subject.subjectId))
        .limit(1);
      if (!row) return base;
      return {
        ...base,
        exists: true,
        status: row.comment.deletedAt ? "hidden" : "visible",
        text: row.comment.body,
        author: await author(row.comment.authorId),
        path: contentPath(row.ownerSlug, row.item.kind, row.item.slug),
        createdAt: row.comment.createdAt.toISOString(),
      };
    }
    case "profile": {
      const card = await author(subject.subjectId);
      if (!card) return base;
      return {
        ...base,
        exists: card.status !== "deleted_by_user",
        status: card.status,
        kind: card.type,
        title: card.name,
        author: card,
        path: `/${card.slug}`,
      };
    }
    default: {
      // A message: only that message, as it was reported (the copy kept with the first report),
      // and whether it is still there; never the conversation around it.
      const [copy] = await db
        .select()
        .from(chatReports)
        .where(eq(chatReports.messageId, subject.subjectId))
        .orderBy(asc(chatReports.createdAt))
        .limit(1);
      const [live] = await db
        .select({ deletedAt: chatMessages.deletedAt, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(eq(chatMessages.id, subject.subjectId))
        .limit(1);
      const files = copy?.attachments.length
        ? await db.select().from(mediaFiles).where(inArray(mediaFiles.id, copy.attachments))
        : [];
      return {
        ...base,
        exists: Boolean(live),
        status: live ? (live.deletedAt ? "deleted" : "visible") : null,
        text: copy?.body ?? null,
        media: files.flatMap((f) => {
          const urls = mediaUrls(f, "signed");
          const url = urls.preview ?? urls.full ?? urls.stream ?? urls.document ?? urls.download;
          return url ? [{ url, kind: f.kind, name: f.title ?? f.fileName }] : [];
        }),
        author: await author(copy?.senderProfileId ?? subject.profileId),
        createdAt: live?.createdAt.toISOString() ?? null,
      };
    }
  }
}

function appealOf(row: ActionRow): Strike["appeal"] {
  const state = row.appealDecision
    ? (row.appealDecision as "granted" | "denied")
    : row.appealedAt
      ? "pending"
      : "none";
  return {
    state,
    text: row.appealText,
    appealedAt: row.appealedAt?.toISOString() ?? null,
    decidedAt: row.appealDecidedAt?.toISOString() ?? null,
  };
}

export async function actionViews(db: Runner, rows: ActionRow[]): Promise<ModerationAction[]> {
  const [cards, staff] = await Promise.all([
    profileCards(
      db,
      rows.map((r) => r.targetProfileId),
    ),
    staffMembers(
      db,
      rows.flatMap((r) => [r.createdBy, r.approvedBy, r.appealDecidedBy]),
    ),
  ]);
  const member = (id: string | null) => (id ? (staff.get(id) ?? { userId: id, name: "", role: null }) : null);
  return rows.map((r) => ({
    id: r.id,
    subjectId: r.subjectId,
    kind: r.kind as StrikeKind,
    reason: r.reason as ModerationReason,
    message: r.message,
    status: r.status as StrikeStatus,
    targetProfile: r.targetProfileId ? (cards.get(r.targetProfileId) ?? null) : null,
    createdBy: member(r.createdBy)!,
    approvedBy: member(r.approvedBy),
    endsAt: r.endsAt?.toISOString() ?? null,
    appeal: appealOf(r),
    appealDecidedBy: member(r.appealDecidedBy),
    appealNote: r.appealNote,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function subjectDetail(db: Runner, subject: SubjectRow): Promise<ModerationSubjectDetail> {
  const [summary, target, reportRows, eventRows, actionRows] = await Promise.all([
    summaryOf(db, subject),
    targetOf(db, subject),
    rowsOf<{
      id: string;
      reporter_user_id: string;
      reporter_profile_id: string | null;
      reason: string;
      description: string | null;
      status: string;
      outcome: string | null;
      created_at: Date | string;
    }>(
      db as Db,
      sql`SELECT * FROM ${allReportsSql} a WHERE subject_id = ${subject.id} ORDER BY created_at DESC LIMIT 500`,
    ),
    db
      .select()
      .from(moderationEvents)
      .where(eq(moderationEvents.subjectId, subject.id))
      .orderBy(asc(moderationEvents.createdAt), asc(moderationEvents.id)),
    db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.subjectId, subject.id))
      .orderBy(asc(moderationActions.createdAt)),
  ]);
  const reporterIds = [...new Set(reportRows.map((r) => r.reporter_user_id))];
  const track = reporterIds.length
    ? await rowsOf<{ reporter_user_id: string; actioned: number; decided: number }>(
        db as Db,
        sql`SELECT reporter_user_id,
                   count(*) FILTER (WHERE outcome = 'actioned')::int AS actioned,
                   count(*) FILTER (WHERE outcome IS NOT NULL)::int AS decided
              FROM ${allReportsSql} a
             WHERE reporter_user_id IN (${sql.join(
               reporterIds.map((id) => sql`${id}`),
               sql`, `,
             )})
             GROUP BY reporter_user_id`,
      )
    : [];
  const trackOf = new Map(track.map((t) => [t.reporter_user_id, t]));
  const [cards, staff] = await Promise.all([
    profileCards(
      db,
      reportRows.map((r) => r.reporter_profile_id),
    ),
    staffMembers(
      db,
      eventRows.map((e) => e.actorUserId),
    ),
  ]);
  const reports = reportRows.map((r) => {
    const t = trackOf.get(r.reporter_user_id);
    const decided = Number(t?.decided ?? 0);
    return {
      id: r.id,
      reason: r.reason,
      description: r.description,
      status: r.status,
      outcome: (r.outcome as ReportOutcome | null) ?? null,
      reporter: {
        profile: r.reporter_profile_id ? (cards.get(r.reporter_profile_id) ?? null) : null,
        accuracy: Math.round(accuracyOf(Number(t?.actioned ?? 0), decided) * 100) / 100,
        decidedReports: decided,
      },
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
  const groups = new Map<string, { reason: string; count: number; descriptions: string[] }>();
  for (const r of reports) {
    const group = groups.get(r.reason) ?? { reason: r.reason, count: 0, descriptions: [] };
    group.count += 1;
    if (r.description) group.descriptions.push(r.description);
    groups.set(r.reason, group);
  }
  const events: ModerationEvent[] = eventRows.map((e) => ({
    id: e.id,
    type: e.type as ModerationEventType,
    actor: e.actorUserId
      ? (staff.get(e.actorUserId) ?? { userId: e.actorUserId, name: "", role: null })
      : null,
    reason: e.reason,
    note: e.note,
    reportId: e.reportId,
    actionId: e.actionId,
    createdAt: e.createdAt.toISOString(),
  }));
  return {
    subject: summary,
    target,
    reasonGroups: [...groups.values()].sort((a, b) => b.count - a.count),
    reports,
    events,
    actions: await actionViews(db, actionRows),
  };
}

/** Strikes as the person they concern reads them (staff stay unnamed). */
export async function strikeViews(db: Runner, rows: ActionRow[]): Promise<Strike[]> {
  const subjectIds = [...new Set(rows.map((r) => r.subjectId))];
  const subjects = subjectIds.length
    ? await db.select().from(moderationSubjects).where(inArray(moderationSubjects.id, subjectIds))
    : [];
  const byId = new Map(subjects.map((s) => [s.id, s]));
  const lines = await excerpts(db, subjects);
  const contentIds = subjects.filter((s) => s.subjectType === "content").map((s) => s.subjectId);
  const paths = new Map<string, string>();
  if (contentIds.length) {
    const items = await db
      .select({
        id: contentItems.id,
        kind: contentItems.kind,
        slug: contentItems.slug,
        ownerSlug: profiles.slug,
      })
      .from(contentItems)
      .innerJoin(profiles, eq(profiles.id, contentItems.ownerId))
      .where(and(inArray(contentItems.id, contentIds), sql`${contentItems.status} <> 'removed'`));
    for (const i of items) paths.set(i.id, contentPath(i.ownerSlug, i.kind, i.slug));
  }
  return rows
    .filter((r) => isStrikeKind(r.kind))
    .map((r) => {
      const subject = byId.get(r.subjectId);
      const type = (subject?.subjectType ?? "profile") as ModerationSubjectType;
      const targetId = subject?.subjectId ?? "";
      const appeal = appealOf(r);
      return {
        id: r.id,
        kind: r.kind as StrikeKind,
        reason: r.reason as ModerationReason,
        reasonLabel: moderationReasonLabel(r.reason),
        message: r.message,
        status: r.status as StrikeStatus,
        subject: {
          type,
          id: targetId,
          excerpt: lines.get(`${type}:${targetId}`) ?? null,
          path: type === "content" ? (paths.get(targetId) ?? null) : null,
        },
        endsAt: r.endsAt?.toISOString() ?? null,
        appeal,
        canAppeal: r.status === "active" && appeal.state === "none",
        createdAt: r.createdAt.toISOString(),
      };
    });
}
