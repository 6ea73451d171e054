import { z } from "zod";
import { verificationStatuses } from "../enums";
import {
  KYB_DETAILS_LIMITS,
  kybDocumentMimes,
  kybReasonCodes,
  kybStaffReasonCodes,
  kybTransactionStatuses,
} from "../kyb";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { cleanText } from "../text";
import { userText } from "./common";
import { socialLinkSchema } from "./profiles";
import { inviteUserSchema } from "./teams";
import { countryCodeSchema, staffDecisionSchema } from "./verification";

/**
 * Business verification (issue 14, spec §7 "Company verification"): the acting company's KYB
 * transaction and the calls that build it, the registry's webhook, staff decisions, and the
 * transparent badge a verified company shows.
 */

const isoDate = z.string();

const limited = (min: number, max: number) =>
  userText({ error: sharedMessages.fieldRequired })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, sharedMessages.fieldRequired)
        .min(min, format(sharedMessages.minChars, { count: min }))
        .max(max, format(sharedMessages.maxChars, { count: max })),
    );

/** YYYY-MM-DD, a real day, not in the future and not before 1800. */
const incorporationDate = userText({ error: sharedMessages.fieldRequired })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, validationMessages.kybInvalidDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, validationMessages.kybInvalidDate)
  .refine((value) => value >= "1800-01-01", validationMessages.kybInvalidDate)
  .refine(
    (value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now(),
    validationMessages.kybDateInFuture,
  );

/**
 * PATCH company-details: any of the fields, each checked; what is sent is saved. The checklist
 * says when everything needed (all but the website) is there.
 */
export const kybCompanyDetailsRequestSchema = z
  .object({
    legalName: limited(KYB_DETAILS_LIMITS.legalName.min, KYB_DETAILS_LIMITS.legalName.max).optional(),
    registrationNumber: limited(
      KYB_DETAILS_LIMITS.registrationNumber.min,
      KYB_DETAILS_LIMITS.registrationNumber.max,
    )
      .pipe(
        z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, validationMessages.kybInvalidRegistrationNumber),
      )
      .optional(),
    country: countryCodeSchema.optional(),
    registeredAddress: limited(
      KYB_DETAILS_LIMITS.registeredAddress.min,
      KYB_DETAILS_LIMITS.registeredAddress.max,
    ).optional(),
    incorporationDate: incorporationDate.optional(),
    /** The company's website; "" or null clears it. */
    website: socialLinkSchema("site"),
  })
  .meta({ id: "KybCompanyDetails" });
export type KybCompanyDetailsRequest = z.input<typeof kybCompanyDetailsRequestSchema>;

export const kybDirectorInviteRequestSchema = z
  .object({
    email: inviteUserSchema,
    /** How the mail addresses them; their verified name replaces it once they accept. */
    name: limited(1, 128).optional(),
  })
  .meta({ id: "KybDirectorInvite" });
export type KybDirectorInviteRequest = z.input<typeof kybDirectorInviteRequestSchema>;

export const kybDirectorCancelRequestSchema = z
  .object({ inviteId: userText({ error: sharedMessages.fieldRequired }).min(1).max(100) })
  .meta({ id: "KybDirectorCancel" });

export const kybDocumentParamsSchema = z.object({ id: userText().min(1).max(100) });

export const kybReasonSchema = z.object({
  code: z.enum(kybReasonCodes as [string, ...string[]]),
  text: z.string(),
  fixable: z.boolean(),
});

export const kybDocumentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mime: z.enum(kybDocumentMimes),
    size: z.number().int(),
    createdAt: isoDate,
  })
  .meta({ id: "KybDocument" });
export type KybDocument = z.infer<typeof kybDocumentSchema>;

export const kybDirectorStatuses = ["pending", "accepted", "rejected", "cancelled", "expired"] as const;
export const kybDirectorSchema = z
  .object({
    /** The invitation's id. */
    id: z.string(),
    email: z.string(),
    /** The verified person's name once they accept; the name the owner typed before. */
    name: z.string().nullable(),
    status: z.enum(kybDirectorStatuses),
    /** The director is a verified person (only accepted directors count). */
    verified: z.boolean(),
    rejectReason: z.string().nullable(),
    createdAt: isoDate,
    decidedAt: isoDate.nullable(),
  })
  .meta({ id: "KybDirector" });
export type KybDirector = z.infer<typeof kybDirectorSchema>;

export const kybDetailsSchema = z.object({
  legalName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  country: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  incorporationDate: z.string().nullable(),
  website: z.string().nullable(),
});

export const kybTransactionSchema = z
  .object({
    id: z.string(),
    status: z.enum(kybTransactionStatuses),
    company: z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      verificationStatus: z.enum(verificationStatuses),
    }),
    details: kybDetailsSchema,
    documents: z.array(kybDocumentSchema),
    directors: z.array(kybDirectorSchema),
    /** What submit needs: details complete, a document, every open invitation answered and at least one verified director. */
    checklist: z.object({ details: z.boolean(), documents: z.boolean(), directors: z.boolean() }),
    /** The owner may still change it (draft). */
    canEdit: z.boolean(),
    canSubmit: z.boolean(),
    /** Decided with a fixable outcome (or failed): a new transaction may start. */
    canStartNew: z.boolean(),
    reason: kybReasonSchema.nullable(),
    createdAt: isoDate,
    submittedAt: isoDate.nullable(),
    decidedAt: isoDate.nullable(),
  })
  .meta({ id: "KybTransaction" });
export type KybTransaction = z.infer<typeof kybTransactionSchema>;
export const kybTransactionResponseSchema = z.object({ data: kybTransactionSchema });
export const kybLatestResponseSchema = z.object({ data: kybTransactionSchema.nullable() });
export const kybDocumentResponseSchema = z.object({ data: kybDocumentSchema });

// The registry's webhook -------------------------------------------------------------------------

/** One event about one check, as the provider reads it (signed by the sandbox registry). */
export const kybWebhookEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.literal("check.updated"),
  createdAt: isoDate,
  data: z.object({
    /** The registry's check id. */
    checkId: z.string().min(1).max(200),
    /** Our transaction id, given to the registry as its reference. */
    reference: z.string().min(1).max(100),
    status: z.enum(["pending", "pending_admin_action", "accepted", "rejected", "failed"]),
    reason: z.enum(kybReasonCodes as [string, ...string[]]).nullable(),
  }),
});
export type KybWebhookEvent = z.infer<typeof kybWebhookEventSchema>;
export const kybWebhookParamsSchema = z.object({ provider: z.enum(["sandbox", "middesk"]) });

// Staff ------------------------------------------------------------------------------------------

export const kybStaffDecisionRequestSchema = staffDecisionSchema(kybStaffReasonCodes).meta({
  id: "KybStaffDecision",
});
export type KybStaffDecisionRequest = z.input<typeof kybStaffDecisionRequestSchema>;
export const kybStaffQueueResponseSchema = z.object({ data: z.array(kybTransactionSchema) });
