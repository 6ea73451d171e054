import { z } from "zod";
import { ABOUT_MAX, ABOUT_MAX_LINE_BREAKS, COMPANY_NAME_MAX, COMPANY_NAME_MIN } from "../constants";
import { verificationStatuses } from "../enums";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { cleanText } from "../text";
import { handleSchema, imageUrlSchema, optionalText } from "./accounts";
import { userText } from "./common";
import { contactsSchema, pageFieldsUpdateShape, socialLinksSchema } from "./profiles";

/** Latin letters (with diacritics), digits and the punctuation company names use. */
export const companyNamePattern = /^[\p{Script=Latin}\p{M}\p{N}][\p{Script=Latin}\p{M}\p{N} '’.,&()+\-/!]*$/u;

export const companyNameSchema = userText({ error: sharedMessages.fieldRequired })
  .transform(cleanText)
  .pipe(
    z
      .string()
      .min(1, sharedMessages.fieldRequired)
      .min(COMPANY_NAME_MIN, format(sharedMessages.minChars, { count: COMPANY_NAME_MIN }))
      .max(COMPANY_NAME_MAX, format(sharedMessages.maxChars, { count: COMPANY_NAME_MAX }))
      .regex(companyNamePattern, validationMessages.onlyLatin),
  );

export const companyCreateRequestSchema = z
  .object({
    name: companyNameSchema,
    slug: handleSchema,
    about: optionalText(ABOUT_MAX, ABOUT_MAX_LINE_BREAKS),
    logoUrl: imageUrlSchema,
  })
  .meta({ id: "CompanyCreate" });
export type CompanyCreate = z.infer<typeof companyCreateRequestSchema>;

export const companySchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    about: z.string().nullable(),
    image: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
    verificationStatus: z.enum(verificationStatuses),
    role: z.enum(["owner", "manager", "company_employee"]),
    createdAt: z.string(),
  })
  .meta({ id: "Company" });
export const companyResponseSchema = z.object({ data: companySchema });

// Page editing (issue 14) ------------------------------------------------------------------------

/**
 * PATCH /companies/:id: what an owner (a member whose settings scope is not none) edits on the
 * company page: name, logo (company_image), background (company_background_image), about,
 * website (socialLinks.site), social links and contacts. The handle stays as created.
 */
export const companyPageUpdateRequestSchema = z
  .object({
    name: companyNameSchema.optional(),
    about: optionalText(ABOUT_MAX, ABOUT_MAX_LINE_BREAKS),
    logoUrl: imageUrlSchema,
    ...pageFieldsUpdateShape,
  })
  .meta({ id: "CompanyPageUpdate" });
export type CompanyPageUpdate = z.infer<typeof companyPageUpdateRequestSchema>;

const pictureSchema = z.object({ urls: z.object({ preview: z.string() }) }).nullable();

/** GET /companies/:id/page-settings: the page as its editor sees it, to fill the form. */
export const companyPageSettingsSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    about: z.string().nullable(),
    image: pictureSchema,
    backgroundImage: pictureSchema,
    socialLinks: socialLinksSchema,
    contacts: contactsSchema,
    verificationStatus: z.enum(verificationStatuses),
    updatedAt: z.string(),
  })
  .meta({ id: "CompanyPageSettings" });
export type CompanyPageSettings = z.infer<typeof companyPageSettingsSchema>;
export const companyPageSettingsResponseSchema = z.object({ data: companyPageSettingsSchema });
