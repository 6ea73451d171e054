import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  AppError,
  IDV_SESSION_TTL_MINUTES,
  type IdvDocumentType,
  type IdvReason,
  type IdvTransactionStatus,
  type IdvWebhookEvent,
  idvSandboxOutcome,
} from "@vn/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { idvSandboxSessions } from "../../db/schema/index";
import type { Jobs } from "../../shared/jobs";
import { postSignedWebhook } from "../webhook-signature";
import { SIGNATURE_HEADER, verifyWebhookSignature } from "./signature";
import type { IdentityProvider, IdentitySessionRequest } from "./types";

/** The sandbox vendor's processing queue (jobs/identity-sandbox.ts). */
export const SANDBOX_QUEUE = "identity.sandbox";
export type SandboxStep = "decide" | "confirm";

/** What a request for information asks for in the sandbox. */
export const SANDBOX_REQUESTED_DOCUMENTS =
  "A proof of address from the last three months (a utility bill or a bank statement).";

export type SandboxSession = typeof idvSandboxSessions.$inferSelect;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A hosted identity-verification vendor, run inside the product (IDV_PROVIDER=sandbox). It behaves
 * like the real ones: a session with a hosted capture page (/jumio), asynchronous processing
 * (IDV_SANDBOX_DELAY_MS, on the job queue), decisions posted to our webhook and signed with
 * IDV_WEBHOOK_SECRET, retried when our side does not answer 2xx. The outcome is picked by the
 * document number (contract/verification.ts idvSandboxOutcomes), so a tester can walk every path.
 * Its records are its own (idv_sandbox_sessions); it reaches our side only by webhook.
 */
export class SandboxIdentityVendor implements IdentityProvider {
  readonly name = "sandbox" as const;

  constructor(
    private readonly env: {
      db: Db;
      config: Config;
      jobs: () => Jobs | undefined;
      log: FastifyBaseLogger;
      fetch?: typeof fetch;
    },
  ) {}

  async createSession(request: IdentitySessionRequest): Promise<{ sessionId: string; captureUrl: string }> {
    const token = randomBytes(24).toString("base64url");
    const sessionId = `sbx_${randomUUID().replaceAll("-", "")}`;
    await this.env.db.insert(idvSandboxSessions).values({
      id: sessionId,
      tokenDigest: digest(token),
      reference: request.reference,
      country: request.country,
      callbackUrl: request.callbackUrl,
      returnUrl: request.returnUrl,
      expiresAt: new Date(Date.now() + IDV_SESSION_TTL_MINUTES * 60_000),
    });
    const captureUrl = new URL("/jumio", this.env.config.WEB_ORIGIN);
    captureUrl.searchParams.set("session", token);
    return { sessionId, captureUrl: captureUrl.toString() };
  }

  async readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<IdvWebhookEvent> {
    const header = headers[SIGNATURE_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    return verifyWebhookSignature(this.env.config.IDV_WEBHOOK_SECRET, rawBody, signature);
  }

  async sendDocuments(sessionId: string, documents: Array<{ mime: string; bytes: Buffer }>): Promise<void> {
    const session = await this.find(sessionId);
    if (session?.status !== "awaiting_documents") {
      throw new AppError("verification_noDocumentsRequested", { details: { vendorStatus: session?.status } });
    }
    if (documents.length === 0) throw new AppError("verification_documentsRequired");
    // The extra documents settle it: the sandbox accepts once it has them.
    await this.env.db
      .update(idvSandboxSessions)
      .set({ status: "submitted", plannedStatus: "accepted", plannedReason: null })
      .where(eq(idvSandboxSessions.id, sessionId));
    await this.schedule(sessionId, "decide");
  }

  // The hosted capture page (/jumio) --------------------------------------------------------------

  /** The session behind a hosted page's token (expired ones too: the page says so). */
  async sessionByToken(token: string): Promise<SandboxSession> {
    const [session] = await this.env.db
      .select()
      .from(idvSandboxSessions)
      .where(eq(idvSandboxSessions.tokenDigest, digest(token)));
    if (!session) throw new AppError("verification_notFound");
    return session;
  }

  isOpen(session: SandboxSession, now = new Date()): boolean {
    return session.status === "open" && session.expiresAt > now;
  }

  /**
   * The person sent the capture: the vendor acknowledges at once (a `pending` event with what it
   * read) and decides after its processing time.
   */
  async submit(
    token: string,
    input: { documentType: IdvDocumentType; documentNumber: string },
  ): Promise<SandboxSession> {
    const session = await this.sessionByToken(token);
    if (!this.isOpen(session)) throw new AppError("verification_sessionExpired");
    const outcome = idvSandboxOutcome(input.documentNumber);
    const documentNumberEnd = input.documentNumber.replace(/[^A-Za-z0-9]/g, "").slice(-4);
    const [updated] = await this.env.db
      .update(idvSandboxSessions)
      .set({
        status: "submitted",
        documentType: input.documentType,
        documentNumberEnd,
        plannedStatus: outcome.status,
        plannedReason: outcome.reason,
        submittedAt: new Date(),
      })
      .where(and(eq(idvSandboxSessions.id, session.id), eq(idvSandboxSessions.status, "open")))
      .returning();
    if (!updated) throw new AppError("verification_sessionExpired");
    await this.deliver(updated, "pending", null);
    await this.schedule(updated.id, "decide");
    return updated;
  }

  // Processing (the job) --------------------------------------------------------------------------

  /** One processing step of a session: the decision, or the confirmation of a provisional one. */
  async process(sessionId: string, step: SandboxStep): Promise<void> {
    const session = await this.find(sessionId);
    if (session?.status !== "submitted") return;
    if (step === "confirm") {
      await this.settle(session, "decided");
      await this.deliver(session, "accepted", null);
      return;
    }
    const status = (session.plannedStatus ?? "accepted") as IdvTransactionStatus;
    const reason = (session.plannedReason ?? null) as IdvReason | null;
    switch (status) {
      case "pending_user_action":
        await this.settle(session, "awaiting_documents");
        await this.deliver(session, status, null, SANDBOX_REQUESTED_DOCUMENTS);
        return;
      case "temporary_accepted":
        // Accepted on the document; the background check confirms it a moment later.
        await this.deliver(session, status, null);
        await this.schedule(session.id, "confirm");
        return;
      case "pending_admin_action":
        // Handed to a person at the customer's side (our staff): the vendor is done.
        await this.settle(session, "decided");
        await this.deliver(session, status, null);
        return;
      default:
        await this.settle(session, "decided");
        await this.deliver(session, status, reason);
    }
  }

  private async settle(session: SandboxSession, status: string): Promise<void> {
    await this.env.db.update(idvSandboxSessions).set({ status }).where(eq(idvSandboxSessions.id, session.id));
  }

  private async find(sessionId: string): Promise<SandboxSession | undefined> {
    const [session] = await this.env.db
      .select()
      .from(idvSandboxSessions)
      .where(eq(idvSandboxSessions.id, sessionId));
    return session;
  }

  private async schedule(sessionId: string, step: SandboxStep): Promise<void> {
    const jobs = this.env.jobs();
    if (!jobs) {
      this.env.log.warn(
        { sessionId },
        "identity sandbox: no job runner on this node; the decision waits for one",
      );
      return;
    }
    await jobs.send(
      SANDBOX_QUEUE,
      { sessionId, step },
      { startAfter: new Date(Date.now() + this.env.config.IDV_SANDBOX_DELAY_MS) },
    );
  }

  /**
   * Posts one signed event to the customer's webhook. Anything but 2xx (or 409: already taken in)
   * throws, so the job runner retries, as vendors do.
   */
  async deliver(
    session: SandboxSession,
    status: IdvTransactionStatus,
    reason: IdvReason | null,
    requestedDocuments: string | null = null,
  ): Promise<void> {
    const event: IdvWebhookEvent = {
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      type: "transaction.updated",
      createdAt: new Date().toISOString(),
      data: {
        sessionId: session.id,
        reference: session.reference,
        status,
        reason,
        requestedDocuments,
        documentType: (session.documentType as IdvDocumentType | null) ?? null,
        documentNumberEnd: session.documentNumberEnd,
      },
    };
    await postSignedWebhook({
      url: session.callbackUrl,
      header: SIGNATURE_HEADER,
      secret: this.env.config.IDV_WEBHOOK_SECRET,
      event,
      vendor: "identity sandbox",
      fetch: this.env.fetch,
    });
  }
}
