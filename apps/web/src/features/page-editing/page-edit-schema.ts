/**
 * The "Edit page" form's schema, apart from page-edit-rules.ts so that only the form (loaded when
 * the dialog opens) brings zod and the contract's field schemas.
 */
import {
  ABOUT_MAX,
  ABOUT_MAX_LINE_BREAKS,
  companyNameSchema,
  contactsUpdateSchema,
  optionalText,
  personNameSchema,
  socialLinksUpdateSchema,
} from "@vn/contract";
import { z } from "zod";
import type { PageKind } from "./page-edit-rules";

/**
 * The form's schema: the very field rules the API validates with (contract), for the fields the
 * form shows. Images are not form fields: they are uploaded, and their URLs join the body on save.
 */
export function pageEditSchema(kind: PageKind) {
  return z.object({
    name: kind === "company" ? companyNameSchema : personNameSchema,
    about: optionalText(ABOUT_MAX, ABOUT_MAX_LINE_BREAKS),
    socialLinks: socialLinksUpdateSchema,
    contacts: contactsUpdateSchema,
  });
}
export type PageEditOutput = z.output<ReturnType<typeof pageEditSchema>>;
