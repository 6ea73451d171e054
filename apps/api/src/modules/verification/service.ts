import { randomUUID } from "node:crypto";
import {
  AppError,
  IDV_DOCUMENT_RETENTION_DAYS,
  IDV_EXTRA_DOCUMENTS_MAX,
  IDV_MAX_RETRIES,
  type IdvCaptureSide,
  type IdvReason,
  type IdvTransactionStatus,
  type IdvWebhookEvent,
  idvReasons,
  type SessionActor,
  type VerificationState,
  type VerificationStatus,
} from "@vn/contract";
import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import {
  idvAppeals,
  idvDocuments,
  idvTransactions,
  idvWebhookEvents,
  profiles,
  users,
} from "../../db/schema/index";
import type { IdentityProvider } from "../../providers/identity/index";
import { verificationOutcomeMail } from "../../providers/mail/templates";
import type { MailProvider } from "../../providers/mail/types";
import type { StorageProvider } from "../../providers/storage/types";
import { writeAudit } from "../../shared/audit";
import { emit } from "../../shared/events";
import type { Realtime } from "../../shared/realtime";
import { SealedStorage, sealingKey } from "../../shared/sealed-storage";
import type { DocumentImage } from "./images";
import {
  type DocumentRow,
  fixableRejections,
  presentTransaction,
  stateOf,
  type TransactionRow,
} from "./state";

type StaffActor = Pick<SessionActor, "userId" | "profileId" | "staffRole">;

/** A transaction (or its appeal) moved: the person to tell. */
interface Outcome {
  userId: string;
  transactionId: string;
  status: IdvTransactionStatus;
  previous: IdvTransactionStatus;
}

/** Which mail a status change sends, if any. */
function mailedOutcome(
  { status, previous }: Outcome,
  person: VerificationStatus,
): "verified" | "rejected" | "failed" | "documents" | null {
  switch (status) {
    case "temporary_accepted":
      return "verified";
    case "rejected":
      return person === "verified" ? null : "rejected";
    case "failed":
      return "failed";
    case "pending_user_action":
      return "documents";
    case "accepted":
      // The confirmation of a provisional acceptance was mailed already, as the acceptance.
      return previous === "temporary_accepted" ? null : "verified";
    default:
      return null;
  }
}

/**
 * Identity verification (issue 12): the only code that moves a person's verification status.
 *
 *   start ──▶ capture (the vendor's hosted page) ──▶ processing ──▶ decided
 *                                                    │  ▲
 *                    pending_user_action (documents) ┘  │ pending_admin_action (staff decide)
 *
 * The person's status (profiles.verification_status) follows the transaction: submitted →
 * pending; accepted (or temporary_accepted) → verified; failed → failed; a fixable rejection with
 * retries left → failed (retry); any other rejection → rejection (read-only, appeal once);
 * an appeal → appealed, then verified or rejection again. Every decision writes the audit log in
 * the same transaction and tells the person's sockets (idv.transaction.completed).
 */
export class VerificationService {
  private readonly vault: SealedStorage;

  constructor(
    private readonly env: {
      db: Db;
      config: Config;
      storage: StorageProvider;
      provider: IdentityProvider;
      realtime: () => Realtime | undefined;
      log: FastifyBaseLogger;
      /** Tells the person by mail when a decision (or a request) arrives; jobs may run without. */
      mail?: MailProvider;
    },
  ) {
    this.vault = new SealedStorage(env.storage, sealingKey(env.config));
  }

  private get db(): Db {
    return this.env.db;
  }

  // Reading ---------------------------------------------------------------------------------------

  private async personOf(userId: string, db: Db = this.db) {
    const [person] = await db
      .select({
        profileId: profiles.id,
        status: profiles.verificationStatus,
        verifiedAt: profiles.verifiedAt,
        privacy: profiles.privacy,
        country: profiles.country,
      })
      .from(profiles)
      .where(and(eq(profiles.userId, userId), eq(profiles.type, "user")));
    if (!person) throw new AppError("request_notFound");
    return { ...person, status: person.status as VerificationStatus };
  }

  private transactionsOf(userId: string, db: Db = this.db): Promise<TransactionRow[]> {
    return db
      .select()
      .from(idvTransactions)
      .where(eq(idvTransactions.userId, userId))
      .orderBy(desc(idvTransactions.createdAt), desc(idvTransactions.attempt));
  }

  async state(userId: string, db: Db = this.db): Promise<VerificationState> {
    const person = await this.personOf(userId, db);
    const transactions = await this.transactionsOf(userId, db);
    const latest = transactions[0];
    const documents = latest
      ? await db.select().from(idvDocuments).where(eq(idvDocuments.transactionId, latest.id))
      : [];
    const [appeal] = latest
      ? await db.select().from(idvAppeals).where(eq(idvAppeals.transactionId, latest.id))
      : [];
    return stateOf({
      status: person.status,
      verifiedAt: person.verifiedAt,
      transactions,
      latestDocuments: documents,
      appeal: appeal ?? null,
    });
  }

  // The person's steps ----------------------------------------------------------------------------

  /** Opens a new attempt at the vendor; answers the hosted capture page's address. */
  async start(
    actor: SessionActor,
    country: string,
  ): Promise<{ state: VerificationState; captureUrl: string }> {
    if (this.env.config.SANCTIONED_COUNTRIES.includes(country)) {
      throw new AppError("verification_countryUnavailable", { details: { country } });
    }
    const before = await this.state(actor.userId);
    if (before.transaction && before.transaction.stage !== "decided") {
      throw new AppError("verification_inProgress", { details: { screen: before.screen } });
    }
    if (!before.canStart) {
      const exhausted = before.retriesLeft === 0 && before.transaction?.status === "rejected";
      throw new AppError(exhausted ? "verification_retryLimitReached" : "verification_notAllowed", {
        details: { status: before.status },
      });
    }
    const person = await this.personOf(actor.userId);
    const id = randomUUID();
    const attempt = (before.transaction?.attempt ?? 0) + 1;
    try {
      await this.db.insert(idvTransactions).values({
        id,
        userId: actor.userId,
        profileId: person.profileId,
        provider: this.env.provider.name,
        country,
        attempt,
      });
    } catch (error) {
      // Two starts at the same moment: the partial unique index lets one through.
      if (isUniqueViolation(error)) throw new AppError("verification_inProgress");
      throw error;
    }
    let session: { sessionId: string; captureUrl: string };
    try {
      session = await this.env.provider.createSession({
        reference: id,
        country,
        callbackUrl: this.callbackUrl(),
        returnUrl: new URL("/verification/processing", this.env.config.WEB_ORIGIN).toString(),
      });
    } catch (error) {
      // Nothing half-made: without a vendor session there is no attempt.
      await this.db.delete(idvTransactions).where(eq(idvTransactions.id, id));
      if (error instanceof AppError) throw error;
      this.env.log.error({ err: error }, "identity vendor: could not open a session");
      throw new AppError("request_unavailable");
    }
    await this.db
      .update(idvTransactions)
      .set({ vendorSessionId: session.sessionId, captureUrl: session.captureUrl })
      .where(eq(idvTransactions.id, id));
    return { state: await this.state(actor.userId), captureUrl: session.captureUrl };
  }

  callbackUrl(): string {
    const origin = this.env.config.IDV_CALLBACK_ORIGIN ?? this.env.config.API_ORIGIN;
    return new URL(`/api/v1/webhooks/identity/${this.env.provider.name}`, origin).toString();
  }

  /** The open transaction waiting for the person's documents (pending_user_action). */
  private async awaitingDocuments(userId: string): Promise<TransactionRow> {
    const [latest] = await this.transactionsOf(userId);
    if (latest?.status !== "pending_user_action") throw new AppError("verification_noDocumentsRequested");
    return latest;
  }

  async addDocument(actor: SessionActor, image: DocumentImage): Promise<{ id: string; createdAt: string }> {
    const transaction = await this.awaitingDocuments(actor.userId);
    const unsent = await this.db
      .select({ id: idvDocuments.id })
      .from(idvDocuments)
      .where(
        and(
          eq(idvDocuments.transactionId, transaction.id),
          eq(idvDocuments.side, "extra"),
          isNull(idvDocuments.sentAt),
        ),
      );
    if (unsent.length >= IDV_EXTRA_DOCUMENTS_MAX) {
      throw new AppError("verification_tooManyDocuments", { details: { max: IDV_EXTRA_DOCUMENTS_MAX } });
    }
    const row = await this.storeImage(transaction.id, "extra", image);
    return { id: row.id, createdAt: row.createdAt.toISOString() };
  }

  async removeDocument(actor: SessionActor, documentId: string): Promise<void> {
    const transaction = await this.awaitingDocuments(actor.userId);
    const [removed] = await this.db
      .delete(idvDocuments)
      .where(
        and(
          eq(idvDocuments.id, documentId),
          eq(idvDocuments.transactionId, transaction.id),
          eq(idvDocuments.side, "extra"),
          isNull(idvDocuments.sentAt),
        ),
      )
      .returning();
    if (!removed) throw new AppError("verification_notFound");
    await this.vault.delete(removed.storageKey).catch(() => undefined);
  }

  /** Sends the added documents to the vendor; the transaction is checked again. */
  async submitDocuments(actor: SessionActor): Promise<VerificationState> {
    const transaction = await this.awaitingDocuments(actor.userId);
    const unsent = await this.db
      .select()
      .from(idvDocuments)
      .where(
        and(
          eq(idvDocuments.transactionId, transaction.id),
          eq(idvDocuments.side, "extra"),
          isNull(idvDocuments.sentAt),
        ),
      )
      .orderBy(asc(idvDocuments.createdAt));
    if (unsent.length === 0) throw new AppError("verification_documentsRequired");
    const documents = await Promise.all(
      unsent.map(async (d) => ({ mime: d.mime, bytes: await this.vault.read(d.storageKey) })),
    );
    await this.env.provider.sendDocuments(transaction.vendorSessionId ?? "", documents);
    await this.db.transaction(async (tx) => {
      await tx
        .update(idvDocuments)
        .set({ sentAt: new Date() })
        .where(
          inArray(
            idvDocuments.id,
            unsent.map((d) => d.id),
          ),
        );
      await tx
        .update(idvTransactions)
        .set({ status: "pending" })
        .where(
          and(eq(idvTransactions.id, transaction.id), eq(idvTransactions.status, "pending_user_action")),
        );
    });
    return this.state(actor.userId);
  }

  async appeal(actor: SessionActor, message: string): Promise<VerificationState> {
    const state = await this.state(actor.userId);
    if (state.appeal || state.status === "appealed") throw new AppError("appeal_alreadySubmitted");
    if (!state.canAppeal || !state.transaction) throw new AppError("appeal_notAllowed");
    const transactionId = state.transaction.id;
    await this.db.transaction(async (tx) => {
      const id = randomUUID();
      try {
        await tx.insert(idvAppeals).values({ id, transactionId, userId: actor.userId, message });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("appeal_alreadySubmitted");
        throw error;
      }
      await this.setStatus(tx, actor.userId, "appealed");
      await writeAudit(tx, {
        action: "verification.appealed",
        resourceType: "idvAppeal",
        resourceId: id,
        after: { transactionId },
      });
    });
    return this.state(actor.userId);
  }

  // Images (the capture page's and the documents a request asked for) ----------------------------

  async storeImage(
    transactionId: string,
    side: IdvCaptureSide | "extra",
    image: DocumentImage,
  ): Promise<DocumentRow> {
    const id = randomUUID();
    const storageKey = `idv/${transactionId}/${id}`;
    await this.vault.put(storageKey, image.bytes);
    const values = {
      id,
      transactionId,
      side,
      storageKey,
      mime: image.mime,
      bytes: image.bytes.length,
      width: image.width,
      height: image.height,
    };
    try {
      if (side === "extra") {
        const [row] = await this.db.insert(idvDocuments).values(values).returning();
        return row!;
      }
      // A capture side taken again replaces the earlier photo.
      const [replaced] = await this.db
        .select()
        .from(idvDocuments)
        .where(and(eq(idvDocuments.transactionId, transactionId), eq(idvDocuments.side, side)));
      const [row] = await this.db.transaction(async (tx) => {
        if (replaced) await tx.delete(idvDocuments).where(eq(idvDocuments.id, replaced.id));
        return tx.insert(idvDocuments).values(values).returning();
      });
      if (replaced) await this.vault.delete(replaced.storageKey).catch(() => undefined);
      return row!;
    } catch (error) {
      await this.vault.delete(storageKey).catch(() => undefined);
      throw error;
    }
  }

  async captureSides(transactionId: string): Promise<Record<IdvCaptureSide, boolean>> {
    const rows = await this.db
      .select({ side: idvDocuments.side })
      .from(idvDocuments)
      .where(eq(idvDocuments.transactionId, transactionId));
    const sides = new Set(rows.map((r) => r.side));
    return { front: sides.has("front"), back: sides.has("back"), selfie: sides.has("selfie") };
  }

  /**
   * One document image for staff. Admins read any; a moderator only those of a transaction whose
   * appeal waits for a decision (the appeals they decide), and hears "not found" otherwise.
   */
  async readDocument(staff: StaffActor, documentId: string): Promise<{ row: DocumentRow; bytes: Buffer }> {
    const [row] = await this.db.select().from(idvDocuments).where(eq(idvDocuments.id, documentId));
    if (!row) throw new AppError("verification_notFound");
    if (staff.staffRole !== "admin") {
      const [appeal] = await this.db
        .select({ id: idvAppeals.id })
        .from(idvAppeals)
        .where(and(eq(idvAppeals.transactionId, row.transactionId), eq(idvAppeals.status, "pending")));
      if (!appeal) throw new AppError("verification_notFound");
    }
    return { row, bytes: await this.vault.read(row.storageKey) };
  }

  // The vendor's webhook --------------------------------------------------------------------------

  /** Takes in one signed vendor event; a replay or a late event for a decided transaction changes nothing. */
  async applyVendorEvent(provider: string, event: IdvWebhookEvent): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(idvWebhookEvents)
        .values({ provider, eventId: event.id })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw new AppError("webhook_replayed");
      const [transaction] = await tx
        .select()
        .from(idvTransactions)
        .where(and(eq(idvTransactions.id, event.data.reference), eq(idvTransactions.provider, provider)))
        .for("update");
      if (
        !transaction ||
        (transaction.vendorSessionId && transaction.vendorSessionId !== event.data.sessionId)
      ) {
        throw new AppError("verification_notFound");
      }
      return this.applyStatus(tx, transaction, {
        status: event.data.status,
        reason: (event.data.reason ?? null) as IdvReason | null,
        requestedDocuments: event.data.requestedDocuments ?? null,
        documentType: event.data.documentType ?? null,
        documentNumberEnd: event.data.documentNumberEnd ?? null,
        by: null,
      });
    });
    this.tell(outcome);
  }

  /**
   * Moves one transaction (locked by the caller) to a status and the person with it. A decided
   * transaction takes nothing more, except the confirmation of a provisional acceptance.
   */
  private async applyStatus(
    tx: Db,
    transaction: TransactionRow,
    change: {
      status: IdvTransactionStatus;
      reason: IdvReason | null;
      requestedDocuments?: string | null;
      documentType?: string | null;
      documentNumberEnd?: string | null;
      by: StaffActor | null;
    },
  ): Promise<Outcome> {
    const confirming = transaction.status === "temporary_accepted" && change.status === "accepted";
    if (transaction.stage === "decided" && !confirming) throw new AppError("verification_alreadyDecided");
    const now = new Date();
    const decided = !["pending", "pending_user_action", "pending_admin_action"].includes(change.status);
    const stage = decided ? "decided" : "processing";
    await tx
      .update(idvTransactions)
      .set({
        status: change.status,
        stage,
        reasonCode: change.reason,
        requestedDocuments: change.requestedDocuments ?? transaction.requestedDocuments,
        documentType: change.documentType ?? transaction.documentType,
        documentNumberEnd: change.documentNumberEnd ?? transaction.documentNumberEnd,
        submittedAt: transaction.submittedAt ?? now,
        decidedAt: decided ? (transaction.decidedAt ?? now) : null,
        decidedBy: change.by?.userId ?? transaction.decidedBy,
      })
      .where(eq(idvTransactions.id, transaction.id));

    const person = await this.personOf(transaction.userId, tx);
    const next = this.personStatusAfter(
      person.status,
      change.status,
      change.reason,
      await this.transactionsOf(transaction.userId, tx),
    );
    if (next !== person.status) await this.setStatus(tx, transaction.userId, next);
    if (decided || change.by) {
      await writeAudit(tx, {
        action: "verification.decided",
        resourceType: "idvTransaction",
        resourceId: transaction.id,
        before: { status: transaction.status, person: person.status },
        after: { status: change.status, reason: change.reason, person: next },
        actor: change.by ?? null,
      });
    }
    return {
      userId: transaction.userId,
      transactionId: transaction.id,
      status: change.status,
      previous: transaction.status as IdvTransactionStatus,
    };
  }

  /** The person's status after their latest transaction moved (the table in the class comment). */
  private personStatusAfter(
    current: VerificationStatus,
    status: IdvTransactionStatus,
    reason: IdvReason | null,
    transactions: readonly TransactionRow[],
  ): VerificationStatus {
    switch (status) {
      case "accepted":
      case "temporary_accepted":
        return "verified";
      case "pending":
      case "pending_user_action":
      case "pending_admin_action":
        return current === "verified" ? current : "pending";
      case "failed":
        return current === "verified" ? current : "failed";
      case "rejected": {
        // `transactions` already holds this rejection: the retry limit counts it.
        const fixable = reason ? idvReasons[reason]?.fixable : false;
        const rejectionsSoFar = fixableRejections(transactions);
        return fixable && rejectionsSoFar <= IDV_MAX_RETRIES ? "failed" : "rejection";
      }
    }
  }

  private async setStatus(tx: Db, userId: string, status: VerificationStatus): Promise<void> {
    const person = await this.personOf(userId, tx);
    const becomesVerified = status === "verified" && person.status !== "verified";
    await tx
      .update(profiles)
      .set({
        verificationStatus: status,
        ...(becomesVerified
          ? {
              verifiedAt: new Date(),
              // §6: verification unlocks the public profile; one who chose less keeps it.
              ...(person.privacy === "base_privacy" ? { privacy: "public_verified" } : {}),
            }
          : {}),
      })
      .where(eq(profiles.id, person.profileId));
  }

  /**
   * Tells the person: their sockets at once (the processing screen moves on), and a mail when
   * something happened they may have left the page for (a decision, a request for documents).
   */
  private tell(outcome: Outcome): void {
    void (async () => {
      const state = await this.state(outcome.userId);
      const person = await this.personOf(outcome.userId);
      this.env.realtime()?.emitToProfile(person.profileId, "idv.transaction.completed", {
        transactionId: outcome.transactionId,
        status: outcome.status,
        verificationStatus: state.status,
        screen: state.screen,
      });
      const mailed = mailedOutcome(outcome, state.status);
      if (!mailed || !this.env.mail) return;
      const [user] = await this.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, outcome.userId));
      if (!user) return;
      const url = new URL(`/verification/${state.screen}`, this.env.config.WEB_ORIGIN).toString();
      await this.env.mail.send(verificationOutcomeMail(user.email, mailed, url));
    })().catch((error: unknown) =>
      this.env.log.warn({ err: error }, "could not tell a verification outcome"),
    );
  }

  // Staff -----------------------------------------------------------------------------------------

  /**
   * What waits for staff, oldest first: transactions in manual review (admins only: a moderator
   * may not decide them, so does not see them) and appeals of final rejections.
   */
  async queue(staff: StaffActor) {
    const waiting = await this.db
      .select({ transaction: idvTransactions, user: { id: users.id, name: users.name, email: users.email } })
      .from(idvTransactions)
      .innerJoin(users, eq(users.id, idvTransactions.userId))
      .where(
        and(
          eq(idvTransactions.status, "pending_admin_action"),
          staff.staffRole === "admin" ? undefined : sql`false`,
        ),
      )
      .orderBy(asc(idvTransactions.submittedAt));
    const appeals = await this.db
      .select({
        appeal: idvAppeals,
        transaction: idvTransactions,
        user: { id: users.id, name: users.name, email: users.email },
      })
      .from(idvAppeals)
      .innerJoin(idvTransactions, eq(idvTransactions.id, idvAppeals.transactionId))
      .innerJoin(users, eq(users.id, idvAppeals.userId))
      .where(eq(idvAppeals.status, "pending"))
      .orderBy(asc(idvAppeals.createdAt));
    const transactionIds = [...waiting.map((w) => w.transaction.id), ...appeals.map((a) => a.transaction.id)];
    const documents = transactionIds.length
      ? await this.db.select().from(idvDocuments).where(inArray(idvDocuments.transactionId, transactionIds))
      : [];
    const slugs = new Map(
      (transactionIds.length
        ? await this.db
            .select({ id: profiles.id, slug: profiles.slug })
            .from(profiles)
            .where(
              inArray(profiles.id, [
                ...waiting.map((w) => w.transaction.profileId),
                ...appeals.map((a) => a.transaction.profileId),
              ]),
            )
        : []
      ).map((p) => [p.id, p.slug]),
    );
    const item = (
      kind: "transaction" | "appeal",
      transaction: TransactionRow,
      user: { id: string; name: string; email: string },
      appeal: typeof idvAppeals.$inferSelect | null,
    ) => {
      const own = documents.filter((d) => d.transactionId === transaction.id);
      return {
        kind,
        person: {
          userId: user.id,
          name: user.name,
          email: user.email,
          slug: slugs.get(transaction.profileId) ?? null,
        },
        transaction: presentTransaction(transaction, own),
        appeal: appeal
          ? {
              id: appeal.id,
              status: appeal.status as "pending",
              message: appeal.message,
              createdAt: appeal.createdAt.toISOString(),
              decidedAt: appeal.decidedAt?.toISOString() ?? null,
            }
          : null,
        documents: own.map((d) => ({
          id: d.id,
          side: d.side as "front",
          createdAt: d.createdAt.toISOString(),
        })),
      };
    };
    return [
      ...waiting.map((w) => item("transaction", w.transaction, w.user, null)),
      ...appeals.map((a) => item("appeal", a.transaction, a.user, a.appeal)),
    ];
  }

  async decideTransaction(
    staff: StaffActor,
    transactionId: string,
    decision: { decision: "accepted" | "rejected"; reason?: string; note?: string },
  ): Promise<VerificationState> {
    const outcome = await this.db.transaction(async (tx) => {
      const [transaction] = await tx
        .select()
        .from(idvTransactions)
        .where(eq(idvTransactions.id, transactionId))
        .for("update");
      if (!transaction) throw new AppError("verification_notFound");
      if (transaction.status !== "pending_admin_action") throw new AppError("verification_alreadyDecided");
      return this.applyStatus(tx, transaction, {
        status: decision.decision,
        reason:
          decision.decision === "rejected"
            ? ((decision.reason ?? "manual_review_rejected") as IdvReason)
            : null,
        by: staff,
      });
    });
    this.tell(outcome);
    await this.toldByStaff(outcome);
    return this.state(outcome.userId);
  }

  async decideAppeal(
    staff: StaffActor,
    appealId: string,
    decision: { decision: "accepted" | "rejected"; note?: string },
  ): Promise<VerificationState> {
    const outcome = await this.db.transaction(async (tx) => {
      const [appeal] = await tx.select().from(idvAppeals).where(eq(idvAppeals.id, appealId)).for("update");
      if (!appeal) throw new AppError("appeal_notFound");
      if (appeal.status !== "pending") throw new AppError("verification_alreadyDecided");
      await tx
        .update(idvAppeals)
        .set({
          status: decision.decision,
          decidedAt: new Date(),
          decidedBy: staff.userId,
          note: decision.note ?? null,
        })
        .where(eq(idvAppeals.id, appealId));
      const next: VerificationStatus = decision.decision === "accepted" ? "verified" : "rejection";
      await this.setStatus(tx, appeal.userId, next);
      await writeAudit(tx, {
        action: "verification.appealDecided",
        resourceType: "idvAppeal",
        resourceId: appealId,
        before: { status: "pending" },
        after: { status: decision.decision, person: next },
        actor: staff,
      });
      return {
        userId: appeal.userId,
        transactionId: appeal.transactionId,
        status: decision.decision === "accepted" ? ("accepted" as const) : ("rejected" as const),
        previous: "rejected" as const,
      };
    });
    this.tell(outcome);
    await this.toldByStaff(outcome);
    return this.state(outcome.userId);
  }

  /** A staff decision is also a notification (the socket's `notification` and the list). */
  private async toldByStaff(outcome: Outcome): Promise<void> {
    const person = await this.personOf(outcome.userId);
    await emit({ db: this.db, realtime: this.env.realtime(), log: this.env.log }, "staff.decided", {
      recipientId: person.profileId,
      kind: outcome.status === "accepted" ? "verification_accepted" : "verification_rejected",
    });
  }

  // Upkeep (jobs/verification-upkeep.ts) ---------------------------------------------------------

  /** Capture sessions never sent within their time close as failed (session_expired). */
  async expireStaleCaptures(olderThan: Date): Promise<number> {
    const stale = await this.db
      .update(idvTransactions)
      .set({ status: "failed", stage: "decided", reasonCode: "session_expired", decidedAt: new Date() })
      .where(and(eq(idvTransactions.stage, "capture"), lt(idvTransactions.createdAt, olderThan)))
      .returning({ id: idvTransactions.id });
    return stale.length;
  }

  /** Document images are deleted this long after the decision; the decision and its reason stay. */
  async purgeDocuments(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - IDV_DOCUMENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    const due = await this.db
      .select({ id: idvTransactions.id })
      .from(idvTransactions)
      .where(
        and(
          eq(idvTransactions.stage, "decided"),
          isNull(idvTransactions.documentsPurgedAt),
          lt(idvTransactions.decidedAt, cutoff),
          // An appeal under review still needs them.
          sql`NOT EXISTS (SELECT 1 FROM ${idvAppeals} WHERE ${idvAppeals.transactionId} = ${idvTransactions.id} AND ${idvAppeals.status} = 'pending')`,
        ),
      )
      .limit(200);
    for (const { id } of due) {
      await this.vault.deletePrefix(`idv/${id}/`);
      await this.db.transaction(async (tx) => {
        await tx.delete(idvDocuments).where(eq(idvDocuments.transactionId, id));
        await tx
          .update(idvTransactions)
          .set({ documentsPurgedAt: new Date() })
          .where(eq(idvTransactions.id, id));
        await writeAudit(tx, {
          action: "verification.documentsPurged",
          resourceType: "idvTransaction",
          resourceId: id,
          actor: null,
        });
      });
    }
    return due.length;
  }

  /** The sealed bytes as stored, for the test that checks nothing readable is at rest. */
  rawStored(storageKey: string): Promise<Buffer> {
    return this.vault.raw(storageKey);
  }
}
