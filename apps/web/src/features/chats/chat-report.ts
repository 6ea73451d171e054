import { format, REPORT_DESCRIPTION_MAX, type ReportReason, reportReasons } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { sharedMessages } from "@vn/contract/messages/shared";
import { z } from "zod";
// Relative: this file is unit-tested, and the test runner knows no "@/" alias.
import { ApiError } from "../../lib/api-error";

/**
 * The report form on one message. The API (chatReportRequestSchema) takes any short reason; the
 * form offers the reasons of every other report (forms.ts) so moderators sort them alike, and
 * "other" needs words as it does there.
 */
export const chatReportFormSchema = z
  .object({
    reason: z.enum(reportReasons, { error: sharedMessages.fieldRequired }),
    description: z
      .string()
      .trim()
      .max(REPORT_DESCRIPTION_MAX, format(sharedMessages.maxChars, { count: REPORT_DESCRIPTION_MAX })),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.description) {
      ctx.addIssue({ code: "custom", path: ["description"], message: sharedMessages.fieldRequired });
    }
  });
export type ChatReportForm = { reason: ReportReason; description: string };

/**
 * The refusal in words, as forms/ReportDialog's reportErrorText does for other reports: the rate
 * limit, a second report of the same message, the API's own 422 sentence, else §8's failure.
 */
export function chatReportErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return sharedMessages.reportFailed;
  if (error.code === "report_tooMany") return sharedMessages.reportRateLimited;
  if (error.code === "request_conflict") return chatsMessages.chatsReportAlready;
  if (error.status === 422) return error.message;
  return sharedMessages.reportFailed;
}
