import type { ErrorCode } from "../errors";
import { idParamsSchema } from "../schemas/common";
import {
  appealDecisionRequestSchema,
  appealRequestSchema,
  captureImageResponseSchema,
  captureSessionParamsSchema,
  captureSessionResponseSchema,
  captureSubmitRequestSchema,
  captureSubmitResponseSchema,
  documentIdParamsSchema,
  staffDecisionRequestSchema,
  staffDecisionResponseSchema,
  staffQueueResponseSchema,
  startVerificationRequestSchema,
  startVerificationResponseSchema,
  verificationDocumentResponseSchema,
  verificationStateResponseSchema,
  webhookProviderParamsSchema,
  webhookReceiptResponseSchema,
} from "../schemas/verification";
import { IDV_STARTS_PER_HOUR } from "../verification";
import { endpoint } from "./define";

const tags = ["verification"];
const imageErrors: readonly ErrorCode[] = [
  "request_unsupportedMediaType",
  "request_payloadTooLarge",
  "file_tooLarge",
  "file_invalidType",
  "file_imageTooSmall",
  "file_imageDimensionsTooLarge",
  "file_damaged",
];

/**
 * Identity verification (issue 12), on API v1. The person's own state and the steps that move it;
 * the sandbox vendor's hosted capture calls (the /jumio page: its session token is the credential,
 * as a vendor's link is); the vendor's signed webhook; staff decisions until the back-office lands.
 *
 * Who: looking at one's state is for any signed-in person; starting needs a finished profile and
 * an account that is not read-only (participant); appealing is exactly for the read-only ones
 * (the service checks the status); staff decide as admins (product decisions: admin decides
 * verification; moderators decide appeals).
 */
export const verificationEndpoints = {
  state: endpoint({
    method: "GET",
    path: "/api/v1/users/me/verification",
    tags,
    summary: "Where the person's identity verification stands, and what they may do next (§4 summary view)",
    responses: { 200: verificationStateResponseSchema },
    policy: { who: "session", allowLostActingProfile: true },
  }),
  start: endpoint({
    method: "POST",
    path: "/api/v1/users/me/verification/transactions",
    tags,
    summary:
      "Start verification (or a retry after a fixable rejection): opens a session at the vendor and answers the hosted capture page's address",
    body: startVerificationRequestSchema,
    responses: { 201: startVerificationResponseSchema },
    // `active`, not `participant`: a read-only person is answered by the service with why
    // (verification_retryLimitReached after the last retry, verification_notAllowed otherwise).
    policy: {
      who: "active",
      allowLostActingProfile: true,
      rateLimit: { max: IDV_STARTS_PER_HOUR, per: "hour", by: "account" },
    },
    errors: [
      "verification_countryUnavailable",
      "verification_inProgress",
      "verification_notAllowed",
      "verification_retryLimitReached",
    ],
  }),
  uploadDocument: endpoint({
    method: "POST",
    path: "/api/v1/users/me/verification/documents",
    tags,
    summary:
      "Add a document the vendor asked for (multipart/form-data: `file`, an image): kept encrypted until it is sent",
    rawBody: true,
    responses: { 201: verificationDocumentResponseSchema },
    policy: {
      who: "participant",
      allowLostActingProfile: true,
      rateLimit: { max: 30, per: "hour", by: "account" },
    },
    errors: ["verification_noDocumentsRequested", "verification_tooManyDocuments", ...imageErrors],
  }),
  removeDocument: endpoint({
    method: "DELETE",
    path: "/api/v1/users/me/verification/documents/:documentId",
    tags,
    summary: "Remove a document not sent yet",
    params: documentIdParamsSchema,
    responses: { 204: null },
    policy: { who: "participant", allowLostActingProfile: true },
    errors: ["verification_notFound", "verification_noDocumentsRequested"],
  }),
  submitDocuments: endpoint({
    method: "POST",
    path: "/api/v1/users/me/verification/documents/submit",
    tags,
    summary: "Send the added documents to the vendor: the transaction is checked again",
    responses: { 202: verificationStateResponseSchema },
    policy: { who: "participant", allowLostActingProfile: true },
    errors: ["verification_noDocumentsRequested", "verification_documentsRequired"],
  }),
  appeal: endpoint({
    method: "POST",
    path: "/api/v1/users/me/verification/appeal",
    tags,
    summary: "Appeal a final rejection, once, with a message; staff decide it",
    body: appealRequestSchema,
    responses: { 201: verificationStateResponseSchema },
    policy: {
      who: "active",
      allowLostActingProfile: true,
      rateLimit: { max: 10, per: "hour", by: "account" },
    },
    errors: ["appeal_alreadySubmitted", "appeal_notAllowed"],
  }),
  webhook: endpoint({
    method: "POST",
    path: "/api/v1/webhooks/identity/:provider",
    tags,
    summary:
      "The identity vendor's decisions: a signed event (header x-idv-signature: t=<unix seconds>,v1=<HMAC-SHA256 hex of `t.body`>)",
    params: webhookProviderParamsSchema,
    rawBody: true,
    responses: { 200: webhookReceiptResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 600, per: "minute", by: "address" } },
    security: [],
    errors: [
      "webhook_invalidSignature",
      "webhook_replayed",
      "verification_notFound",
      "verification_alreadyDecided",
      "request_malformed",
    ],
  }),
  captureSession: endpoint({
    method: "GET",
    path: "/api/v1/identity-sandbox/sessions/:token",
    tags,
    summary: "Sandbox vendor: the hosted capture session behind /jumio (its token is the credential)",
    params: captureSessionParamsSchema,
    responses: { 200: captureSessionResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 120, per: "minute", by: "address" } },
    security: [],
    errors: ["verification_notFound"],
  }),
  captureImage: endpoint({
    method: "POST",
    path: "/api/v1/identity-sandbox/sessions/:token/images",
    tags,
    summary:
      "Sandbox vendor: one capture image (multipart/form-data: `side` front | back | selfie, then `file`); a second one of a side replaces the first",
    params: captureSessionParamsSchema,
    rawBody: true,
    responses: { 201: captureImageResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 60, per: "minute", by: "address" } },
    security: [],
    errors: ["verification_notFound", "verification_sessionExpired", ...imageErrors],
  }),
  captureSubmit: endpoint({
    method: "POST",
    path: "/api/v1/identity-sandbox/sessions/:token/submit",
    tags,
    summary: "Sandbox vendor: send the capture for checking; the decision follows by webhook",
    params: captureSessionParamsSchema,
    body: captureSubmitRequestSchema,
    responses: { 202: captureSubmitResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 30, per: "minute", by: "address" } },
    security: [],
    errors: ["verification_notFound", "verification_sessionExpired", "verification_captureIncomplete"],
  }),
  staffQueue: endpoint({
    method: "GET",
    path: "/api/v1/staff/verification/queue",
    tags,
    summary:
      "Staff: transactions waiting for a person (pending_admin_action; admins only) and appeals waiting for a decision",
    responses: { 200: staffQueueResponseSchema },
    policy: { who: "staff" },
  }),
  staffDocument: endpoint({
    method: "GET",
    path: "/api/v1/staff/verification/documents/:documentId",
    tags,
    summary:
      "Staff: one document image of a transaction under review (decrypted; never cached); a moderator only those of an appeal waiting for a decision",
    params: documentIdParamsSchema,
    responses: { 200: null },
    policy: { who: "staff" },
    errors: ["verification_notFound"],
  }),
  staffDecideTransaction: endpoint({
    method: "POST",
    path: "/api/v1/staff/verification/transactions/:id/decision",
    tags,
    summary: "Staff (admin): accept or reject a transaction waiting for manual review",
    params: idParamsSchema,
    body: staffDecisionRequestSchema,
    responses: { 200: staffDecisionResponseSchema },
    policy: { who: "admin" },
    errors: ["verification_notFound", "verification_alreadyDecided"],
  }),
  staffDecideAppeal: endpoint({
    method: "POST",
    path: "/api/v1/staff/verification/appeals/:id/decision",
    tags,
    summary: "Staff (moderator or admin): accept an appeal (the person is verified) or reject it (final)",
    params: idParamsSchema,
    body: appealDecisionRequestSchema,
    responses: { 200: staffDecisionResponseSchema },
    policy: { who: "staff" },
    errors: ["appeal_notFound", "verification_alreadyDecided"],
  }),
};
