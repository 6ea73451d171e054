import {
  auditListQuerySchema,
  auditListResponseSchema,
  dashboardResponseSchema,
  feedbackListQuerySchema,
  feedbackListResponseSchema,
  leadListQuerySchema,
  leadListResponseSchema,
  leadResponseSchema,
  leadUpdateRequestSchema,
} from "../schemas/backoffice";
import { idParamsSchema } from "../schemas/common";
import { endpoint } from "./define";

const tags = ["backoffice"];

/**
 * The back-office's records (issue 16): the dashboard, sales leads, feedback (moderators and
 * admins) and the audit log (admins). Invisible to everyone else: the guard answers 404.
 */
export const backofficeEndpoints = {
  dashboard: endpoint({
    method: "GET",
    path: "/api/v1/staff/dashboard",
    tags,
    summary:
      "Staff: the last 30 days — reports by reason, time to first action, verifications by outcome, sign-ups — and active subscriptions by plan",
    responses: { 200: dashboardResponseSchema },
    policy: { who: "staff" },
  }),
  leads: endpoint({
    method: "GET",
    path: "/api/v1/staff/leads",
    tags,
    summary: "Staff: enterprise enquiries and ad consultations, newest first, by kind and status",
    query: leadListQuerySchema,
    responses: { 200: leadListResponseSchema },
    policy: { who: "staff" },
  }),
  updateLead: endpoint({
    method: "PATCH",
    path: "/api/v1/staff/leads/:id",
    tags,
    summary: "Staff: change a lead's status or note, naming the version seen (409 lead_changed when stale)",
    params: idParamsSchema,
    body: leadUpdateRequestSchema,
    responses: { 200: leadResponseSchema },
    policy: { who: "staff" },
    errors: ["request_notFound", "lead_changed"],
  }),
  feedback: endpoint({
    method: "GET",
    path: "/api/v1/staff/feedback",
    tags,
    summary: "Staff: feedback as sent, newest first, with its sender",
    query: feedbackListQuerySchema,
    responses: { 200: feedbackListResponseSchema },
    policy: { who: "staff" },
  }),
  audit: endpoint({
    method: "GET",
    path: "/api/v1/staff/audit",
    tags,
    summary: "Admin: the audit log, newest first, by actor, resource, action and time",
    query: auditListQuerySchema,
    responses: { 200: auditListResponseSchema },
    policy: { who: "admin" },
  }),
};
