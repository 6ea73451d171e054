import { z } from "zod";
import { PER_PAGE_MAX } from "../constants";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { cleanText } from "../text";
import { userText } from "./common";
import { leadKinds, leadStatuses } from "./forms";

/**
 * The back-office's records (issue 16): sales leads, feedback, the audit log and the dashboard's
 * numbers. Staff only (`/api/v1/staff/...`); lists are newest first with keyset cursors.
 */

export const BACKOFFICE_PER_PAGE_DEFAULT = 20;
export const AUDIT_PER_PAGE_DEFAULT = 50;
export const LEAD_NOTE_MAX = 2000;
/** The dashboard looks back this many days, today included. */
export const DASHBOARD_DAYS = 30;

const cursorQuery = {
  cursor: userText().max(200).optional(),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(BACKOFFICE_PER_PAGE_DEFAULT),
};
const pageMeta = z.object({ perPage: z.number(), nextCursor: z.string().nullable() });

/** Who sent something: the person and the profile they acted as (null for a visitor). */
export const backofficeSenderSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  slug: z.string().nullable(),
});

// ——— Leads ————————————————————————————————————————————————————————————————————————————

export const leadSchema = z
  .object({
    id: z.string(),
    kind: z.enum(leadKinds),
    status: z.enum(leadStatuses),
    /** The form's fields as sent (schemas/forms.ts). */
    fields: z.record(z.string(), z.unknown()),
    /** Where to answer. */
    email: z.string().nullable(),
    /** The company named in the form. */
    company: z.string(),
    /** The person named in the form. */
    name: z.string(),
    sender: backofficeSenderSchema.nullable(),
    note: z.string().nullable(),
    createdAt: z.string(),
    /** The version a change must name (optimistic concurrency): ISO time, milliseconds. */
    updatedAt: z.string(),
  })
  .meta({ id: "Lead" });
export type Lead = z.infer<typeof leadSchema>;

export const leadListQuerySchema = z.object({
  kind: z.enum(leadKinds).optional(),
  status: z.enum(leadStatuses).optional(),
  ...cursorQuery,
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;
export const leadListResponseSchema = z.object({ data: z.array(leadSchema), meta: pageMeta });

export const leadUpdateRequestSchema = z
  .object({
    status: z.enum(leadStatuses).optional(),
    /** Staff's note; "" or null clears it. */
    note: userText()
      .transform(cleanText)
      .pipe(z.string().max(LEAD_NOTE_MAX, format(sharedMessages.maxChars, { count: LEAD_NOTE_MAX })))
      .nullable()
      .optional(),
    /** The lead's `updatedAt` as the staff member saw it; a lead changed since answers 409 lead_changed. */
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .refine((value) => value.status !== undefined || value.note !== undefined, {
    message: sharedMessages.fieldRequired,
    path: ["status"],
  });
export type LeadUpdateRequest = z.input<typeof leadUpdateRequestSchema>;
export const leadResponseSchema = z.object({ data: leadSchema });

// ——— Feedback ————————————————————————————————————————————————————————————————————————

export const feedbackItemSchema = z
  .object({
    id: z.string(),
    rating: z.number(),
    message: z.string(),
    page: z.string().nullable(),
    userAgent: z.string().nullable(),
    sender: backofficeSenderSchema,
    createdAt: z.string(),
  })
  .meta({ id: "FeedbackItem" });
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
export const feedbackListQuerySchema = z.object(cursorQuery);
export const feedbackListResponseSchema = z.object({ data: z.array(feedbackItemSchema), meta: pageMeta });

// ——— Audit log ———————————————————————————————————————————————————————————————————————

export const auditListQuerySchema = z
  .object({
    /** The person who did it: a user id or their email. */
    actor: userText().trim().max(254).optional(),
    resourceType: userText().trim().max(50).optional(),
    resourceId: userText().trim().max(100).optional(),
    /** An action ("verification.decided"), or a domain ("verification.") for all of its actions. */
    action: userText().trim().max(80).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    cursor: cursorQuery.cursor,
    perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(AUDIT_PER_PAGE_DEFAULT),
  })
  .refine((value) => !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to), {
    message: validationMessages.invalidRequest,
    path: ["to"],
  });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    actor: z
      .object({ userId: z.string(), name: z.string().nullable(), email: z.string().nullable() })
      .nullable(),
    actorProfileId: z.string().nullable(),
    staffRole: z.string().nullable(),
    action: z.string(),
    resourceType: z.string(),
    resourceId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    requestId: z.string().nullable(),
  })
  .meta({ id: "AuditEntry" });
export type AuditLogEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponseSchema = z.object({ data: z.array(auditEntrySchema), meta: pageMeta });

// ——— Dashboard ———————————————————————————————————————————————————————————————————————

export const dashboardVerificationKinds = ["identity", "business"] as const;

export const dashboardSchema = z
  .object({
    /** The days shown, oldest first (YYYY-MM-DD, UTC): every series has a point for each. */
    days: z.array(z.string()),
    /** Reports (publications, comments, profiles, messages) filed per day, by reason. */
    reportsByReason: z.array(z.object({ day: z.string(), reason: z.string(), count: z.number() })),
    /** Review-queue subjects opened per day and the median minutes until staff first acted. */
    firstAction: z.array(
      z.object({ day: z.string(), subjects: z.number(), medianMinutes: z.number().nullable() }),
    ),
    /** Identity and business verifications decided per day, by outcome (transaction status). */
    verifications: z.array(
      z.object({
        day: z.string(),
        kind: z.enum(dashboardVerificationKinds),
        outcome: z.string(),
        count: z.number(),
      }),
    ),
    signUps: z.array(z.object({ day: z.string(), count: z.number() })),
    /** Subscriptions active or in trial now, by owner type and plan. */
    activeSubscriptions: z.array(z.object({ ownerType: z.string(), tier: z.string(), count: z.number() })),
  })
  .meta({ id: "Dashboard" });
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ data: dashboardSchema });
