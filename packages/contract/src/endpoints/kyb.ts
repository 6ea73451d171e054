import type { ErrorCode } from "../errors";
import { KYB_WRITES_PER_HOUR } from "../kyb";
import { idParamsSchema, slugParamsSchema } from "../schemas/common";
import {
  kybCompanyDetailsRequestSchema,
  kybDirectorCancelRequestSchema,
  kybDirectorInviteRequestSchema,
  kybDocumentParamsSchema,
  kybDocumentResponseSchema,
  kybLatestResponseSchema,
  kybStaffDecisionRequestSchema,
  kybStaffQueueResponseSchema,
  kybTransactionResponseSchema,
  kybWebhookParamsSchema,
} from "../schemas/kyb";
import { teamInviteRejectRequestSchema, teamInviteResponseSchema } from "../schemas/teams";
import { webhookReceiptResponseSchema } from "../schemas/verification";
import { endpoint } from "./define";

const tags = ["business verification"];
const editErrors: readonly ErrorCode[] = [
  "request_forbidden",
  "kybTransaction_notFound",
  "kybTransaction_notEditable",
];

/**
 * Business verification, KYB (issue 14; spec §7 "Company verification"), on API v1. The acting
 * company's transaction: create, company details, supported documents, director invites (cancel
 * possible), submit, latest. The directors answer under /users/me/companies/invites (by id, as
 * every company invitation, or by the company's handle for the invitation link's cookies).
 *
 * Who: the company's owners (`settings` scope) while acting as it; the level is participant, not
 * verified, since verifying is exactly what an unverified company does. Directors answering must
 * be verified people themselves (the service says so with user_notVerified).
 */
export const kybEndpoints = {
  create: endpoint({
    method: "POST",
    path: "/api/v1/companies/me/kyb-transactions",
    tags,
    summary: "Start the acting company's business verification (answers the open draft if there is one)",
    description:
      "Errors: 409 kybTransaction_alreadyVerified; 409 kybTransaction_inProgress (submitted, being checked); 409 kybTransaction_notAllowed (declined for good).",
    responses: { 201: kybTransactionResponseSchema },
    policy: { who: "participant", scope: "settings" },
    errors: [
      "request_forbidden",
      "kybTransaction_alreadyVerified",
      "kybTransaction_inProgress",
      "kybTransaction_notAllowed",
    ],
  }),
  companyDetails: endpoint({
    method: "PATCH",
    path: "/api/v1/companies/me/kyb-transactions/company-details",
    tags,
    summary:
      "Company details: legal name, registration number, country, registered address, incorporation date, website",
    description:
      'Errors: 422 kybTransaction_countryNotSupported ("Business profile is not available in the selected country"); 409 kybTransaction_notEditable.',
    body: kybCompanyDetailsRequestSchema,
    responses: { 200: kybTransactionResponseSchema },
    policy: { who: "participant", scope: "settings" },
    errors: [...editErrors, "kybTransaction_countryNotSupported"],
  }),
  uploadDocument: endpoint({
    method: "POST",
    path: "/api/v1/companies/me/kyb-transactions/supported-documents",
    tags,
    summary:
      "Add a supported document (multipart/form-data: `file`, a PDF, JPG or PNG up to 50 MB): kept encrypted",
    rawBody: true,
    responses: { 201: kybDocumentResponseSchema },
    policy: {
      who: "participant",
      scope: "settings",
      rateLimit: { max: KYB_WRITES_PER_HOUR, per: "hour", by: "account" },
    },
    errors: [
      ...editErrors,
      "kybTransaction_tooManyDocuments",
      "request_unsupportedMediaType",
      "request_payloadTooLarge",
      "file_tooLarge",
      "file_invalidType",
    ],
  }),
  readDocument: endpoint({
    method: "GET",
    path: "/api/v1/companies/me/kyb-transactions/supported-documents/:id",
    tags,
    summary: "One supported document, as uploaded (decrypted; never cached)",
    params: kybDocumentParamsSchema,
    responses: { 200: null },
    policy: { who: "participant", scope: "settings" },
    errors: ["request_forbidden", "kybTransaction_notFound"],
  }),
  removeDocument: endpoint({
    method: "DELETE",
    path: "/api/v1/companies/me/kyb-transactions/supported-documents/:id",
    tags,
    summary: "Remove a supported document while the transaction is a draft",
    params: kybDocumentParamsSchema,
    responses: { 204: null },
    policy: { who: "participant", scope: "settings" },
    errors: editErrors,
  }),
  inviteDirector: endpoint({
    method: "POST",
    path: "/api/v1/companies/me/kyb-transactions/director-invites",
    tags,
    summary: "Invite a director by email; they confirm as a verified person (mailed a link)",
    description:
      "Errors: 422 kybTransaction_directorInviteBlockedUser (the account is blocked); 422 kybTransaction_directorInviteInactiveUser (deleted, or declined verification for good: can never be verified); 409 kybTransaction_directorInviteAlreadyExists (invited already, or accepted); 422 kybTransaction_tooManyDirectors.",
    body: kybDirectorInviteRequestSchema,
    responses: { 201: kybTransactionResponseSchema },
    policy: {
      who: "participant",
      scope: "settings",
      rateLimit: { max: KYB_WRITES_PER_HOUR, per: "hour", by: "account" },
    },
    errors: [
      ...editErrors,
      "kybTransaction_directorInviteBlockedUser",
      "kybTransaction_directorInviteInactiveUser",
      "kybTransaction_directorInviteAlreadyExists",
      "kybTransaction_tooManyDirectors",
    ],
  }),
  cancelDirectorInvite: endpoint({
    method: "PATCH",
    path: "/api/v1/companies/me/kyb-transactions/director-invites/cancel",
    tags,
    summary: "Cancel a director's invitation (pending or accepted) while the transaction is a draft",
    body: kybDirectorCancelRequestSchema,
    responses: { 200: kybTransactionResponseSchema },
    policy: { who: "participant", scope: "settings" },
    errors: [...editErrors, "invite_notFound", "invite_unavailable"],
  }),
  submit: endpoint({
    method: "PATCH",
    path: "/api/v1/companies/me/kyb-transactions/submit",
    tags,
    summary:
      "Send the transaction to the registry; the decision follows (kybTransactions.updated, company.verified)",
    description:
      'Errors: 422 kybTransaction_detailsMissing; 422 kybTransaction_supportedDocumentsNotProvided ("Supported documents not provided"); 422 kybTransaction_directorsPending; 422 kybTransaction_directorsMissing; 422 kybTransaction_countryNotSupported.',
    responses: { 202: kybTransactionResponseSchema },
    policy: { who: "participant", scope: "settings" },
    errors: [
      ...editErrors,
      "kybTransaction_detailsMissing",
      "kybTransaction_supportedDocumentsNotProvided",
      "kybTransaction_directorsPending",
      "kybTransaction_directorsMissing",
      "kybTransaction_countryNotSupported",
    ],
  }),
  latest: endpoint({
    method: "GET",
    path: "/api/v1/companies/me/kyb-transactions/latest",
    tags,
    summary: "The acting company's latest transaction (null before the first)",
    responses: { 200: kybLatestResponseSchema },
    policy: { who: "active", scope: "settings" },
    errors: ["request_forbidden"],
  }),
  officerInviteBySlug: endpoint({
    method: "GET",
    path: "/api/v1/users/me/companies/invites/by-company/:slug",
    tags,
    summary: "The signed-in person's open director invitation from the company with this handle (slug-kyb)",
    description:
      "Errors: 404 invite_notFound (no open invitation for this person); 409 invite_unavailable (§8: no longer available).",
    params: slugParamsSchema,
    responses: { 200: teamInviteResponseSchema },
    policy: { who: "active", allowLostActingProfile: true },
    errors: ["invite_notFound", "invite_unavailable"],
  }),
  acceptOfficerInviteBySlug: endpoint({
    method: "PATCH",
    path: "/api/v1/users/me/companies/invites/by-company/:slug/accept",
    tags,
    summary: "Confirm being a director of the company with this handle (status-kyb=accept)",
    description: "Errors: 403 user_notVerified (verify first); 404 invite_notFound; 409 invite_unavailable.",
    params: slugParamsSchema,
    responses: { 200: teamInviteResponseSchema },
    policy: { who: "active", allowLostActingProfile: true },
    errors: ["invite_notFound", "invite_unavailable", "user_notVerified"],
  }),
  rejectOfficerInviteBySlug: endpoint({
    method: "PATCH",
    path: "/api/v1/users/me/companies/invites/by-company/:slug/reject",
    tags,
    summary:
      "Decline the director invitation of the company with this handle, with a reason (status-kyb=reject)",
    params: slugParamsSchema,
    body: teamInviteRejectRequestSchema,
    responses: { 200: teamInviteResponseSchema },
    policy: { who: "active", allowLostActingProfile: true },
    errors: ["invite_notFound", "invite_unavailable"],
  }),
  webhook: endpoint({
    method: "POST",
    path: "/api/v1/webhooks/kyb/:provider",
    tags,
    summary:
      "The business registry's decisions: a signed event (sandbox: header x-kyb-signature: t=<unix seconds>,v1=<HMAC-SHA256 hex of `t.body`>)",
    params: kybWebhookParamsSchema,
    rawBody: true,
    responses: { 200: webhookReceiptResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 600, per: "minute", by: "address" } },
    security: [],
    errors: [
      "webhook_invalidSignature",
      "webhook_replayed",
      "kybTransaction_notFound",
      "kybTransaction_alreadyDecided",
      "request_malformed",
    ],
  }),
  staffQueue: endpoint({
    method: "GET",
    path: "/api/v1/staff/kyb/queue",
    tags,
    summary: "Staff: business verifications waiting for a manual review (pending_admin_action)",
    responses: { 200: kybStaffQueueResponseSchema },
    policy: { who: "admin" },
  }),
  staffDocument: endpoint({
    method: "GET",
    path: "/api/v1/staff/kyb/documents/:id",
    tags,
    summary: "Staff (admin): one supported document of a transaction (decrypted; never cached)",
    params: kybDocumentParamsSchema,
    responses: { 200: null },
    policy: { who: "admin" },
    errors: ["kybTransaction_notFound"],
  }),
  staffDecide: endpoint({
    method: "POST",
    path: "/api/v1/staff/kyb/transactions/:id/decision",
    tags,
    summary: "Staff (admin): accept or reject a business verification waiting for manual review",
    params: idParamsSchema,
    body: kybStaffDecisionRequestSchema,
    responses: { 200: kybTransactionResponseSchema },
    policy: { who: "admin" },
    errors: ["kybTransaction_notFound", "kybTransaction_alreadyDecided"],
  }),
};
