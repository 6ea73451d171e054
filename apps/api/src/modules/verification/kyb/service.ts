import { randomUUID } from "node:crypto";
import {
  AppError,
  format,
  KYB_DIRECTOR_INVITE_TTL_DAYS,
  KYB_DIRECTORS_MAX,
  KYB_DOCUMENTS_MAX,
  type KybCompanyDetailsRequest,
  type KybReason,
  type KybStaffDecisionRequest,
  type KybTransaction,
  type KybTransactionStatus,
  type KybWebhookEvent,
  kybReasons,
  messages,
  type SessionActor,
  type VerificationStatus,
} from "@vn/contract";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { isUniqueViolation } from "../../../db/errors";
import {
  companyInvites,
  companyMembers,
  kybDocuments,
  kybTransactions,
  kybWebhookEvents,
  profiles,
  users,
} from "../../../db/schema/index";
import type { KybProvider } from "../../../providers/kyb/types";
import { kybDirectorMail, kybOutcomeMail } from "../../../providers/mail/templates";
import type { MailProvider } from "../../../providers/mail/types";
import type { StorageProvider } from "../../../providers/storage/types";
import { writeAudit } from "../../../shared/audit";
import { emit } from "../../../shared/events";
import type { Realtime } from "../../../shared/realtime";
import { SealedStorage, sealingKey } from "../../../shared/sealed-storage";
import { actingCompanyId } from "../../teams/invites";
import type { ReceivedDocument } from "./documents";
import {
  type CompanyRow,
  canStartAfter,
  checklistOf,
  type DirectorRow,
  directorView,
  type KybDocumentRow,
  type KybRow,
  transactionView,
} from "./view";

type StaffActor = Pick<SessionActor, "userId" | "profileId" | "staffRole">;
const openStatuses: KybTransactionStatus[] = ["draft", "pending", "pending_admin_action"];
const readOnlyPeople: VerificationStatus[] = ["rejection", "appealed"];

/**
 * Business verification, KYB (issue 14): the only code that moves a company's verification
 * status.
 *
 *   create (draft) ──▶ details, documents, directors ──▶ submit (pending) ──▶ registry decides
 *                                                                  │
 *                               pending_admin_action (staff decide) ┘
 *
 * The company's status (profiles.verification_status) follows: submitted → pending; accepted →
 * verified (verified_at); a fixable rejection or a registry failure → failed (a new transaction
 * may start, copying the details, documents and confirmed directors); a final rejection →
 * rejection. Directors are company_invites of kind `officer`: each must be a verified person when
 * they accept and again when the transaction is submitted. Every change writes the audit log in
 * its transaction and tells the company's sockets (kybTransactions.updated; company.verified).
 */
export class KybService {
  private readonly vault: SealedStorage;

  constructor(
    private readonly env: {
      db: Db;
      config: Config;
      storage: StorageProvider;
      provider: KybProvider;
      realtime: () => Realtime | undefined;
      log: FastifyBaseLogger;
      mail?: MailProvider;
    },
  ) {
    this.vault = new SealedStorage(env.storage, sealingKey(env.config));
  }

  private get db(): Db {
    return this.env.db;
  }

  // Reading ---------------------------------------------------------------------------------------

  private async company(companyId: string, db: Db = this.db): Promise<CompanyRow> {
    const [company] = await db
      .select({
        id: profiles.id,
        slug: profiles.slug,
        name: profiles.name,
        verificationStatus: profiles.verificationStatus,
      })
      .from(profiles)
      .where(and(eq(profiles.id, companyId), eq(profiles.type, "company")));
    if (!company) throw new AppError("company_notFound");
    return company;
  }

  private async latestRow(companyId: string, db: Db = this.db, lock = false): Promise<KybRow | undefined> {
    const query = db
      .select()
      .from(kybTransactions)
      .where(eq(kybTransactions.companyId, companyId))
      .orderBy(desc(kybTransactions.createdAt), desc(kybTransactions.id))
      .limit(1);
    const [row] = lock ? await query.for("update") : await query;
    return row;
  }

  private documentsOf(transactionId: string, db: Db = this.db): Promise<KybDocumentRow[]> {
    return db
      .select()
      .from(kybDocuments)
      .where(eq(kybDocuments.transactionId, transactionId))
      .orderBy(asc(kybDocuments.createdAt), asc(kybDocuments.id));
  }

  private async directorsOf(transactionId: string, db: Db = this.db): Promise<DirectorRow[]> {
    const rows = await db
      .select({
        invite: companyInvites,
        personName: profiles.name,
        personStatus: profiles.verificationStatus,
      })
      .from(companyInvites)
      .leftJoin(profiles, and(eq(profiles.userId, companyInvites.invitedUserId), eq(profiles.type, "user")))
      .where(and(eq(companyInvites.kybTransactionId, transactionId), eq(companyInvites.kind, "officer")))
      .orderBy(asc(companyInvites.createdAt), asc(companyInvites.id));
    return rows.map((row) => ({
      invite: row.invite,
      personName: row.personName,
      personVerified: row.personStatus === "verified",
    }));
  }

  private async present(row: KybRow, db: Db = this.db, isLatest = true): Promise<KybTransaction> {
    const [company, documents, directors] = await Promise.all([
      this.company(row.companyId, db),
      this.documentsOf(row.id, db),
      this.directorsOf(row.id, db),
    ]);
    return transactionView(row, company, documents, directors, isLatest);
  }

  async latest(actor: SessionActor): Promise<KybTransaction | null> {
    const row = await this.latestRow(actingCompanyId(actor));
    return row ? this.present(row) : null;
  }

  /** The open draft, locked for the change; refuses when there is none or it went to the registry. */
  private async draftFor(tx: Db, companyId: string): Promise<KybRow> {
    const row = await this.latestRow(companyId, tx, true);
    if (!row) throw new AppError("kybTransaction_notFound");
    if (row.status !== "draft") throw new AppError("kybTransaction_notEditable");
    return row;
  }

  private async touch(tx: Db, id: string): Promise<void> {
    await tx.update(kybTransactions).set({ updatedAt: new Date() }).where(eq(kybTransactions.id, id));
  }

  // Building a transaction ------------------------------------------------------------------------

  /** A new draft (201), or the open one (200): `created` tells which. */
  async create(actor: SessionActor): Promise<{ created: boolean; transaction: KybTransaction }> {
    const companyId = actingCompanyId(actor);
    try {
      const result = await this.db.transaction(async (tx) => {
        const company = await this.company(companyId, tx);
        const latest = await this.latestRow(companyId, tx, true);
        if (latest?.status === "draft") return { created: false, row: latest };
        if (company.verificationStatus === "verified") throw new AppError("kybTransaction_alreadyVerified");
        if (latest && openStatuses.includes(latest.status as KybTransactionStatus)) {
          throw new AppError("kybTransaction_inProgress");
        }
        if (latest && !canStartAfter(latest)) throw new AppError("kybTransaction_notAllowed");
        const [row] = await tx
          .insert(kybTransactions)
          .values({
            id: randomUUID(),
            companyId,
            createdBy: actor.userId,
            // A new attempt starts from what the last one said: the owner corrects, not retypes.
            legalName: latest?.legalName ?? null,
            registrationNumber: latest?.registrationNumber ?? null,
            country: latest?.country ?? null,
            registeredAddress: latest?.registeredAddress ?? null,
            incorporationDate: latest?.incorporationDate ?? null,
            website: latest?.website ?? null,
          })
          .returning();
        if (!row) throw new Error("kyb: transaction not stored");
        if (latest) await this.carryOver(tx, latest, row);
        await writeAudit(tx, {
          action: "kyb.created",
          resourceType: "kybTransaction",
          resourceId: row.id,
          after: { companyId, previous: latest?.id ?? null },
        });
        return { created: true, row };
      });
      return { created: result.created, transaction: await this.present(result.row) };
    } catch (error) {
      // Two first requests at once: the second finds the draft the first made.
      if (!isUniqueViolation(error)) throw error;
      const row = await this.latestRow(companyId);
      if (row?.status !== "draft") throw new AppError("kybTransaction_inProgress");
      return { created: false, transaction: await this.present(row) };
    }
  }

  /** The documents and confirmed directors of the previous attempt, on the new one. */
  private async carryOver(tx: Db, previous: KybRow, next: KybRow): Promise<void> {
    const documents = await this.documentsOf(previous.id, tx);
    if (documents.length > 0) {
      await tx.insert(kybDocuments).values(
        documents.map((doc) => ({
          ...doc,
          id: randomUUID(),
          transactionId: next.id,
          createdAt: doc.createdAt,
        })),
      );
    }
    const directors = await this.directorsOf(previous.id, tx);
    const confirmed = directors.filter((d) => d.invite.status === "accepted");
    if (confirmed.length > 0) {
      await tx.insert(companyInvites).values(
        confirmed.map(({ invite }) => ({
          ...invite,
          id: randomUUID(),
          kybTransactionId: next.id,
        })),
      );
    }
  }

  async updateDetails(actor: SessionActor, input: KybCompanyDetailsRequest): Promise<KybTransaction> {
    const companyId = actingCompanyId(actor);
    if (input.country) this.checkCountry(input.country);
    const row = await this.db.transaction(async (tx) => {
      const draft = await this.draftFor(tx, companyId);
      const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const [updated] = await tx
        .update(kybTransactions)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(kybTransactions.id, draft.id))
        .returning();
      await writeAudit(tx, {
        action: "kyb.detailsUpdated",
        resourceType: "kybTransaction",
        resourceId: draft.id,
        after: changes,
      });
      return updated ?? draft;
    });
    return this.present(row);
  }

  /** "Business profile is not available in the selected country": sanctioned, or not the registry's. */
  private checkCountry(country: string): void {
    if (
      this.env.config.SANCTIONED_COUNTRIES.includes(country) ||
      !this.env.provider.supportsCountry(country)
    ) {
      throw new AppError("kybTransaction_countryNotSupported", {
        details: [{ path: "body.country", message: messages.businessNotAvailableInCountry }],
      });
    }
  }

  async addDocument(
    actor: SessionActor,
    document: ReceivedDocument,
  ): Promise<KybTransaction["documents"][number]> {
    const companyId = actingCompanyId(actor);
    const id = randomUUID();
    const storageKey = `kyb/${companyId}/${id}`;
    // Sealed first, recorded after: a refused insert leaves an object the next line removes.
    await this.vault.put(storageKey, document.bytes);
    try {
      const row = await this.db.transaction(async (tx) => {
        const draft = await this.draftFor(tx, companyId);
        const existing = await this.documentsOf(draft.id, tx);
        if (existing.length >= KYB_DOCUMENTS_MAX) {
          throw new AppError("kybTransaction_tooManyDocuments", {
            message: format(messages.kybTooManyDocuments, { count: KYB_DOCUMENTS_MAX }),
          });
        }
        const [inserted] = await tx
          .insert(kybDocuments)
          .values({
            id,
            transactionId: draft.id,
            name: document.name,
            mime: document.mime,
            bytes: document.bytes.length,
            storageKey,
          })
          .returning();
        await this.touch(tx, draft.id);
        await writeAudit(tx, {
          action: "kyb.documentAdded",
          resourceType: "kybTransaction",
          resourceId: draft.id,
          after: { documentId: id, name: document.name, mime: document.mime, bytes: document.bytes.length },
        });
        return inserted;
      });
      if (!row) throw new Error("kyb: document not stored");
      return {
        id: row.id,
        name: row.name,
        mime: document.mime,
        size: row.bytes,
        createdAt: row.createdAt.toISOString(),
      };
    } catch (error) {
      await this.vault.delete(storageKey).catch(() => undefined);
      throw error;
    }
  }

  /** A document of any of the company's transactions (the owner's own records). */
  async readDocument(
    actor: SessionActor | null,
    documentId: string,
  ): Promise<{ row: KybDocumentRow; bytes: Buffer }> {
    const [found] = await this.db
      .select({ document: kybDocuments, companyId: kybTransactions.companyId })
      .from(kybDocuments)
      .innerJoin(kybTransactions, eq(kybTransactions.id, kybDocuments.transactionId))
      .where(eq(kybDocuments.id, documentId));
    // Another company's document is as absent as a missing one.
    if (!found || (actor && found.companyId !== actingCompanyId(actor)))
      throw new AppError("kybTransaction_notFound");
    return { row: found.document, bytes: await this.vault.read(found.document.storageKey) };
  }

  async removeDocument(actor: SessionActor, documentId: string): Promise<void> {
    const companyId = actingCompanyId(actor);
    const key = await this.db.transaction(async (tx) => {
      const draft = await this.draftFor(tx, companyId);
      const [removed] = await tx
        .delete(kybDocuments)
        .where(and(eq(kybDocuments.id, documentId), eq(kybDocuments.transactionId, draft.id)))
        .returning();
      if (!removed) throw new AppError("kybTransaction_notFound");
      await this.touch(tx, draft.id);
      await writeAudit(tx, {
        action: "kyb.documentRemoved",
        resourceType: "kybTransaction",
        resourceId: draft.id,
        before: { documentId, name: removed.name },
      });
      const [shared] = await tx
        .select({ id: kybDocuments.id })
        .from(kybDocuments)
        .where(eq(kybDocuments.storageKey, removed.storageKey))
        .limit(1);
      // An earlier attempt may still list the same stored file.
      return shared ? null : removed.storageKey;
    });
    if (key)
      await this.vault
        .delete(key)
        .catch((error) => this.env.log.warn({ err: error, key }, "kyb document not deleted"));
  }

  // Directors -------------------------------------------------------------------------------------

  async inviteDirector(
    actor: SessionActor,
    input: { email: string; name?: string },
  ): Promise<KybTransaction> {
    const companyId = actingCompanyId(actor);
    const email = input.email.toLowerCase();
    let invite: typeof companyInvites.$inferSelect | undefined;
    let row: KybRow;
    try {
      ({ row, invite } = await this.db.transaction(async (tx) => {
        const draft = await this.draftFor(tx, companyId);
        const directors = await this.directorsOf(draft.id, tx);
        const live = directors
          .map(directorView)
          .filter((d) => d.status === "pending" || d.status === "accepted");
        if (live.some((d) => d.email === email))
          throw new AppError("kybTransaction_directorInviteAlreadyExists");
        if (live.length >= KYB_DIRECTORS_MAX) {
          throw new AppError("kybTransaction_tooManyDirectors", {
            message: format(messages.kybTooManyDirectors, { count: KYB_DIRECTORS_MAX }),
          });
        }
        const [account] = await tx
          .select({ id: users.id, status: users.status, verification: profiles.verificationStatus })
          .from(users)
          .leftJoin(profiles, and(eq(profiles.userId, users.id), eq(profiles.type, "user")))
          .where(eq(users.email, email));
        if (account?.status === "blocked") throw new AppError("kybTransaction_directorInviteBlockedUser");
        if (
          account &&
          (account.status === "deleted" ||
            readOnlyPeople.includes(account.verification as VerificationStatus))
        ) {
          throw new AppError("kybTransaction_directorInviteInactiveUser");
        }
        // The owner naming themselves, verified: confirmed at once (they are the one asking).
        const self = account?.id === actor.userId && account.verification === "verified";
        const now = new Date();
        const [created] = await tx
          .insert(companyInvites)
          .values({
            id: randomUUID(),
            companyId,
            kind: "officer",
            kybTransactionId: draft.id,
            email,
            invitedUserId: account?.id ?? null,
            displayName: input.name ?? null,
            role: "company_employee",
            status: self ? "accepted" : "pending",
            createdBy: actor.userId,
            createdAt: now,
            expiresAt: new Date(now.getTime() + KYB_DIRECTOR_INVITE_TTL_DAYS * 86_400_000),
            decidedAt: self ? now : null,
          })
          .returning();
        await this.touch(tx, draft.id);
        await writeAudit(tx, {
          action: "kyb.directorInvited",
          resourceType: "kybTransaction",
          resourceId: draft.id,
          after: { inviteId: created?.id, email, confirmed: self },
        });
        return { row: draft, invite: self ? undefined : created };
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("kybTransaction_directorInviteAlreadyExists");
      throw error;
    }
    if (invite) await this.mailDirector(actor, invite);
    this.tell(row.companyId, row.id);
    return this.present(row);
  }

  private async mailDirector(actor: SessionActor, invite: typeof companyInvites.$inferSelect): Promise<void> {
    if (!this.env.mail) return;
    const company = await this.company(invite.companyId);
    const [inviter] = await this.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, actor.userId));
    const link = (status: "accept" | "reject") => {
      const url = new URL("/companies/kyb-invite", this.env.config.WEB_ORIGIN);
      url.searchParams.set("company", company.slug);
      url.searchParams.set("status", status);
      return url.toString();
    };
    try {
      await this.env.mail.send(
        kybDirectorMail(invite.email, inviter?.name || company.name, company.name, {
          accept: link("accept"),
          reject: link("reject"),
        }),
      );
    } catch (error) {
      // The invitation stands: the director finds it signed in, and the owner can cancel and invite again.
      this.env.log.error({ err: error, inviteId: invite.id }, "kyb director mail not delivered");
    }
  }

  async cancelDirector(actor: SessionActor, inviteId: string): Promise<KybTransaction> {
    const companyId = actingCompanyId(actor);
    const row = await this.db.transaction(async (tx) => {
      const draft = await this.draftFor(tx, companyId);
      const [invite] = await tx
        .select()
        .from(companyInvites)
        .where(
          and(
            eq(companyInvites.id, inviteId),
            eq(companyInvites.kybTransactionId, draft.id),
            eq(companyInvites.kind, "officer"),
          ),
        )
        .for("update");
      if (!invite) throw new AppError("invite_notFound");
      if (invite.status !== "pending" && invite.status !== "accepted")
        throw new AppError("invite_unavailable");
      await tx
        .update(companyInvites)
        .set({ status: "cancelled", decidedAt: new Date() })
        .where(eq(companyInvites.id, inviteId));
      await this.touch(tx, draft.id);
      await writeAudit(tx, {
        action: "kyb.directorCancelled",
        resourceType: "kybTransaction",
        resourceId: draft.id,
        before: { inviteId, email: invite.email, status: invite.status },
        after: { status: "cancelled" },
      });
      return draft;
    });
    this.tell(row.companyId, row.id);
    return this.present(row);
  }

  /**
   * A director's answer, inside the invitation's transaction (teams/invites.ts finds and checks
   * the invitation as any company invitation). Accepting needs a verified person, and the KYB
   * transaction still a draft.
   */
  async answerAsOfficer(
    tx: Db,
    actor: SessionActor,
    invite: typeof companyInvites.$inferSelect,
    answer: { accept: true } | { accept: false; reason: string },
  ): Promise<void> {
    if (answer.accept && actor.personVerificationStatus !== "verified") {
      throw new AppError("user_notVerified", { message: messages.kybDirectorVerifyFirst });
    }
    if (!invite.kybTransactionId) throw new AppError("invite_unavailable");
    const [transaction] = await tx
      .select({ status: kybTransactions.status })
      .from(kybTransactions)
      .where(eq(kybTransactions.id, invite.kybTransactionId))
      .for("update");
    if (transaction?.status !== "draft") throw new AppError("invite_unavailable");
    await tx
      .update(companyInvites)
      .set(
        answer.accept
          ? { status: "accepted", decidedAt: new Date(), invitedUserId: actor.userId }
          : {
              status: "rejected",
              rejectReason: answer.reason,
              decidedAt: new Date(),
              invitedUserId: actor.userId,
            },
      )
      .where(eq(companyInvites.id, invite.id));
    await this.touch(tx, invite.kybTransactionId);
    await writeAudit(tx, {
      action: "kyb.directorAnswered",
      resourceType: "kybTransaction",
      resourceId: invite.kybTransactionId,
      after: { inviteId: invite.id, userId: actor.userId, accepted: answer.accept },
    });
  }

  /** The signed-in person's latest director invitation from the company with this handle. */
  async officerInviteId(actor: SessionActor, slug: string): Promise<string> {
    const [me] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
    const [invite] = await this.db
      .select({ id: companyInvites.id })
      .from(companyInvites)
      .innerJoin(profiles, eq(profiles.id, companyInvites.companyId))
      .where(
        and(
          eq(profiles.slug, slug.toLowerCase()),
          eq(companyInvites.kind, "officer"),
          eq(companyInvites.email, (me?.email ?? "").toLowerCase()),
        ),
      )
      .orderBy(desc(companyInvites.createdAt))
      .limit(1);
    if (!invite) throw new AppError("invite_notFound");
    return invite.id;
  }

  // Submitting and deciding -----------------------------------------------------------------------

  async submit(actor: SessionActor): Promise<KybTransaction> {
    const companyId = actingCompanyId(actor);
    const { row, previousStatus } = await this.db.transaction(async (tx) => {
      const draft = await this.draftFor(tx, companyId);
      const documents = await this.documentsOf(draft.id, tx);
      const directors = (await this.directorsOf(draft.id, tx)).map(directorView);
      const checklist = checklistOf(draft, documents.length, directors);
      if (!checklist.details) throw new AppError("kybTransaction_detailsMissing");
      if (!checklist.documents) throw new AppError("kybTransaction_supportedDocumentsNotProvided");
      if (checklist.pendingDirectors > 0) throw new AppError("kybTransaction_directorsPending");
      if (checklist.confirmedDirectors === 0) throw new AppError("kybTransaction_directorsMissing");
      this.checkCountry(draft.country ?? "");
      const company = await this.company(companyId, tx);
      const [updated] = await tx
        .update(kybTransactions)
        .set({
          status: "pending",
          provider: this.env.provider.name,
          submittedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(kybTransactions.id, draft.id))
        .returning();
      await tx.update(profiles).set({ verificationStatus: "pending" }).where(eq(profiles.id, companyId));
      await writeAudit(tx, {
        action: "kyb.submitted",
        resourceType: "kybTransaction",
        resourceId: draft.id,
        before: { status: "draft", company: company.verificationStatus },
        after: { status: "pending", provider: this.env.provider.name },
      });
      return { row: updated ?? draft, previousStatus: company.verificationStatus };
    });
    try {
      const { checkId } = await this.env.provider.createCheck(await this.checkRequest(row));
      await this.db.update(kybTransactions).set({ checkId }).where(eq(kybTransactions.id, row.id));
    } catch (error) {
      // The registry did not take it: back to the draft, as if never sent, and say so.
      this.env.log.error({ err: error, transactionId: row.id }, "kyb: the registry refused the check");
      await this.db.transaction(async (tx) => {
        await tx
          .update(kybTransactions)
          .set({ status: "draft", provider: null, submittedAt: null })
          .where(eq(kybTransactions.id, row.id));
        await tx
          .update(profiles)
          .set({ verificationStatus: previousStatus })
          .where(eq(profiles.id, companyId));
      });
      if (error instanceof AppError) throw error;
      throw new AppError("request_unavailable");
    }
    this.tell(companyId, row.id);
    return this.present(row);
  }

  private async checkRequest(row: KybRow) {
    const directors = (await this.directorsOf(row.id)).filter((d) => d.invite.status === "accepted");
    const documents = await this.documentsOf(row.id);
    return {
      reference: row.id,
      callbackUrl: this.callbackUrl(),
      company: {
        legalName: row.legalName ?? "",
        registrationNumber: row.registrationNumber ?? "",
        country: row.country ?? "",
        registeredAddress: row.registeredAddress ?? "",
        incorporationDate: row.incorporationDate ?? "",
        website: row.website,
      },
      directors: directors.map((d) => ({
        name: d.personName ?? d.invite.displayName ?? d.invite.email,
        email: d.invite.email,
      })),
      documents: await Promise.all(
        documents.map(async (doc) => ({
          name: doc.name,
          mime: doc.mime,
          bytes: await this.vault.read(doc.storageKey),
        })),
      ),
    };
  }

  callbackUrl(): string {
    const origin = this.env.config.KYB_CALLBACK_ORIGIN ?? this.env.config.API_ORIGIN;
    return new URL(`/api/v1/webhooks/kyb/${this.env.provider.name}`, origin).toString();
  }

  /**
   * A registry event, once its signature is proven. Taken once by id (a replay is 409
   * webhook_replayed and changes nothing); a decided transaction takes no further event.
   */
  async applyRegistryEvent(provider: string, event: KybWebhookEvent): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      try {
        await tx.insert(kybWebhookEvents).values({ provider, eventId: event.id });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("webhook_replayed");
        throw error;
      }
      const [row] = await tx
        .select()
        .from(kybTransactions)
        .where(and(eq(kybTransactions.id, event.data.reference), eq(kybTransactions.provider, provider)))
        .for("update");
      if (!row) throw new AppError("kybTransaction_notFound");
      if (row.status !== "pending" && row.status !== "pending_admin_action") {
        throw new AppError("kybTransaction_alreadyDecided");
      }
      if (event.data.status === "pending" || event.data.status === row.status) return null;
      return this.decide(tx, row, event.data.status, event.data.reason as KybReason | null, null);
    });
    if (outcome) await this.announce(outcome);
  }

  /** Moves the transaction and the company; audit in the same transaction. */
  private async decide(
    tx: Db,
    row: KybRow,
    status: Exclude<KybTransactionStatus, "draft" | "pending">,
    reason: KybReason | null,
    staff: StaffActor | null,
    note?: string,
  ): Promise<{ row: KybRow; companyStatus: VerificationStatus; verifiedAt: Date | null }> {
    const now = new Date();
    const decided = status !== "pending_admin_action";
    const [updated] = await tx
      .update(kybTransactions)
      .set({
        status,
        reasonCode: reason,
        decidedAt: decided ? now : null,
        decidedBy: staff?.userId ?? null,
        note: note ?? null,
        updatedAt: now,
      })
      .where(eq(kybTransactions.id, row.id))
      .returning();
    const companyStatus: VerificationStatus =
      status === "accepted"
        ? "verified"
        : status === "pending_admin_action"
          ? "pending"
          : status === "failed" || (reason && kybReasons[reason]?.fixable)
            ? "failed"
            : "rejection";
    const verifiedAt = status === "accepted" ? now : null;
    await tx
      .update(profiles)
      .set(
        status === "accepted"
          ? {
              verificationStatus: companyStatus,
              verifiedAt: now,
              // As for people (decision 0014): verified unlocks the public page.
              privacy: sql`CASE WHEN ${profiles.privacy} = 'base_privacy' THEN 'public_verified' ELSE ${profiles.privacy} END`,
            }
          : { verificationStatus: companyStatus },
      )
      .where(eq(profiles.id, row.companyId));
    await writeAudit(tx, {
      action: "kyb.decided",
      resourceType: "kybTransaction",
      resourceId: row.id,
      before: { status: row.status },
      after: { status, reason, companyStatus, note: note ?? null },
      actor: staff,
    });
    return { row: updated ?? row, companyStatus, verifiedAt };
  }

  /** After the commit: the company's sockets, and a mail to its owners when it is decided. */
  private async announce(outcome: {
    row: KybRow;
    companyStatus: VerificationStatus;
    verifiedAt: Date | null;
  }) {
    const { row, companyStatus, verifiedAt } = outcome;
    this.tell(row.companyId, row.id, row.status as KybTransactionStatus, companyStatus);
    const company = await this.company(row.companyId);
    if (verifiedAt) {
      this.env.realtime()?.emitToProfile(row.companyId, "company.verified", {
        companyId: row.companyId,
        slug: company.slug,
        verifiedAt: verifiedAt.toISOString(),
      });
    }
    if (!this.env.mail || row.status === "pending_admin_action") return;
    const owners = await this.db
      .select({ email: users.email })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, row.companyId), eq(companyMembers.role, "owner")));
    const url = new URL("/verification/company", this.env.config.WEB_ORIGIN).toString();
    for (const owner of owners) {
      await this.env.mail
        .send(kybOutcomeMail(owner.email, company.name, row.status === "accepted", url))
        .catch((error) =>
          this.env.log.error({ err: error, transactionId: row.id }, "kyb outcome mail not delivered"),
        );
    }
  }

  /** kybTransactions.updated to everyone acting as the company. */
  tell(
    companyId: string,
    transactionId: string,
    status?: KybTransactionStatus,
    companyStatus?: VerificationStatus,
  ) {
    const realtime = this.env.realtime();
    if (!realtime) return;
    void (async () => {
      const [row] = await this.db
        .select({ status: kybTransactions.status, verification: profiles.verificationStatus })
        .from(kybTransactions)
        .innerJoin(profiles, eq(profiles.id, kybTransactions.companyId))
        .where(eq(kybTransactions.id, transactionId));
      realtime.emitToProfile(companyId, "kybTransactions.updated", {
        transactionId,
        companyId,
        status: status ?? ((row?.status ?? "draft") as KybTransactionStatus),
        verificationStatus: companyStatus ?? ((row?.verification ?? "not_verified") as VerificationStatus),
      });
    })().catch((error) => this.env.log.warn({ err: error }, "kyb: update not told"));
  }

  // Staff -----------------------------------------------------------------------------------------

  async staffQueue(): Promise<KybTransaction[]> {
    const rows = await this.db
      .select()
      .from(kybTransactions)
      .where(eq(kybTransactions.status, "pending_admin_action"))
      .orderBy(asc(kybTransactions.submittedAt));
    return Promise.all(rows.map((row) => this.present(row, this.db, false)));
  }

  async staffDecide(staff: StaffActor, id: string, input: KybStaffDecisionRequest): Promise<KybTransaction> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(kybTransactions).where(eq(kybTransactions.id, id)).for("update");
      if (!row) throw new AppError("kybTransaction_notFound");
      if (row.status !== "pending_admin_action") throw new AppError("kybTransaction_alreadyDecided");
      const reason =
        input.decision === "accepted" ? null : ((input.reason ?? "manual_review_rejected") as KybReason);
      return this.decide(tx, row, input.decision, reason, staff, input.note);
    });
    await this.announce(outcome);
    // The company hears it as a notification too (its owners and managers acting as it).
    await emit({ db: this.db, realtime: this.env.realtime(), log: this.env.log }, "staff.decided", {
      recipientId: outcome.row.companyId,
      kind: input.decision === "accepted" ? "kyb_accepted" : "kyb_rejected",
    });
    return this.present(outcome.row, this.db, false);
  }
}
