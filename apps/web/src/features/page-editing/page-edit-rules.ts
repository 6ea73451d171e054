/**
 * Pure rules of the "Edit page" form (issue 14): who gets it, the form's values from the profile
 * page's data, and the API's 422 details put back on the nested fields. zod-free: the profile page
 * asks `mayEditPage` on every visit; the form's schema is in page-edit-schema.ts (decision 0027).
 */
import {
  type Actor,
  companyPagePolicy,
  type ProfilePage,
  refusalOf,
  type SocialLinkKey,
  socialLinkKeys,
} from "@vn/contract";

export type PageKind = "user" | "company";

export interface PageEditValues {
  name: string;
  about: string;
  socialLinks: Record<SocialLinkKey, string>;
  contacts: { mainEmail: string; mainPhone: string; additionalEmail: string; additionalPhone: string };
}

/** The form filled from the page as it is shown now ("" for what is not set). */
export function valuesOfPage(page: ProfilePage): PageEditValues {
  return {
    name: page.user.name,
    about: page.user.about ?? "",
    socialLinks: Object.fromEntries(
      socialLinkKeys.map((key) => [key, page.socialLinks[key] ?? ""]),
    ) as Record<SocialLinkKey, string>,
    contacts: {
      mainEmail: page.contacts.mainEmail ?? "",
      mainPhone: page.contacts.mainPhone ?? "",
      additionalEmail: page.contacts.additionalEmail ?? "",
      additionalPhone: page.contacts.additionalPhone ?? "",
    },
  };
}

/**
 * Whether the viewer edits this page: their own person page, or the company they act as when
 * their role may change its settings (the same policy the API's route declares).
 */
export function mayEditPage(actor: Actor | null, page: ProfilePage): boolean {
  if (!actor || !page.isOwner) return false;
  if (page.user.type.id === "user") return actor.profileType === "user";
  return refusalOf(actor, companyPagePolicy) === null;
}

/**
 * The API's 422 details (`{path: "body.contacts.mainPhone", message}`) as form field names
 * ("contacts.mainPhone"), the first message of each field.
 */
export function nestedFieldErrors(details: unknown): Array<{ field: string; message: string }> {
  if (!Array.isArray(details)) return [];
  const seen = new Set<string>();
  const out: Array<{ field: string; message: string }> = [];
  for (const item of details as unknown[]) {
    if (!item || typeof item !== "object") continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof path !== "string" || typeof message !== "string") continue;
    const field = path.replace(/^body\.?/, "");
    if (!field || seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message });
  }
  return out;
}
