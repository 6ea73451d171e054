import { z } from "zod";
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../constants";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import {
  appealDecisions,
  MODERATION_APPEAL_MAX,
  MODERATION_APPEAL_MIN,
  MODERATION_BULK_MAX,
  MODERATION_LIMIT_DAYS_MAX,
  MODERATION_MESSAGE_MAX,
  MODERATION_MESSAGE_MIN,
  MODERATION_NOTE_MAX,
  moderationActionKinds,
  moderationBulkActions,
  moderationEventTypes,
  moderationReasonCodes,
  moderationStates,
  moderationSubjectTypes,
  reportOutcomes,
  strikeAppealStates,
  strikeKinds,
  strikeStatuses,
} from "../moderation";
import { cleanText } from "../text";
import { userText } from "./common";

/**
 * The review queue (issue 16): subjects with their reports and event log for staff, staff actions
 * (one, or many at once), approvals of suspensions, appeals; and the person's own strikes.
 */

const isoDate = z.string();

/** Free text a person or staff member writes: cleaned, bounded, with the catalogue's sentences. */
function writtenText(min: number, max: number) {
  return userText({ error: sharedMessages.fieldRequired })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, sharedMessages.fieldRequired)
        .min(min, format(sharedMessages.minChars, { count: min }))
        .max(max, format(sharedMessages.maxChars, { count: max })),
    );
}
function optionalNote() {
  return userText()
    .transform(cleanText)
    .pipe(
      z.string().max(MODERATION_NOTE_MAX, format(sharedMessages.maxChars, { count: MODERATION_NOTE_MAX })),
    )
    .optional();
}

/** Someone as staff see them: the profile's face and, for a person, their account. */
export const moderationProfileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(["user", "company"]),
  verificationStatus: z.string(),
  image: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
  /** The profile's status (active, blocked…). */
  status: z.string(),
  followers: z.number(),
});
export type ModerationProfile = z.infer<typeof moderationProfileSchema>;

/** A staff member as the log shows them (never shown to the people concerned). */
export const staffMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.string().nullable(),
});

/** One line of a queue: what is reported, by how many, how urgent. */
export const moderationSubjectSummarySchema = z
  .object({
    id: z.string(),
    type: z.enum(moderationSubjectTypes),
    /** The reported thing's id (a publication, comment, profile or message). */
    targetId: z.string(),
    state: z.enum(moderationStates),
    /** Reports since it was last closed. */
    openReports: z.number(),
    /** Queue order, highest first (the API's moderation/priority.ts says how it is worked out). */
    priority: z.number(),
    /** Send it back with an action: a subject changed meanwhile refuses the action (409). */
    version: z.number(),
    /** The profile answerable for it (the profile itself, the author or owner). */
    profile: moderationProfileSchema.nullable(),
    /** A line saying what it is: a title or the start of the text. */
    excerpt: z.string().nullable(),
    /** Report reasons with their counts, most first. */
    reasons: z.array(z.object({ reason: z.string(), count: z.number() })),
    lastReportedAt: isoDate.nullable(),
    firstActionAt: isoDate.nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: "ModerationSubjectSummary" });
export type ModerationSubjectSummary = z.infer<typeof moderationSubjectSummarySchema>;

export const moderationQueueQuerySchema = z.object({
  state: z.enum(moderationStates).default("open"),
  type: z.enum(moderationSubjectTypes).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
});
export const moderationQueueResponseSchema = z.object({
  data: z.array(moderationSubjectSummarySchema),
  meta: z.object({
    page: z.number(),
    perPage: z.number(),
    total: z.number(),
    /** Subjects in each state, for the queue's tabs. */
    counts: z.object({ open: z.number(), escalated: z.number(), closed: z.number() }),
  }),
});

/**
 * What is reported, as staff see it: its text and media, its author, its status now. For a message,
 * only that message as it was reported (never the conversation around it).
 */
export const moderationTargetSchema = z.object({
  type: z.enum(moderationSubjectTypes),
  id: z.string(),
  /** Still there (a deleted publication or comment, or a deleted account, is gone). */
  exists: z.boolean(),
  /** Its status now: a publication's (active, blocked…), a comment's (visible, hidden, deleted), a profile's. */
  status: z.string().nullable(),
  /** A publication's kind (post, article…). */
  kind: z.string().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  media: z.array(z.object({ url: z.string(), kind: z.string(), name: z.string().nullable() })),
  author: moderationProfileSchema.nullable(),
  /** Where it lives on the site (a publication's or profile's page, the publication of a comment). */
  path: z.string().nullable(),
  createdAt: isoDate.nullable(),
});

export const moderationReporterSchema = z.object({
  profile: moderationProfileSchema.nullable(),
  /**
   * The reporter's track record: the share of their decided reports that were actioned, with a
   * neutral prior for newcomers (0–1), and how many were decided.
   */
  accuracy: z.number(),
  decidedReports: z.number(),
});

export const moderationReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  description: z.string().nullable(),
  /** open while undecided; then its outcome (actioned | dismissed), or closed without one. */
  status: z.string(),
  outcome: z.enum(reportOutcomes).nullable(),
  reporter: moderationReporterSchema,
  createdAt: isoDate,
});

export const moderationEventSchema = z.object({
  id: z.string(),
  type: z.enum(moderationEventTypes),
  /** The staff member or person who did it; null for the system. */
  actor: staffMemberSchema.nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  reportId: z.string().nullable(),
  actionId: z.string().nullable(),
  createdAt: isoDate,
});
export type ModerationEvent = z.infer<typeof moderationEventSchema>;

export const strikeAppealSchema = z.object({
  state: z.enum(strikeAppealStates),
  text: z.string().nullable(),
  appealedAt: isoDate.nullable(),
  decidedAt: isoDate.nullable(),
});

/** A decision against a person, as staff see it. */
export const moderationActionSchema = z
  .object({
    id: z.string(),
    subjectId: z.string(),
    kind: z.enum(strikeKinds),
    reason: z.enum(moderationReasonCodes),
    message: z.string(),
    status: z.enum(strikeStatuses),
    targetProfile: moderationProfileSchema.nullable(),
    createdBy: staffMemberSchema,
    approvedBy: staffMemberSchema.nullable(),
    endsAt: isoDate.nullable(),
    appeal: strikeAppealSchema,
    appealDecidedBy: staffMemberSchema.nullable(),
    appealNote: z.string().nullable(),
    createdAt: isoDate,
  })
  .meta({ id: "ModerationAction" });
export type ModerationAction = z.infer<typeof moderationActionSchema>;

export const moderationSubjectDetailSchema = z
  .object({
    subject: moderationSubjectSummarySchema,
    target: moderationTargetSchema,
    /** Reports grouped by reason, most first, with their descriptions. */
    reasonGroups: z.array(
      z.object({
        reason: z.string(),
        count: z.number(),
        descriptions: z.array(z.string()),
      }),
    ),
    reports: z.array(moderationReportSchema),
    /** The log, oldest first. */
    events: z.array(moderationEventSchema),
    actions: z.array(moderationActionSchema),
  })
  .meta({ id: "ModerationSubjectDetail" });
export type ModerationSubjectDetail = z.infer<typeof moderationSubjectDetailSchema>;
export const moderationSubjectResponseSchema = z.object({ data: moderationSubjectDetailSchema });

/**
 * A staff action on one subject. `message` is what the person reads (required for the actions
 * against a person); `note` stays in the log; `days` is a limit's length; `version` is the subject's
 * version the moderator saw.
 */
export const moderationActRequestSchema = z
  .object({
    action: z.enum(moderationActionKinds),
    reason: z.enum(moderationReasonCodes, { error: sharedMessages.fieldRequired }),
    message: writtenText(MODERATION_MESSAGE_MIN, MODERATION_MESSAGE_MAX).optional(),
    note: optionalNote(),
    days: z.coerce.number().int().min(1).max(MODERATION_LIMIT_DAYS_MAX).optional(),
    version: z.coerce.number().int().min(1),
  })
  .superRefine((value, ctx) => {
    if ((value.action === "dismiss" || value.action === "escalate") && !value.message) return;
    if (!value.message)
      ctx.addIssue({ code: "custom", path: ["message"], message: sharedMessages.fieldRequired });
  });
export type ModerationActRequest = z.input<typeof moderationActRequestSchema>;

/** Many subjects at once, each with the version the moderator saw: all are changed or none. */
export const moderationBulkRequestSchema = z.object({
  action: z.enum(moderationBulkActions),
  subjects: z
    .array(z.object({ id: userText().min(1).max(100), version: z.coerce.number().int().min(1) }))
    .min(1)
    .max(MODERATION_BULK_MAX),
  reason: z.enum(moderationReasonCodes).optional(),
  note: optionalNote(),
});
export type ModerationBulkRequest = z.input<typeof moderationBulkRequestSchema>;
export const moderationBulkResponseSchema = z.object({
  data: z.object({ subjects: z.array(moderationSubjectSummarySchema) }),
});

/** A second staff member's answer on a suspension waiting for approval. */
export const moderationApprovalRequestSchema = z.object({
  approve: z.boolean(),
  note: optionalNote(),
});
export const moderationAppealDecisionRequestSchema = z.object({
  decision: z.enum(appealDecisions),
  note: optionalNote(),
});
export const moderationActionResponseSchema = z.object({ data: moderationActionSchema });

/** Strikes with an appeal (waiting first) or suspensions waiting for approval, with their subject. */
export const moderationWaitingItemSchema = z.object({
  action: moderationActionSchema,
  subject: moderationSubjectSummarySchema,
});
export const moderationAppealsQuerySchema = z.object({
  state: z.enum(["pending", "decided"]).default("pending"),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
});
export const moderationWaitingListResponseSchema = z.object({
  data: z.array(moderationWaitingItemSchema),
  meta: z.object({ page: z.number(), perPage: z.number(), total: z.number() }),
});

// The person's side ------------------------------------------------------------------------------

/** A strike as the person it concerns reads it: what, why, and whether they may appeal. */
export const strikeSchema = z
  .object({
    id: z.string(),
    kind: z.enum(strikeKinds),
    reason: z.enum(moderationReasonCodes),
    /** The reason's short label. */
    reasonLabel: z.string(),
    /** What staff wrote to them. */
    message: z.string(),
    status: z.enum(strikeStatuses),
    /** What it was about. */
    subject: z.object({
      type: z.enum(moderationSubjectTypes),
      id: z.string(),
      excerpt: z.string().nullable(),
      /** The publication's (or profile's) page, when it is there to open. */
      path: z.string().nullable(),
    }),
    endsAt: isoDate.nullable(),
    appeal: strikeAppealSchema,
    /** Not appealed yet and in force (an appeal is possible once). */
    canAppeal: z.boolean(),
    createdAt: isoDate,
  })
  .meta({ id: "Strike" });
export type Strike = z.infer<typeof strikeSchema>;
export const strikesResponseSchema = z.object({ data: z.array(strikeSchema) });
export const strikeResponseSchema = z.object({ data: strikeSchema });

export const strikeAppealRequestSchema = z.object({
  text: writtenText(MODERATION_APPEAL_MIN, MODERATION_APPEAL_MAX),
});
export type StrikeAppealRequest = z.input<typeof strikeAppealRequestSchema>;

/** `:token` of the signed appeal link a suspended person receives by mail. */
export const appealLinkParamsSchema = z.object({ token: userText().min(1).max(500) });
