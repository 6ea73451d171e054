import { randomUUID } from "node:crypto";
import {
  type KybReason,
  type KybTransactionStatus,
  type KybWebhookEvent,
  kybSandboxOutcome,
  kybWebhookEventSchema,
} from "@vn/contract";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { kybSandboxChecks } from "../../db/schema/index";
import type { Jobs } from "../../shared/jobs";
import { postSignedWebhook, verifySignedJson } from "../webhook-signature";
import type { KybCheckRequest, KybProvider } from "./types";

/** The sandbox registry's processing queue (jobs/kyb-sandbox.ts). */
export const KYB_SANDBOX_QUEUE = "kyb.sandbox";
export const KYB_SIGNATURE_HEADER = "x-kyb-signature";

type SandboxCheck = typeof kybSandboxChecks.$inferSelect;

/**
 * A business registry run inside the product (KYB_PROVIDER=sandbox). It behaves like the real ones:
 * a check per submission, acknowledged at once (`pending`), decided after KYB_SANDBOX_DELAY_MS on
 * the job queue, and told to our webhook signed with KYB_WEBHOOK_SECRET, retried when our side
 * does not answer 2xx. The outcome is picked by the registration number's last four digits
 * (contract/kyb.ts kybSandboxOutcomes, README "Business verification sandbox"). Countries: every
 * one but the sanctioned list, which the module refuses before asking.
 */
export class SandboxKybRegistry implements KybProvider {
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

  supportsCountry(_country: string): boolean {
    return true;
  }

  async createCheck(request: KybCheckRequest): Promise<{ checkId: string }> {
    const outcome = kybSandboxOutcome(request.company.registrationNumber);
    const [check] = await this.env.db
      .insert(kybSandboxChecks)
      .values({
        id: `kyb_${randomUUID().replaceAll("-", "")}`,
        reference: request.reference,
        callbackUrl: request.callbackUrl,
        registrationNumber: request.company.registrationNumber,
        country: request.company.country,
        plannedStatus: outcome.status,
        plannedReason: outcome.reason,
      })
      .returning();
    if (!check) throw new Error("kyb sandbox: check not stored");
    await this.schedule(check.id);
    return { checkId: check.id };
  }

  async readWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<KybWebhookEvent> {
    const header = headers[KYB_SIGNATURE_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    return verifySignedJson(kybWebhookEventSchema, this.env.config.KYB_WEBHOOK_SECRET, rawBody, signature);
  }

  /** The decision (the job): the registry's answer, posted to the customer's webhook. */
  async process(checkId: string): Promise<void> {
    const [check] = await this.env.db.select().from(kybSandboxChecks).where(eq(kybSandboxChecks.id, checkId));
    if (check?.status !== "pending") return;
    await this.deliver(
      check,
      check.plannedStatus as KybTransactionStatus,
      check.plannedReason as KybReason | null,
    );
    await this.env.db
      .update(kybSandboxChecks)
      .set({ status: "decided" })
      .where(eq(kybSandboxChecks.id, checkId));
  }

  private async schedule(checkId: string): Promise<void> {
    const jobs = this.env.jobs();
    if (!jobs) {
      this.env.log.warn({ checkId }, "kyb sandbox: no job runner on this node; the decision waits for one");
      return;
    }
    await jobs.send(
      KYB_SANDBOX_QUEUE,
      { checkId },
      { startAfter: new Date(Date.now() + this.env.config.KYB_SANDBOX_DELAY_MS) },
    );
  }

  /**
   * Posts one signed event to the customer's webhook. Anything but 2xx (or 409: taken already)
   * throws, so the job runner retries, as registries do.
   */
  async deliver(check: SandboxCheck, status: KybTransactionStatus, reason: KybReason | null): Promise<void> {
    if (status === "draft") return;
    const event: KybWebhookEvent = {
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      type: "check.updated",
      createdAt: new Date().toISOString(),
      data: { checkId: check.id, reference: check.reference, status, reason },
    };
    await postSignedWebhook({
      url: check.callbackUrl,
      header: KYB_SIGNATURE_HEADER,
      secret: this.env.config.KYB_WEBHOOK_SECRET,
      event,
      vendor: "kyb sandbox",
      fetch: this.env.fetch,
    });
  }
}
