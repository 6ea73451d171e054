import { z } from "zod";
import {
  COMPANY_NAME_MAX,
  COMPANY_NAME_MIN,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_RATING_MAX,
  FEEDBACK_RATING_MIN,
  PERSON_NAME_MAX,
  PERSON_NAME_MIN,
  PHONE_MIN_DIGITS,
  URL_MAX_LENGTH_HTTP,
} from "../constants";
import { commonMessages } from "../messages/common";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { cleanText } from "../text";
import { emailSchema } from "./accounts";
import { userText } from "./common";
import { contactPhoneSchema } from "./profiles";
import { countryCodeSchema } from "./verification";

/**
 * The feedback and report forms (spec §3 "Forms"; §5 "Feedback: rating and message required, with
 * a maximum length"; product decisions: feedback 3 per hour per account, reports 10 per hour).
 * The enquiry and ad-consultation forms are at the end (issue 16).
 */

export const REPORT_DESCRIPTION_MAX = 1000;

const textField = (max: number) =>
  userText({ error: sharedMessages.fieldRequired })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, sharedMessages.fieldRequired)
        .max(max, format(sharedMessages.maxChars, { count: max })),
    );

export const feedbackRequestSchema = z.object({
  rating: z.coerce
    .number({ error: validationMessages.feedbackRatingRequired })
    .int(validationMessages.feedbackRatingRequired)
    .min(FEEDBACK_RATING_MIN, validationMessages.feedbackRatingRequired)
    .max(FEEDBACK_RATING_MAX, validationMessages.feedbackRatingRequired),
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
    reason: z.enum(reportReasons, { error: sharedMessages.fieldRequired }),
    description: userText()
      .transform(cleanText)
      .pipe(
        z
          .string()
          .max(REPORT_DESCRIPTION_MAX, format(sharedMessages.maxChars, { count: REPORT_DESCRIPTION_MAX })),
      )
      .optional(),
  })
  .superRefine((value, ctx) => {
    // "Other" says nothing by itself; the description carries the reason.
    if (value.reason === "other" && !value.description) {
      ctx.addIssue({ code: "custom", path: ["description"], message: sharedMessages.fieldRequired });
    }
  });
export type ReportRequest = z.input<typeof reportRequestSchema>;

export const formReceiptResponseSchema = z.object({
  data: z.object({ id: z.string(), createdAt: z.string() }),
});

// ——— Sales leads (issue 16): the enterprise enquiry and the ad consultation ——————————————————

/**
 * The enterprise enquiry (spec §3: fullName, companyName, website, country, phone optional,
 * enquiry; §5: the enterprise phone starts with +, with too-short and too-long messages) and the
 * ad consultation (company, website, country, firstName, lastName, email, phone, monthlyAdSpend,
 * objectives optional; §9: 500 USD of ad credit with a 3,000 USD minimum spend). Both become a
 * lead (modules/forms/leads.ts): stored, mailed to the sales address, worked in the back-office.
 */
export const leadKinds = ["enterprise", "ad_consultation"] as const;
export type LeadKind = (typeof leadKinds)[number];
export const leadStatuses = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const ENQUIRY_TEXT_MIN = 10;
export const ENQUIRY_TEXT_MAX = 3000;
export const AD_OBJECTIVES_MAX = 2000;
/** E.164: a full international number has at most 15 digits. */
export const LEAD_PHONE_MAX_DIGITS = 15;
/** Per account (per address for visitors), each form, an hour; and per address for both together. */
export const LEAD_FORMS_PER_HOUR = 3;
export const LEAD_FORMS_PER_ADDRESS_PER_HOUR = 10;

/** The monthly ad budget, in ranges; the offer (§9) needs at least AD_OFFER_MIN_SPEND_USD. */
export const adSpendRanges = ["under_3k", "3k_10k", "10k_50k", "over_50k"] as const;
export type AdSpendRange = (typeof adSpendRanges)[number];
export const adSpendLabels: Record<AdSpendRange, string> = {
  under_3k: validationMessages.adSpendUnder3k,
  "3k_10k": validationMessages.adSpend3kTo10k,
  "10k_50k": validationMessages.adSpend10kTo50k,
  over_50k: validationMessages.adSpendOver50k,
};
/** Whether a budget qualifies for the ad credit (every range from 3,000 USD up). */
export function adSpendQualifies(range: AdSpendRange): boolean {
  return range !== "under_3k";
}

const nameField = (min: number, max: number) =>
  userText({ error: sharedMessages.fieldRequired })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, sharedMessages.fieldRequired)
        .min(min, format(sharedMessages.minChars, { count: min }))
        .max(max, format(sharedMessages.maxChars, { count: max })),
    );

/** A company website: "example.com" is read as https://example.com; http(s) only (§5 URL length). */
export const websiteSchema = userText({ error: sharedMessages.fieldRequired })
  .trim()
  .min(1, sharedMessages.fieldRequired)
  .max(URL_MAX_LENGTH_HTTP, commonMessages.urlTooLong)
  .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
  .pipe(
    z
      .url({ protocol: /^https?$/, error: validationMessages.invalidUrl })
      .refine(
        (value) => URL.canParse(value) && new URL(value).hostname.includes("."),
        validationMessages.invalidUrl,
      ),
  );

/**
 * A phone of the ad consultation (§5): only numbers and phone symbols, 7 to 15 digits. The "+"
 * rule is the enterprise form's (contactPhoneSchema, the same one contact phones use).
 */
export const leadPhoneSchema = userText({ error: sharedMessages.fieldRequired })
  .trim()
  .min(1, sharedMessages.fieldRequired)
  .superRefine((value, ctx) => {
    const digits = value.replace(/\D/g, "").length;
    const message = !/^[0-9+\-() .]+$/.test(value)
      ? validationMessages.invalidPhone
      : digits < PHONE_MIN_DIGITS
        ? validationMessages.phoneTooShort
        : digits > LEAD_PHONE_MAX_DIGITS
          ? validationMessages.phoneTooLong
          : null;
    if (message) ctx.addIssue({ code: "custom", message });
  });

export const enterpriseEnquiryRequestSchema = z.object({
  fullName: nameField(PERSON_NAME_MIN, PERSON_NAME_MAX),
  companyName: nameField(COMPANY_NAME_MIN, COMPANY_NAME_MAX),
  website: websiteSchema,
  country: countryCodeSchema,
  /** Optional; when given it starts with + (§5 "enterprise phone"). "" means none. */
  phone: contactPhoneSchema,
  enquiry: nameField(ENQUIRY_TEXT_MIN, ENQUIRY_TEXT_MAX),
  /**
   * Where to answer. A visitor must give it; a signed-in sender's answer goes to their account's
   * email, and this field is ignored (nobody can send an enquiry in another account's name).
   */
  email: emailSchema.optional(),
});
export type EnterpriseEnquiryRequest = z.input<typeof enterpriseEnquiryRequestSchema>;
/** The visitor's form: the same fields, and the email is required. */
export const enterpriseEnquiryVisitorSchema = enterpriseEnquiryRequestSchema.extend({ email: emailSchema });

export const adConsultationRequestSchema = z.object({
  company: nameField(COMPANY_NAME_MIN, COMPANY_NAME_MAX),
  website: websiteSchema,
  country: countryCodeSchema,
  firstName: nameField(1, PERSON_NAME_MAX),
  lastName: nameField(1, PERSON_NAME_MAX),
  email: emailSchema,
  phone: leadPhoneSchema,
  monthlyAdSpend: z.enum(adSpendRanges, { error: sharedMessages.fieldRequired }),
  objectives: userText()
    .transform(cleanText)
    .pipe(z.string().max(AD_OBJECTIVES_MAX, format(sharedMessages.maxChars, { count: AD_OBJECTIVES_MAX })))
    .optional(),
});
export type AdConsultationRequest = z.input<typeof adConsultationRequestSchema>;

/** Who and which company a lead names, whichever form it came from (its stored fields). */
export function leadHeadline(
  kind: string,
  fields: Record<string, unknown>,
): { name: string; company: string } {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  if (kind === "enterprise") return { name: text(fields.fullName), company: text(fields.companyName) };
  return {
    name: `${text(fields.firstName)} ${text(fields.lastName)}`.trim(),
    company: text(fields.company),
  };
}

export const leadReceiptResponseSchema = z.object({
  data: z.object({ id: z.string(), kind: z.enum(leadKinds), createdAt: z.string() }),
});
