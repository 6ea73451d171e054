import {
  AppError,
  type IdvReason,
  type IdvTransactionStatus,
  type IdvWebhookEvent,
  idvWebhookEventSchema,
} from "@vn/contract";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Config } from "../../config";
import type { IdentityProvider, IdentitySessionRequest } from "./types";

/**
 * Jumio (KYX platform, API v1 "accounts"), the real vendor beside the sandbox (IDV_PROVIDER=jumio).
 *
 * - OAuth2 client credentials at JUMIO_AUTH_URL/oauth2/token give a bearer token (kept until a
 *   minute before it expires).
 * - A session is an account with a workflow execution: POST /api/v1/accounts with our transaction
 *   id as `customerInternalReference`, our webhook as `callbackUrl`, and the workflow to run; the
 *   answer's `web.href` is the hosted capture page. The account id is the session id.
 * - Jumio's callbacks are not signed: a callback only names an account and a workflow execution.
 *   We read the result back from Jumio's API with our own credentials, so a forged callback can
 *   at most make us read the truth; the event id is the execution, its status and its decision.
 * - More documents (a request for information) are a second workflow on the same account, whose
 *   document credential takes the files, then is finalised.
 */
export const jumioCallbackSchema = z.object({
  callbackSentAt: z.string().optional(),
  workflowExecution: z.object({ id: z.string().min(1).max(100), status: z.string().max(50).optional() }),
  account: z.object({ id: z.string().min(1).max(100) }),
});

const executionSchema = z.object({
  workflow: z.object({
    id: z.string(),
    status: z.string(),
    customerInternalReference: z.string(),
  }),
  account: z.object({ id: z.string() }),
  decision: z
    .object({
      type: z.string(),
      details: z.object({ label: z.string().optional() }).optional(),
    })
    .optional(),
});

/** Jumio's rejection labels → our reason codes (the ones a person can fix say so). */
const reasonOfLabel: Record<string, IdvReason> = {
  BAD_QUALITY: "document_unreadable",
  BLURRED: "document_unreadable",
  GLARE: "document_unreadable",
  PARTIAL_IMAGE: "document_unreadable",
  MISSING_BACK: "document_unreadable",
  EXPIRED: "document_expired",
  NOT_MATCHING: "selfie_mismatch",
  LIVENESS_FAILED: "selfie_mismatch",
  FRAUD: "document_fraudulent",
  MANIPULATED_DOCUMENT: "document_fraudulent",
  DIGITAL_COPY: "document_fraudulent",
  UNDERAGE: "underage",
};

export function jumioOutcome(execution: z.infer<typeof executionSchema>): {
  status: IdvTransactionStatus;
  reason: IdvReason | null;
} {
  const workflow = execution.workflow.status;
  if (workflow === "SESSION_EXPIRED" || workflow === "TOKEN_EXPIRED")
    return { status: "failed", reason: "session_expired" };
  if (workflow !== "PROCESSED") return { status: "pending", reason: null };
  switch (execution.decision?.type) {
    case "PASSED":
      return { status: "accepted", reason: null };
    case "REJECTED":
      return {
        status: "rejected",
        reason: reasonOfLabel[execution.decision.details?.label ?? ""] ?? "manual_review_rejected",
      };
    case "WARNING":
      // Jumio is unsure: a person at our side decides.
      return { status: "pending_admin_action", reason: null };
    default:
      return { status: "failed", reason: "technical_failure" };
  }
}

export interface JumioSettings {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  authUrl: string;
  workflowKey: string;
  documentWorkflowKey: string;
}

export function jumioSettings(config: Config): JumioSettings {
  return {
    clientId: config.JUMIO_CLIENT_ID ?? "",
    clientSecret: config.JUMIO_CLIENT_SECRET ?? "",
    apiUrl: config.JUMIO_API_URL,
    authUrl: config.JUMIO_AUTH_URL,
    workflowKey: config.JUMIO_WORKFLOW_KEY,
    documentWorkflowKey: config.JUMIO_DOCUMENT_WORKFLOW_KEY,
  };
}

export class JumioIdentityVendor implements IdentityProvider {
  readonly name = "jumio" as const;
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly settings: JumioSettings,
    private readonly env: { log: FastifyBaseLogger; fetch?: typeof fetch },
  ) {}

  private get send(): typeof fetch {
    return this.env.fetch ?? fetch;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString("base64");
    const response = await this.send(new URL("/oauth2/token", this.settings.authUrl), {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`jumio: token request answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error("jumio: token answer without access_token");
    this.token = {
      value: body.access_token,
      until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000,
    };
    return this.token.value;
  }

  private async call(method: string, url: string, body?: unknown): Promise<Response> {
    const response = await this.send(url, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        accept: "application/json",
        "user-agent": "VerifiedNetwork/1.0",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return response;
  }

  private async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call(method, new URL(path, this.settings.apiUrl).toString(), body);
    if (!response.ok) throw new Error(`jumio: ${method} ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  async createSession(request: IdentitySessionRequest): Promise<{ sessionId: string; captureUrl: string }> {
    const created = await this.json<{ account?: { id?: string }; web?: { href?: string } }>(
      "POST",
      "/api/v1/accounts",
      {
        customerInternalReference: request.reference,
        userReference: request.reference,
        callbackUrl: request.callbackUrl,
        workflowDefinition: { key: Number(this.settings.workflowKey) || this.settings.workflowKey },
        web: { successUrl: request.returnUrl, errorUrl: request.returnUrl },
      },
    );
    if (!created.account?.id || !created.web?.href)
      throw new Error("jumio: account answer without id or web.href");
    return { sessionId: created.account.id, captureUrl: created.web.href };
  }

  async sendDocuments(sessionId: string, documents: Array<{ mime: string; bytes: Buffer }>): Promise<void> {
    if (documents.length === 0) throw new AppError("verification_documentsRequired");
    const accountPath = `/api/v1/accounts/${encodeURIComponent(sessionId)}`;
    const workflow = await this.json<{
      workflowExecution?: { credentials?: Array<{ api?: { parts?: { document?: string } } }> };
      api?: { workflowExecution?: string };
    }>("PUT", accountPath, {
      workflowDefinition: {
        key: Number(this.settings.documentWorkflowKey) || this.settings.documentWorkflowKey,
        credentials: [{ category: "DOCUMENT" }],
      },
    });
    const partUrl = workflow.workflowExecution?.credentials?.[0]?.api?.parts?.document;
    const finalise = workflow.api?.workflowExecution;
    if (!partUrl || !finalise)
      throw new Error("jumio: document workflow answer without its upload or finalise address");
    for (const [index, document] of documents.entries()) {
      const form = new FormData();
      form.append(
        "file",
        new Blob([new Uint8Array(document.bytes)], { type: document.mime }),
        `document-${index + 1}.jpg`,
      );
      const response = await this.send(partUrl, {
        method: "POST",
        headers: { authorization: `Bearer ${await this.accessToken()}`, accept: "application/json" },
        body: form,
        signal: AbortSignal.timeout(60_000),
      });
      if (!response.ok) throw new Error(`jumio: document part answered ${response.status}`);
    }
    const finalised = await this.call("PUT", finalise);
    if (!finalised.ok)
      throw new Error(`jumio: finalising the document workflow answered ${finalised.status}`);
  }

  async readWebhook(rawBody: string): Promise<IdvWebhookEvent> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new AppError("request_malformed");
    }
    const callback = jumioCallbackSchema.safeParse(parsed);
    if (!callback.success)
      throw new AppError("request_malformed", { details: { reason: "not a Jumio callback" } });
    const { account, workflowExecution } = callback.data;
    const path = `/api/v1/accounts/${encodeURIComponent(account.id)}/workflow-executions/${encodeURIComponent(workflowExecution.id)}`;
    const response = await this.call("GET", new URL(path, this.settings.apiUrl).toString());
    // Jumio does not know it: the callback did not come from Jumio.
    if (response.status === 404 || response.status === 403) {
      throw new AppError("webhook_invalidSignature", { details: { reason: "unknown to the vendor" } });
    }
    if (!response.ok) throw new Error(`jumio: reading a workflow execution answered ${response.status}`);
    const execution = executionSchema.safeParse(await response.json());
    if (!execution.success || execution.data.account.id !== account.id) {
      throw new AppError("webhook_invalidSignature", {
        details: { reason: "the vendor's answer does not match" },
      });
    }
    const outcome = jumioOutcome(execution.data);
    return idvWebhookEventSchema.parse({
      id: `${execution.data.workflow.id}:${execution.data.workflow.status}:${execution.data.decision?.type ?? "-"}`.slice(
        0,
        100,
      ),
      type: "transaction.updated",
      createdAt: new Date().toISOString(),
      data: {
        sessionId: account.id,
        reference: execution.data.workflow.customerInternalReference,
        status: outcome.status,
        reason: outcome.reason,
        requestedDocuments: null,
      },
    });
  }
}
