import { z } from "zod";
import { format, messages } from "../messages";
import { cleanText } from "../text";
import { userText } from "./common";

/**
 * The feedback and report forms (spec §3 "Forms"; §5 "Feedback: rating and message required, with
 * a maximum length"; product decisions: feedback 3 per hour per account, reports 10 per hour).
 * The enquiry and ad-consultation forms belong to their own issue.
 */

export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
export const FEEDBACK_MESSAGE_MAX = 2000;
export const REPORT_DESCRIPTION_MAX = 1000;

const textField = (max: number) =>
  userText({ error: messages.fieldRequired })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, messages.fieldRequired)
        .max(max, format(messages.maxChars, { count: max })),
    );

export const feedbackRequestSchema = z.object({
  rating: z.coerce
    .number({ error: messages.feedbackRatingRequired })
    .int(messages.feedbackRatingRequired)
    .min(FEEDBACK_RATING_MIN, messages.feedbackRatingRequired)
    .max(FEEDBACK_RATING_MAX, messages.feedbackRatingRequired),
  message: textField(FEEDBACK_MESSAGE_MAX),
  /** The page the form was sent from, for context (a path of this site). */
  page: userText().max(2000).optional(),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const reportTargetTypes = ["content", "comment", "profile"] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportReasons = [
  "spam",
  "harassment",
  "hate",
  "violence",
  "misinformation",
  "impersonation",
  "nudity",
  "intellectual_property",
  "other",
] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportRequestSchema = z
  .object({
    targetType: z.enum(reportTargetTypes),
    targetId: userText().min(1).max(100),
    reason: z.enum(reportReasons, { error: messages.fieldRequired }),
    description: userText()
      .transform(cleanText)
      .pipe(
        z.string().max(REPORT_DESCRIPTION_MAX, format(messages.maxChars, { count: REPORT_DESCRIPTION_MAX })),
      )
      .optional(),
  })
  .superRefine((value, ctx) => {
    // "Other" says nothing by itself; the description carries the reason.
    if (value.reason === "other" && !value.description) {
      ctx.addIssue({ code: "custom", path: ["description"], message: messages.fieldRequired });
    }
  });
export type ReportRequest = z.input<typeof reportRequestSchema>;

export const formReceiptResponseSchema = z.object({
  data: z.object({ id: z.string(), createdAt: z.string() }),
});
