import { z } from "zod";
import { verificationStatuses } from "../enums";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { cleanText } from "../text";
import {
  IDV_APPEAL_MESSAGE_MAX,
  IDV_APPEAL_MESSAGE_MIN,
  idvAppealStatuses,
  idvCaptureSides,
  idvDocumentTypes,
  idvImageSides,
  idvReasonCodes,
  idvStaffDecisions,
  idvStaffReasonCodes,
  idvStages,
  idvTransactionStatuses,
  verificationScreens,
} from "../verification";
import { userText } from "./common";

/**
 * Identity verification (issue 12): the person's state, the calls that move it, the sandbox
 * vendor's hosted capture calls, the vendor's webhook and the staff decisions.
 */

const isoDate = z.string();

export const idvReasonSchema = z.object({
  code: z.enum(idvReasonCodes as [string, ...string[]]),
  text: z.string(),
  fixable: z.boolean(),
});

export const idvTransactionSchema = z.object({
  id: z.string(),
  status: z.enum(idvTransactionStatuses),
  /** capture: the person has not sent the capture yet; processing: the vendor has it; decided. */
  stage: z.enum(idvStages),
  provider: z.string(),
  country: z.string(),
  documentType: z.enum(idvDocumentTypes).nullable(),
  /** The last four characters of the document number; the rest is never kept. */
  documentNumberEnd: z.string().nullable(),
  reason: idvReasonSchema.nullable(),
  /** Attempt 1 is the first; each retry after a fixable rejection adds one. */
  attempt: z.number().int(),
  /** Where the capture continues while the stage is `capture` (the vendor's hosted page). */
  captureUrl: z.string().nullable(),
  /** What a request for information asks for (pending_user_action). */
  requestedDocuments: z.string().nullable(),
  /** Extra documents uploaded for the request, not sent yet. */
  extraDocuments: z.array(z.object({ id: z.string(), createdAt: isoDate })),
  createdAt: isoDate,
  submittedAt: isoDate.nullable(),
  decidedAt: isoDate.nullable(),
});
export type IdvTransaction = z.infer<typeof idvTransactionSchema>;

export const idvAppealSchema = z.object({
  id: z.string(),
  status: z.enum(idvAppealStatuses),
  message: z.string(),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
});

/** GET /users/me/verification: where the person stands and what they may do next. */
export const verificationStateSchema = z.object({
  status: z.enum(verificationStatuses),
  summary: z.enum(["verified", "pending", "rejected", "access restricted"]),
  verifiedAt: isoDate.nullable(),
  /** The §2 screen that shows this state (the /verification hub redirects there). */
  screen: z.enum(verificationScreens),
  /** A new attempt may start now (first one, after a failure, or a retry after a fixable rejection). */
  canStart: z.boolean(),
  retriesLeft: z.number().int(),
  canAppeal: z.boolean(),
  transaction: idvTransactionSchema.nullable(),
  appeal: idvAppealSchema.nullable(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;
export const verificationStateResponseSchema = z.object({ data: verificationStateSchema });

/** An ISO 3166-1 alpha-2 country code, upper-cased (identity and business verification). */
export const countryCodeSchema = userText()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, sharedMessages.invalidCountry));

export const startVerificationRequestSchema = z.object({ country: countryCodeSchema });
export type StartVerificationRequest = z.input<typeof startVerificationRequestSchema>;
export const startVerificationResponseSchema = z.object({
  data: z.object({ state: verificationStateSchema, captureUrl: z.string() }),
});

export const appealRequestSchema = z.object({
  message: userText({ error: sharedMessages.fieldRequired })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(IDV_APPEAL_MESSAGE_MIN, format(sharedMessages.minChars, { count: IDV_APPEAL_MESSAGE_MIN }))
        .max(IDV_APPEAL_MESSAGE_MAX, format(sharedMessages.maxChars, { count: IDV_APPEAL_MESSAGE_MAX })),
    ),
});
export type AppealRequest = z.input<typeof appealRequestSchema>;

export const verificationDocumentResponseSchema = z.object({
  data: z.object({ id: z.string(), createdAt: isoDate }),
});
export const documentIdParamsSchema = z.object({
  documentId: z.uuid({ error: validationMessages.verificationNotFound }),
});

// The sandbox vendor's hosted capture page (/jumio) ----------------------------------------------

export const captureSessionParamsSchema = z.object({
  token: userText().regex(/^[A-Za-z0-9_-]{20,100}$/, validationMessages.verificationSessionExpired),
});
export const captureSessionSchema = z.object({
  status: z.enum(["open", "submitted", "expired"]),
  country: z.string(),
  documentTypes: z.array(z.enum(idvDocumentTypes)),
  /** Which of the capture's images have arrived. */
  images: z.object({ front: z.boolean(), back: z.boolean(), selfie: z.boolean() }),
  /** Where the person goes back to when done (our /verification/processing). */
  returnUrl: z.string(),
  expiresAt: isoDate,
});
export const captureSessionResponseSchema = z.object({ data: captureSessionSchema });
export const captureImageResponseSchema = z.object({
  data: z.object({ side: z.enum(idvCaptureSides), width: z.number().int(), height: z.number().int() }),
});
export const captureSubmitRequestSchema = z.object({
  documentType: z.enum(idvDocumentTypes, { error: sharedMessages.fieldRequired }),
  documentNumber: userText({ error: sharedMessages.fieldRequired })
    .trim()
    .pipe(
      z
        .string()
        .min(4, format(sharedMessages.minChars, { count: 4 }))
        .max(30, format(sharedMessages.maxChars, { count: 30 }))
        .regex(/^[A-Za-z0-9 -]+$/, validationMessages.invalidRequest),
    ),
});
export type CaptureSubmitRequest = z.input<typeof captureSubmitRequestSchema>;
export const captureSubmitResponseSchema = z.object({ data: z.object({ returnUrl: z.string() }) });

// The vendor's webhook ---------------------------------------------------------------------------

/** What the sandbox vendor posts (signed): one event about one transaction. */
export const idvWebhookEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.literal("transaction.updated"),
  createdAt: isoDate,
  data: z.object({
    /** The vendor's session id. */
    sessionId: z.string().min(1).max(100),
    /** Our transaction id, given to the vendor as its reference. */
    reference: z.string().min(1).max(100),
    status: z.enum(idvTransactionStatuses),
    reason: z.enum(idvReasonCodes as [string, ...string[]]).nullable(),
    /** What a request for information asks for. */
    requestedDocuments: z.string().max(500).nullable().optional(),
    documentType: z.enum(idvDocumentTypes).nullable().optional(),
    documentNumberEnd: z.string().max(4).nullable().optional(),
  }),
});
export type IdvWebhookEvent = z.infer<typeof idvWebhookEventSchema>;
export const webhookProviderParamsSchema = z.object({ provider: z.enum(["sandbox", "jumio"]) });
export const webhookReceiptResponseSchema = z.object({ data: z.object({ received: z.literal(true) }) });

// Staff ------------------------------------------------------------------------------------------

/**
 * A staff decision on a verification waiting for a person (identity or business): accepted, or
 * rejected with one of the verification's reasons (a final one, or a fixable one allowing a retry).
 */
export function staffDecisionSchema(reasonCodes: readonly string[]) {
  return z
    .object({
      decision: z.enum(idvStaffDecisions, { error: sharedMessages.fieldRequired }),
      /** Required for a rejection. */
      reason: z.enum(reasonCodes as [string, ...string[]]).optional(),
      note: userText().transform(cleanText).pipe(z.string().max(2000)).optional(),
    })
    .refine((value) => value.decision === "accepted" || value.reason, {
      path: ["reason"],
      message: sharedMessages.fieldRequired,
    });
}

export const staffDecisionRequestSchema = staffDecisionSchema(idvStaffReasonCodes);
export type StaffDecisionRequest = z.input<typeof staffDecisionRequestSchema>;

export const appealDecisionRequestSchema = z.object({
  decision: z.enum(idvStaffDecisions, { error: sharedMessages.fieldRequired }),
  note: userText().transform(cleanText).pipe(z.string().max(2000)).optional(),
});
export type AppealDecisionRequest = z.input<typeof appealDecisionRequestSchema>;

export const staffQueueItemSchema = z.object({
  kind: z.enum(["transaction", "appeal"]),
  person: z.object({ userId: z.string(), name: z.string(), slug: z.string().nullable(), email: z.string() }),
  transaction: idvTransactionSchema,
  appeal: idvAppealSchema.nullable(),
  documents: z.array(z.object({ id: z.string(), side: z.enum(idvImageSides), createdAt: isoDate })),
});
export const staffQueueResponseSchema = z.object({ data: z.array(staffQueueItemSchema) });
export const staffDecisionResponseSchema = z.object({ data: verificationStateSchema });
