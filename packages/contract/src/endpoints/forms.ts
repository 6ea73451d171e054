import { FEEDBACK_PER_HOUR, REPORT_PER_HOUR } from "../constants";
import {
  adConsultationRequestSchema,
  enterpriseEnquiryRequestSchema,
  feedbackRequestSchema,
  formReceiptResponseSchema,
  LEAD_FORMS_PER_HOUR,
  leadReceiptResponseSchema,
  reportRequestSchema,
} from "../schemas/forms";
import { endpoint } from "./define";

const tags = ["forms"];

/**
 * The report and feedback forms (spec §2 global overlays, §3 forms), on API v1. Limits are per
 * account (product decisions): reports 10 an hour (report_tooMany), feedback 3 an hour
 * (feedback_tooMany, the feedback rate-limit message of §8).
 */
export const formsEndpoints = {
  report: endpoint({
    method: "POST",
    path: "/api/v1/reports",
    tags,
    summary: "Report a publication, comment or profile for moderation",
    body: reportRequestSchema,
    responses: { 201: formReceiptResponseSchema },
    policy: {
      who: "active",
      rateLimit: { max: REPORT_PER_HOUR, per: "hour", by: "account", code: "report_tooMany" },
    },
    errors: ["request_notFound", "social_selfNotAllowed"],
  }),
  feedback: endpoint({
    method: "POST",
    path: "/api/v1/feedback",
    tags,
    summary: "Send feedback: a rating (1–5) and a message",
    body: feedbackRequestSchema,
    responses: { 201: formReceiptResponseSchema },
    policy: {
      who: "session",
      rateLimit: { max: FEEDBACK_PER_HOUR, per: "hour", by: "account", code: "feedback_tooMany" },
    },
  }),
  /**
   * Issue 16. Open to visitors: the enterprise plan card and /companies are public. A visitor gives
   * the email to answer; a signed-in sender is answered at their account's email. Limited per
   * account (per address for visitors) here, and per address across both forms in the handler.
   */
  enterpriseEnquiry: endpoint({
    method: "POST",
    path: "/api/v1/enterprise-enquiries",
    tags,
    summary: "Send the enterprise enquiry: stored as a lead and mailed to sales",
    body: enterpriseEnquiryRequestSchema,
    responses: { 201: leadReceiptResponseSchema },
    policy: {
      who: "anyone",
      rateLimit: { max: LEAD_FORMS_PER_HOUR, per: "hour", by: "account", code: "lead_tooMany" },
    },
    errors: ["lead_tooMany"],
  }),
  adConsultation: endpoint({
    method: "POST",
    path: "/api/v1/ad-consultations",
    tags,
    summary: "Request an ad consultation (the ad-credit offer): stored as a lead and mailed to sales",
    body: adConsultationRequestSchema,
    responses: { 201: leadReceiptResponseSchema },
    policy: {
      who: "anyone",
      rateLimit: { max: LEAD_FORMS_PER_HOUR, per: "hour", by: "account", code: "lead_tooMany" },
    },
    errors: ["lead_tooMany"],
  }),
};
