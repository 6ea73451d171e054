import { idParamsSchema } from "../schemas/common";
import {
  appealLinkParamsSchema,
  moderationActionResponseSchema,
  moderationActRequestSchema,
  moderationAppealDecisionRequestSchema,
  moderationAppealsQuerySchema,
  moderationApprovalRequestSchema,
  moderationBulkRequestSchema,
  moderationBulkResponseSchema,
  moderationQueueQuerySchema,
  moderationQueueResponseSchema,
  moderationSubjectResponseSchema,
  moderationWaitingListResponseSchema,
  strikeAppealRequestSchema,
  strikeResponseSchema,
  strikesResponseSchema,
} from "../schemas/moderation";
import { endpoint } from "./define";

const tags = ["moderation"];

/**
 * Trust and safety (issue 16): the review queue and staff actions, and the person's side (their
 * strikes and the one appeal each allows).
 *
 * Who: moderators and admins both review reports, act and decide appeals (product decisions
 * "Staff": moderators handle reports, content and appeals). Admin-only: approving or refusing a
 * suspension of a verified account (the second pair of eyes, never the proposer's own), and acting
 * on a subject a moderator escalated (the service answers request_forbidden to a moderator).
 * Deciding an appeal is for someone other than who took the action.
 */
export const moderationEndpoints = {
  queue: endpoint({
    method: "GET",
    path: "/api/v1/staff/moderation/subjects",
    tags,
    summary: "Staff: the review queue in one state (open, escalated, closed), highest priority first",
    query: moderationQueueQuerySchema,
    responses: { 200: moderationQueueResponseSchema },
    policy: { who: "staff" },
  }),
  subject: endpoint({
    method: "GET",
    path: "/api/v1/staff/moderation/subjects/:id",
    tags,
    summary:
      "Staff: one subject — what is reported (a message alone, never its conversation), its reports by reason, the reporters' track record, the log and the strikes",
    params: idParamsSchema,
    responses: { 200: moderationSubjectResponseSchema },
    policy: { who: "staff" },
    errors: ["moderation_notFound"],
  }),
  act: endpoint({
    method: "POST",
    path: "/api/v1/staff/moderation/subjects/:id/actions",
    tags,
    summary:
      "Staff: dismiss, escalate, remove, warn, limit or suspend, naming the subject's version seen (a stale one answers 409 with the subject as it is)",
    params: idParamsSchema,
    body: moderationActRequestSchema,
    responses: { 200: moderationSubjectResponseSchema },
    policy: { who: "staff" },
    errors: [
      "moderation_notFound",
      "moderation_subjectChanged",
      "moderation_actionNotAllowed",
      "moderation_alreadyPending",
    ],
  }),
  bulk: endpoint({
    method: "POST",
    path: "/api/v1/staff/moderation/subjects/bulk",
    tags,
    summary: "Staff: dismiss, escalate or close many subjects at once — all of them, or none if one changed",
    body: moderationBulkRequestSchema,
    responses: { 200: moderationBulkResponseSchema },
    policy: { who: "staff" },
    errors: ["moderation_notFound", "moderation_subjectChanged"],
  }),
  approvals: endpoint({
    method: "GET",
    path: "/api/v1/staff/moderation/approvals",
    tags,
    summary: "Staff: suspensions of verified accounts waiting for a second staff member's approval",
    query: moderationAppealsQuerySchema,
    responses: { 200: moderationWaitingListResponseSchema },
    policy: { who: "staff" },
  }),
  approve: endpoint({
    method: "POST",
    path: "/api/v1/staff/moderation/actions/:id/approval",
    tags,
    summary:
      "Admin: approve (the account is suspended) or refuse (cancelled) a suspension another staff member proposed",
    params: idParamsSchema,
    body: moderationApprovalRequestSchema,
    responses: { 200: moderationActionResponseSchema },
    policy: { who: "admin" },
    errors: ["moderation_notFound", "moderation_ownDecision", "moderation_notPending"],
  }),
  appeals: endpoint({
    method: "GET",
    path: "/api/v1/staff/moderation/appeals",
    tags,
    summary: "Staff: appealed strikes, waiting ones (oldest first) or decided ones (newest first)",
    query: moderationAppealsQuerySchema,
    responses: { 200: moderationWaitingListResponseSchema },
    policy: { who: "staff" },
  }),
  decideAppeal: endpoint({
    method: "POST",
    path: "/api/v1/staff/moderation/actions/:id/appeal/decision",
    tags,
    summary:
      "Staff: grant an appeal (the action is reversed: content back, limit or suspension lifted) or deny it (it stays)",
    params: idParamsSchema,
    body: moderationAppealDecisionRequestSchema,
    responses: { 200: moderationActionResponseSchema },
    policy: { who: "staff" },
    errors: ["moderation_notFound", "moderation_ownDecision", "moderation_notPending"],
  }),
  strikes: endpoint({
    method: "GET",
    path: "/api/v1/users/me/strikes",
    tags,
    summary: "The person's strikes: what staff decided, why, and where each appeal stands",
    responses: { 200: strikesResponseSchema },
    policy: { who: "session", allowLostActingProfile: true },
  }),
  appealStrike: endpoint({
    method: "POST",
    path: "/api/v1/users/me/strikes/:id/appeal",
    tags,
    summary: "Appeal a strike, once (a second appeal answers 409)",
    params: idParamsSchema,
    body: strikeAppealRequestSchema,
    responses: { 201: strikeResponseSchema },
    policy: {
      who: "session",
      allowLostActingProfile: true,
      rateLimit: { max: 10, per: "hour", by: "account" },
    },
    errors: ["moderation_notFound", "appeal_alreadySubmitted", "moderation_appealNotAllowed"],
  }),
  appealLink: endpoint({
    method: "GET",
    path: "/api/v1/moderation/appeal-links/:token",
    tags,
    summary:
      "The strike behind a suspended person's signed appeal link (they cannot sign in; the token is the credential)",
    params: appealLinkParamsSchema,
    responses: { 200: strikeResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 30, per: "minute", by: "address" } },
    security: [],
    errors: ["moderation_appealLinkInvalid"],
  }),
  appealByLink: endpoint({
    method: "POST",
    path: "/api/v1/moderation/appeal-links/:token",
    tags,
    summary: "Appeal a suspension through the signed link from its mail, once",
    params: appealLinkParamsSchema,
    body: strikeAppealRequestSchema,
    responses: { 201: strikeResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 10, per: "hour", by: "address" } },
    security: [],
    errors: ["moderation_appealLinkInvalid", "appeal_alreadySubmitted", "moderation_appealNotAllowed"],
  }),
};
