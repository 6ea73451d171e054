import { randomUUID } from "node:crypto";
import {
  AppError,
  appealLinkPath,
  isStrikeKind,
  MODERATION_APPEAL_LINK_DAYS,
  MODERATION_LIMIT_DAYS_DEFAULT,
  type ModerationActionKind,
  type ModerationBulkAction,
  type ModerationNotificationKind,
  type ModerationReason,
  type ModerationState,
  messages,
  moderationReasonLabel,
  type ReportOutcome,
  type SessionActor,
  STRIKES_PATH,
  type StrikeKind,
} from "@vn/contract";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  chatReports,
  moderationActions,
  moderationEvents,
  moderationSubjects,
  profiles,
  reports,
  users,
} from "../../db/schema/index";
import { moderationAppealMail, moderationStrikeMail } from "../../providers/mail/templates";
import type { MailProvider } from "../../providers/mail/types";
import { writeAudit } from "../../shared/audit";
import { emit } from "../../shared/events";
import type { Tx } from "../../shared/items";
import type { Jobs } from "../../shared/jobs";
import { refreshPriority } from "../../shared/moderation-intake";
import type { Realtime } from "../../shared/realtime";
import { tellUpdated } from "../chats/conversations";
import { appealLinkToken, readAppealLinkToken } from "./appeal-link";
import { type Applied, applyStrike, responsibleUser, reverseStrike } from "./effects";
import {
  type ActionRow,
  actionViews,
  type SubjectRow,
  strikeViews,
  subjectDetail,
  summaries,
  summaryOf,
} from "./present";

/**
 * The review queue (issue 16): staff read subjects, act on one (optimistic concurrency: the
 * version they saw) or on many at once (all or nothing), approve the suspension of a verified
 * account (an admin other than the proposer), decide appeals (someone other than who acted); the
 * person reads their strikes and appeals each once. One transaction per decision, with its audit
 * row and its log events; the person and the reporters are told after the commit (notification,
 * mail), never with the moderator's name.
 */
export interface ModerationEnv {
  db: Db;
  config: Config;
  mail: MailProvider;
  log: FastifyBaseLogger;
  realtime?: Realtime;
  jobs?: Jobs;
}

type StaffActor = SessionActor;
type Notice = { recipientId: string; kind: ModerationNotificationKind; contentId?: string | null };
type Mail = { userId: string; build: (email: string) => ReturnType<typeof moderationStrikeMail> };

/** What a decision leaves to do once committed. */
interface AfterCommit {
  notices: Notice[];
  mails: Mail[];
  endedSessions: string[];
  messages: { chatId: string; seq: number }[];
  profilesToRecheck: string[];
}
const emptyAfter = (): AfterCommit => ({
  notices: [],
  mails: [],
  endedSessions: [],
  messages: [],
  profilesToRecheck: [],
});

const eventOfKind: Record<StrikeKind, "removed" | "warned" | "limited" | "suspended"> = {
  remove: "removed",
  warn: "warned",
  limit: "limited",
  suspend: "suspended",
};
const kindLabel: Record<StrikeKind, string> = {
  remove: messages.strikeKindRemove,
  warn: messages.strikeKindWarn,
  limit: messages.strikeKindLimit,
  suspend: messages.strikeKindSuspend,
};

export class ModerationService {
  constructor(private readonly env: ModerationEnv) {}

  private get db() {
    return this.env.db;
  }

  // Staff: reading ---------------------------------------------------------------------------

  async queue(query: { state: ModerationState; type?: string; page: number; perPage: number }) {
    const where = and(
      eq(moderationSubjects.state, query.state),
      query.type ? eq(moderationSubjects.subjectType, query.type) : undefined,
    );
    const order =
      query.state === "closed"
        ? [desc(moderationSubjects.updatedAt), desc(moderationSubjects.id)]
        : [
            desc(moderationSubjects.priority),
            asc(moderationSubjects.lastReportedAt),
            asc(moderationSubjects.id),
          ];
    const [rows, [total], states] = await Promise.all([
      this.db
        .select()
        .from(moderationSubjects)
        .where(where)
        .orderBy(...order)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
      this.db.select({ n: count() }).from(moderationSubjects).where(where),
      this.db
        .select({ state: moderationSubjects.state, n: count() })
        .from(moderationSubjects)
        .groupBy(moderationSubjects.state),
    ]);
    const counts = { open: 0, escalated: 0, closed: 0 };
    for (const s of states) counts[s.state as ModerationState] = Number(s.n);
    return {
      data: await summaries(this.db, rows),
      meta: { page: query.page, perPage: query.perPage, total: Number(total?.n ?? 0), counts },
    };
  }

  async subject(id: string) {
    return subjectDetail(this.db, await this.loadSubject(this.db, id));
  }

  private async loadSubject(db: Db | Tx, id: string, lock = false): Promise<SubjectRow> {
    const query = db.select().from(moderationSubjects).where(eq(moderationSubjects.id, id)).limit(1);
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw new AppError("moderation_notFound");
    return row;
  }

  /** A stale version: refused with the subject as it is now, nothing written. */
  private async assertVersion(tx: Tx, subject: SubjectRow, version: number) {
    if (subject.version === version) return;
    throw new AppError("moderation_subjectChanged", { details: { subject: await summaryOf(tx, subject) } });
  }

  // Staff: acting ----------------------------------------------------------------------------

  async act(
    staff: StaffActor,
    id: string,
    input: {
      action: ModerationActionKind;
      reason: string;
      message?: string;
      note?: string;
      days?: number;
      version: number;
    },
  ) {
    const after = emptyAfter();
    const subjectId = await this.db.transaction(async (tx) => {
      const subject = await this.loadSubject(tx, id, true);
      await this.assertVersion(tx, subject, input.version);
      // Escalated subjects are for admins (moderators escalate to them).
      if (subject.state === "escalated" && staff.staffRole !== "admin")
        throw new AppError("request_forbidden");
      const now = new Date();
      const reason = input.reason as ModerationReason;
      let state: ModerationState = subject.state as ModerationState;
      if (input.action === "dismiss") {
        await this.closeReports(tx, subject, "dismissed", after);
        await this.event(tx, subject.id, staff, { type: "dismissed", reason, note: input.note ?? null });
        state = "closed";
      } else if (input.action === "escalate") {
        if (subject.state !== "open") throw new AppError("moderation_actionNotAllowed");
        await this.event(tx, subject.id, staff, { type: "escalated", reason, note: input.note ?? null });
        state = "escalated";
      } else {
        const kind = input.action as StrikeKind;
        if (kind === "remove" && subject.subjectType === "profile")
          throw new AppError("moderation_actionNotAllowed");
        const targetUserId = await responsibleUser(tx, subject);
        const target = await this.targetProfile(tx, subject, targetUserId);
        if ((kind === "limit" || kind === "suspend") && !targetUserId && target?.type !== "company")
          throw new AppError("moderation_actionNotAllowed");
        const endsAt =
          kind === "limit"
            ? new Date(now.getTime() + (input.days ?? MODERATION_LIMIT_DAYS_DEFAULT) * 24 * 60 * 60 * 1000)
            : null;
        // A verified account's suspension waits for a second staff member (product decisions).
        const needsApproval = kind === "suspend" && target?.verificationStatus === "verified";
        if (needsApproval) {
          const [waiting] = await tx
            .select({ id: moderationActions.id })
            .from(moderationActions)
            .where(
              and(
                eq(moderationActions.kind, "suspend"),
                eq(moderationActions.status, "pending_approval"),
                target?.id ? eq(moderationActions.targetProfileId, target.id) : sql`false`,
              ),
            )
            .limit(1);
          if (waiting) throw new AppError("moderation_alreadyPending");
        }
        const actionId = randomUUID();
        const row = {
          id: actionId,
          subjectId: subject.id,
          kind,
          targetProfileId: target?.id ?? subject.profileId,
          targetUserId,
          reason,
          message: input.message ?? "",
          status: needsApproval ? "pending_approval" : "active",
          createdBy: staff.userId,
          endsAt,
          createdAt: now,
        };
        let applied: Applied | null = null;
        if (!needsApproval) applied = await applyStrike(tx, subject, row);
        await tx
          .insert(moderationActions)
          .values({ ...row, previousStatus: applied?.previousStatus ?? null });
        if (needsApproval) {
          await this.event(tx, subject.id, staff, {
            type: "approvalRequested",
            reason,
            note: input.note ?? null,
            actionId,
          });
        } else {
          await this.event(tx, subject.id, staff, {
            type: eventOfKind[kind],
            reason,
            note: input.note ?? null,
            actionId,
          });
          await this.closeReports(tx, subject, "actioned", after);
          this.collect(after, applied!);
          await this.tellStrike(tx, { ...row, previousStatus: null } as ActionRow, after);
          state = "closed";
        }
      }
      await this.bump(tx, subject, state, now);
      await writeAudit(tx, {
        action: "moderation.decided",
        resourceType: "moderationSubject",
        resourceId: subject.id,
        before: { state: subject.state, version: subject.version },
        after: { state, action: input.action, reason, message: input.message ?? null },
      });
      return subject.id;
    });
    await this.afterCommit(after);
    return this.subject(subjectId);
  }

  async bulk(
    staff: StaffActor,
    input: {
      action: ModerationBulkAction;
      subjects: { id: string; version: number }[];
      reason?: string;
      note?: string;
    },
  ) {
    const after = emptyAfter();
    const ids = [...new Set(input.subjects.map((s) => s.id))];
    const result = await this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(moderationSubjects)
        .where(inArray(moderationSubjects.id, ids))
        .orderBy(asc(moderationSubjects.id))
        .for("update");
      if (rows.length !== ids.length) throw new AppError("moderation_notFound");
      const byId = new Map(rows.map((r) => [r.id, r]));
      // All or nothing: one stale version refuses the whole batch.
      for (const wanted of input.subjects) await this.assertVersion(tx, byId.get(wanted.id)!, wanted.version);
      if (staff.staffRole !== "admin" && rows.some((r) => r.state === "escalated"))
        throw new AppError("request_forbidden");
      const now = new Date();
      for (const subject of rows) {
        let state = subject.state as ModerationState;
        if (input.action === "dismiss") {
          await this.closeReports(tx, subject, "dismissed", after);
          await this.event(tx, subject.id, staff, {
            type: "dismissed",
            reason: input.reason ?? null,
            note: input.note ?? null,
          });
          state = "closed";
        } else if (input.action === "escalate") {
          if (subject.state !== "open") throw new AppError("moderation_actionNotAllowed");
          await this.event(tx, subject.id, staff, {
            type: "escalated",
            reason: input.reason ?? null,
            note: input.note ?? null,
          });
          state = "escalated";
        } else {
          // Close: set aside without a decision (handled elsewhere, a duplicate): reports closed
          // with no outcome, so they count neither for nor against their reporters.
          await this.closeReports(tx, subject, null, after);
          await this.event(tx, subject.id, staff, {
            type: "closed",
            reason: input.reason ?? null,
            note: input.note ?? null,
          });
          state = "closed";
        }
        await this.bump(tx, subject, state, now);
      }
      await writeAudit(tx, {
        action: "moderation.bulkDecided",
        resourceType: "moderationSubject",
        resourceId: ids.join(",").slice(0, 1000),
        after: { action: input.action, subjects: ids, note: input.note ?? null },
      });
      return tx
        .select()
        .from(moderationSubjects)
        .where(inArray(moderationSubjects.id, ids))
        .orderBy(desc(moderationSubjects.priority));
    });
    await this.afterCommit(after);
    return { subjects: await summaries(this.db, result) };
  }

  // Staff: approvals and appeals -------------------------------------------------------------

  async approvals(query: { state: "pending" | "decided"; page: number; perPage: number }) {
    const where =
      query.state === "pending"
        ? eq(moderationActions.status, "pending_approval")
        : and(eq(moderationActions.kind, "suspend"), isNotNull(moderationActions.approvedBy));
    return this.waitingList(where, query, query.state === "pending" ? "asc" : "desc");
  }

  async appeals(query: { state: "pending" | "decided"; page: number; perPage: number }) {
    const where =
      query.state === "pending"
        ? and(isNotNull(moderationActions.appealedAt), isNull(moderationActions.appealDecision))
        : isNotNull(moderationActions.appealDecision);
    return this.waitingList(where, query, query.state === "pending" ? "asc" : "desc");
  }

  private async waitingList(
    where: ReturnType<typeof and>,
    query: { page: number; perPage: number },
    direction: "asc" | "desc",
  ) {
    const order = direction === "asc" ? asc(moderationActions.createdAt) : desc(moderationActions.createdAt);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(moderationActions)
        .where(where)
        .orderBy(order, asc(moderationActions.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
      this.db.select({ n: count() }).from(moderationActions).where(where),
    ]);
    const subjectRows = rows.length
      ? await this.db
          .select()
          .from(moderationSubjects)
          .where(
            inArray(
              moderationSubjects.id,
              rows.map((r) => r.subjectId),
            ),
          )
      : [];
    const subjectViews = new Map((await summaries(this.db, subjectRows)).map((s) => [s.id, s]));
    const views = await actionViews(this.db, rows);
    return {
      data: views.map((action) => ({ action, subject: subjectViews.get(action.subjectId)! })),
      meta: { page: query.page, perPage: query.perPage, total: Number(total?.n ?? 0) },
    };
  }

  async approve(staff: StaffActor, actionId: string, input: { approve: boolean; note?: string }) {
    const after = emptyAfter();
    await this.db.transaction(async (tx) => {
      const action = await this.loadAction(tx, actionId);
      if (action.status !== "pending_approval") throw new AppError("moderation_notPending");
      if (action.createdBy === staff.userId) throw new AppError("moderation_ownDecision");
      const subject = await this.loadSubject(tx, action.subjectId, true);
      const now = new Date();
      if (input.approve) {
        const applied = await applyStrike(tx, subject, action);
        await tx
          .update(moderationActions)
          .set({
            status: "active",
            approvedBy: staff.userId,
            approvedAt: now,
            previousStatus: applied.previousStatus,
          })
          .where(eq(moderationActions.id, action.id));
        await this.event(tx, subject.id, staff, {
          type: "approved",
          reason: action.reason,
          note: input.note ?? null,
          actionId,
        });
        await this.event(tx, subject.id, staff, { type: "suspended", reason: action.reason, actionId });
        await this.closeReports(tx, subject, "actioned", after);
        this.collect(after, applied);
        await this.tellStrike(tx, action, after);
        await this.bump(tx, subject, "closed", now);
      } else {
        await tx
          .update(moderationActions)
          .set({ status: "cancelled", approvedBy: staff.userId, approvedAt: now })
          .where(eq(moderationActions.id, action.id));
        await this.event(tx, subject.id, staff, {
          type: "approvalRefused",
          reason: action.reason,
          note: input.note ?? null,
          actionId,
        });
        await this.bump(tx, subject, subject.state as ModerationState, now);
      }
      await writeAudit(tx, {
        action: "moderation.approvalDecided",
        resourceType: "moderationAction",
        resourceId: action.id,
        before: { status: action.status, createdBy: action.createdBy },
        after: { status: input.approve ? "active" : "cancelled", note: input.note ?? null },
      });
    });
    await this.afterCommit(after);
    return (await actionViews(this.db, [await this.loadAction(this.db, actionId)]))[0]!;
  }

  async decideAppeal(
    staff: StaffActor,
    actionId: string,
    input: { decision: "granted" | "denied"; note?: string },
  ) {
    const after = emptyAfter();
    await this.db.transaction(async (tx) => {
      const action = await this.loadAction(tx, actionId, true);
      if (!action.appealedAt || action.appealDecision) throw new AppError("moderation_notPending");
      // Another pair of eyes: not who took the action, nor who approved it.
      if (action.createdBy === staff.userId || action.approvedBy === staff.userId)
        throw new AppError("moderation_ownDecision");
      const subject = await this.loadSubject(tx, action.subjectId, true);
      const now = new Date();
      const granted = input.decision === "granted";
      if (granted) {
        const reversed = await reverseStrike(tx, subject, action);
        if (reversed.message) after.messages.push(reversed.message);
        if (reversed.profileId) after.profilesToRecheck.push(reversed.profileId);
      }
      await tx
        .update(moderationActions)
        .set({
          appealDecision: input.decision,
          appealDecidedBy: staff.userId,
          appealDecidedAt: now,
          appealNote: input.note ?? null,
          ...(granted ? { status: "reversed" } : {}),
        })
        .where(eq(moderationActions.id, action.id));
      await this.event(tx, subject.id, staff, {
        type: granted ? "appealGranted" : "appealDenied",
        reason: action.reason,
        note: input.note ?? null,
        actionId,
      });
      if (granted && action.kind !== "warn") {
        await this.event(tx, subject.id, staff, { type: "restored", reason: action.reason, actionId });
      }
      await this.bump(tx, subject, subject.state as ModerationState, now);
      await writeAudit(tx, {
        action: "moderation.appealDecided",
        resourceType: "moderationAction",
        resourceId: action.id,
        before: { status: action.status },
        after: { decision: input.decision, note: input.note ?? null },
      });
      const ownProfile = await this.ownProfileOf(tx, action.targetUserId);
      if (ownProfile) {
        after.notices.push({
          recipientId: ownProfile,
          kind: granted ? "moderation_appeal_granted" : "moderation_appeal_denied",
          contentId: subject.subjectType === "content" && granted ? subject.subjectId : null,
        });
      }
      if (action.targetUserId) {
        const url = this.webUrl(STRIKES_PATH);
        const label = kindLabel[action.kind as StrikeKind] ?? action.kind;
        after.mails.push({
          userId: action.targetUserId,
          build: (email) => moderationAppealMail(email, granted, label, url),
        });
      }
    });
    await this.afterCommit(after);
    return (await actionViews(this.db, [await this.loadAction(this.db, actionId)]))[0]!;
  }

  // The person -------------------------------------------------------------------------------

  /** The person's strikes in force or reversed (a suspension waiting for approval is not one yet). */
  async strikes(userId: string) {
    const rows = await this.db
      .select()
      .from(moderationActions)
      .where(
        and(
          eq(moderationActions.targetUserId, userId),
          inArray(moderationActions.status, ["active", "reversed"]),
        ),
      )
      .orderBy(desc(moderationActions.createdAt));
    return strikeViews(this.db, rows);
  }

  async appealStrike(userId: string, strikeId: string, text: string) {
    const [row] = await this.db
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.id, strikeId), eq(moderationActions.targetUserId, userId)))
      .limit(1);
    if (!row || !isStrikeKind(row.kind) || row.status === "pending_approval" || row.status === "cancelled")
      throw new AppError("moderation_notFound");
    return this.appeal(row, text, userId);
  }

  async appealLink(token: string) {
    const row = await this.actionOfLink(token);
    return (await strikeViews(this.db, [row]))[0]!;
  }

  async appealByLink(token: string, text: string) {
    const row = await this.actionOfLink(token);
    return this.appeal(row, text, row.targetUserId);
  }

  private async actionOfLink(token: string): Promise<ActionRow> {
    const actionId = readAppealLinkToken(this.env.config.AUTH_SECRET, token);
    const [row] = await this.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.id, actionId))
      .limit(1);
    if (row?.kind !== "suspend" || row.status === "cancelled" || row.status === "pending_approval")
      throw new AppError("moderation_appealLinkInvalid");
    return row;
  }

  private async appeal(row: ActionRow, text: string, userId: string | null) {
    await this.db.transaction(async (tx) => {
      const current = await this.loadAction(tx, row.id, true);
      if (current.appealedAt) throw new AppError("appeal_alreadySubmitted");
      if (current.status !== "active") throw new AppError("moderation_appealNotAllowed");
      const now = new Date();
      await tx
        .update(moderationActions)
        .set({ appealText: text, appealedAt: now })
        .where(eq(moderationActions.id, row.id));
      await tx.insert(moderationEvents).values({
        id: randomUUID(),
        subjectId: row.subjectId,
        type: "appealed",
        actorUserId: userId,
        actionId: row.id,
        note: text,
        createdAt: now,
      });
      await tx
        .update(moderationSubjects)
        .set({ version: sql`${moderationSubjects.version} + 1`, updatedAt: now })
        .where(eq(moderationSubjects.id, row.subjectId));
      await writeAudit(tx, {
        action: "moderation.appealed",
        resourceType: "moderationAction",
        resourceId: row.id,
        after: { appealedAt: now.toISOString() },
        actor: userId ? { userId, profileId: null, staffRole: null } : null,
      });
    });
    return (await strikeViews(this.db, [await this.loadAction(this.db, row.id)]))[0]!;
  }

  // Pieces -----------------------------------------------------------------------------------

  private async loadAction(db: Db | Tx, id: string, lock = false): Promise<ActionRow> {
    const query = db.select().from(moderationActions).where(eq(moderationActions.id, id)).limit(1);
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw new AppError("moderation_notFound");
    return row;
  }

  /** The profile a strike is against: the subject's answerable profile, else the person's own. */
  private async targetProfile(tx: Tx, subject: SubjectRow, userId: string | null) {
    const id = subject.subjectType === "profile" ? subject.subjectId : subject.profileId;
    const [row] = id
      ? await tx
          .select({ id: profiles.id, type: profiles.type, verificationStatus: profiles.verificationStatus })
          .from(profiles)
          .where(eq(profiles.id, id))
          .limit(1)
      : [];
    if (row) return row;
    if (!userId) return null;
    const [own] = await tx
      .select({ id: profiles.id, type: profiles.type, verificationStatus: profiles.verificationStatus })
      .from(profiles)
      .where(and(eq(profiles.userId, userId), eq(profiles.type, "user")))
      .limit(1);
    return own ?? null;
  }

  private async ownProfileOf(tx: Db | Tx, userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const [own] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.userId, userId), eq(profiles.type, "user")))
      .limit(1);
    return own?.id ?? null;
  }

  /** Events of one decision keep their order in the log: each a millisecond after the last. */
  private lastEventAt = 0;

  private async event(
    tx: Tx,
    subjectId: string,
    staff: StaffActor,
    event: { type: string; reason?: string | null; note?: string | null; actionId?: string },
  ) {
    await tx.insert(moderationEvents).values({
      id: randomUUID(),
      subjectId,
      type: event.type,
      actorUserId: staff.userId,
      staffRole: staff.staffRole,
      reason: event.reason ?? null,
      note: event.note ?? null,
      actionId: event.actionId ?? null,
      createdAt: this.nextEventAt(),
    });
  }

  private nextEventAt(): Date {
    this.lastEventAt = Math.max(Date.now(), this.lastEventAt + 1);
    return new Date(this.lastEventAt);
  }

  /** Every change moves the version on; the first staff action is kept for the dashboard. */
  private async bump(tx: Tx, subject: SubjectRow, state: ModerationState, now: Date) {
    await tx
      .update(moderationSubjects)
      .set({
        state,
        version: sql`${moderationSubjects.version} + 1`,
        updatedAt: now,
        firstActionAt: subject.firstActionAt ?? now,
        ...(state === "closed" ? { openReports: 0 } : {}),
      })
      .where(eq(moderationSubjects.id, subject.id));
    await refreshPriority(tx, subject.id);
  }

  /**
   * The subject's open reports get their outcome (actioned, dismissed; null when set aside), which
   * feeds their reporters' track record; each reporter is told the outcome (never who decided).
   */
  private async closeReports(tx: Tx, subject: SubjectRow, outcome: ReportOutcome | null, after: AfterCommit) {
    const where = (table: typeof reports | typeof chatReports) =>
      and(eq(table.subjectId, subject.id), eq(table.status, "open"));
    const closed = [
      ...(await tx
        .update(reports)
        .set({ status: "closed", outcome })
        .where(where(reports))
        .returning({ profileId: reports.reporterProfileId, userId: reports.reporterUserId })),
      ...(await tx
        .update(chatReports)
        .set({ status: "closed", outcome })
        .where(where(chatReports))
        .returning({ profileId: chatReports.reporterProfileId, userId: chatReports.reporterUserId })),
    ];
    if (!outcome) return;
    const told = new Set<string>();
    for (const reporter of closed) {
      const recipient = reporter.profileId ?? (await this.ownProfileOf(tx, reporter.userId));
      if (!recipient || told.has(recipient)) continue;
      told.add(recipient);
      after.notices.push({
        recipientId: recipient,
        kind: outcome === "actioned" ? "report_actioned" : "report_dismissed",
      });
    }
  }

  private collect(after: AfterCommit, applied: Applied) {
    after.endedSessions.push(...applied.endedSessions);
    if (applied.message) after.messages.push(applied.message);
    if (applied.blockedProfileId) after.profilesToRecheck.push(applied.blockedProfileId);
  }

  /** The person is told: a notification (with a link to their strikes) and a mail saying why. */
  private async tellStrike(tx: Tx, action: ActionRow, after: AfterCommit) {
    const [subject] = await tx
      .select({ type: moderationSubjects.subjectType, targetId: moderationSubjects.subjectId })
      .from(moderationSubjects)
      .where(eq(moderationSubjects.id, action.subjectId))
      .limit(1);
    const ownProfile = await this.ownProfileOf(tx, action.targetUserId);
    if (ownProfile) {
      after.notices.push({
        recipientId: ownProfile,
        kind: "moderation_strike",
        contentId: subject?.type === "content" ? subject.targetId : null,
      });
    }
    if (!action.targetUserId) return;
    const suspended = action.kind === "suspend";
    const url = suspended
      ? this.webUrl(appealLinkPath(appealLinkToken(this.env.config.AUTH_SECRET, action.id)))
      : this.webUrl(STRIKES_PATH);
    const parts = {
      action: kindLabel[action.kind as StrikeKind] ?? action.kind,
      reason: moderationReasonLabel(action.reason),
      message: action.message,
      url,
      suspended,
      days: MODERATION_APPEAL_LINK_DAYS,
    };
    after.mails.push({ userId: action.targetUserId, build: (email) => moderationStrikeMail(email, parts) });
  }

  private webUrl(path: string): string {
    return new URL(path, this.env.config.WEB_ORIGIN).toString();
  }

  private async afterCommit(after: AfterCommit) {
    const { realtime, log } = this.env;
    for (const id of after.endedSessions) realtime?.disconnectSession(id);
    for (const profileId of after.profilesToRecheck) {
      await realtime
        ?.recheckProfileRoom(profileId)
        .catch((err: unknown) => log.warn({ err }, "moderation: could not recheck a profile room"));
    }
    for (const message of after.messages) {
      await tellUpdated(
        { db: this.db, realtime, log } as Parameters<typeof tellUpdated>[0],
        message.chatId,
      ).catch((err: unknown) => log.warn({ err }, "moderation: could not tell a conversation"));
    }
    if (after.notices.length) {
      await emit({ db: this.db, realtime, log, jobs: this.env.jobs }, "moderation.decided", {
        notices: after.notices,
      });
    }
    for (const mail of after.mails) {
      try {
        const [user] = await this.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, mail.userId))
          .limit(1);
        if (user) await this.env.mail.send(mail.build(user.email));
      } catch (err) {
        log.warn({ err }, "moderation: could not mail a decision");
      }
    }
  }
}
