import { z } from "zod";
import { PHONE_MIN_DIGITS, URL_MAX_LENGTH_HTTP } from "../constants";
import { mediaSubSections, profileTabs } from "../enums";
import { commonMessages } from "../messages/common";
import { format } from "../messages/format";
import { validationMessages } from "../messages/validation";
import { type SocialLinkKey, socialLinkKeys } from "../profiles";
import { emailSchema, generalInfoUpdateRequestSchema, imageUrlSchema } from "./accounts";
import { userText } from "./common";

/** A profile's handle in a public path or query (`/profiles/:slug`, `?owner=`). */
export const profileSlugSchema = userText().min(1).max(254);
/** `:slug` in a public profile path. */
export const profileSlugParamsSchema = z.object({ slug: profileSlugSchema });

/**
 * The profile badge (issue 13): "premium" while the owner's plan grants `badges.use` and the badge
 * is bought and shown; null otherwise. On the profile page and on every profile card.
 */
export const profileBadgeSchema = z.enum(["premium"]).nullable();
export type ProfileBadge = z.infer<typeof profileBadgeSchema>;

/**
 * The transparent business badge (issue 14, item 3): what a verified company's KYB established,
 * on its page and in search results; null for people and for companies not verified.
 */
export const businessBadgeSchema = z
  .object({
    registrationNumber: z.string(),
    country: z.string(),
    verifiedDirectors: z.number().int(),
    /** When the registry last confirmed the company. */
    checkedAt: z.string(),
  })
  .nullable()
  .meta({ id: "BusinessBadge" });
export type BusinessBadge = z.infer<typeof businessBadgeSchema>;

/** A page's social links as stored and shown (null: not given). */
export const socialLinksSchema = z.object(
  Object.fromEntries(socialLinkKeys.map((k) => [k, z.string().nullable()])) as Record<
    (typeof socialLinkKeys)[number],
    z.ZodNullable<z.ZodString>
  >,
);
/** A page's contacts as stored and shown (null: not given). */
export const contactsSchema = z.object({
  mainEmail: z.string().nullable(),
  mainPhone: z.string().nullable(),
  additionalEmail: z.string().nullable(),
  additionalPhone: z.string().nullable(),
});

/** Profile page data (spec §3) and the tabs a viewer may open (§2, §6). */
export const profilePageSchema = z
  .object({
    followersCount: z.number(),
    followingCount: z.number(),
    followed: z.boolean(),
    mediaCounts: z.object({
      all: z.number(),
      releases: z.number(),
      responses: z.number(),
      recordings: z.number(),
    }),
    /** Published items per media sub-section (§2), for the section filters' counts. */
    sectionCounts: z.record(z.enum(mediaSubSections), z.number()),
    user: z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      profession: z.string().nullable(),
      type: z.object({ id: z.enum(["user", "company"]) }),
      about: z.string().nullable(),
      image: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
      backgroundImage: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
      verificationStatus: z.string(),
      verifiedAt: z.string().nullable(),
      badge: profileBadgeSchema,
      business: businessBadgeSchema,
    }),
    socialLinks: socialLinksSchema,
    contacts: contactsSchema,
    /** Tabs this viewer may open, in order (contact needs messenger; team needs the employees permission). */
    tabs: z.array(z.enum(profileTabs)),
    isOwner: z.boolean(),
  })
  .meta({ id: "ProfilePage" });
export type ProfilePage = z.infer<typeof profilePageSchema>;
export const profilePageResponseSchema = z.object({ data: profilePageSchema });

/**
 * Whether the viewer sees a profile's pages (the profile with its tabs, its publications) exactly
 * as a visitor without a session does (decision 0028): the web then serves them the cached
 * anonymous render instead of rendering the page for them.
 */
export const visitorViewSchema = z.object({ sameAsVisitor: z.boolean() }).meta({ id: "VisitorView" });
export const visitorViewQuerySchema = z.object({
  /** The page asked for is the profile itself (not a publication): a signed-in viewer's visit is recorded. */
  profilePage: z.stringbool().optional(),
});
export const visitorViewResponseSchema = z.object({ data: visitorViewSchema });

// Page editing (issue 14): the fields a person edits on their own page and an owner on a company's

/**
 * Where each social link must point (its host or a subdomain of it, www. and m. included). `site`
 * is the page's website: any http(s) link. The spec's "site" link is the one website a page has,
 * so the website is stored and sent as `socialLinks.site`, never as a second field.
 */
export const socialLinkHosts: Record<Exclude<SocialLinkKey, "site">, readonly string[]> = {
  twitter: ["twitter.com", "x.com"],
  youtube: ["youtube.com", "youtu.be"],
  facebook: ["facebook.com", "fb.com"],
  linkedin: ["linkedin.com"],
  instagram: ["instagram.com"],
};

/** Does this link point at one of the hosts (or their subdomains)? */
export function linkPointsAt(link: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** "" from a cleared form field means "remove it" (null); undefined leaves the stored value. */
const emptyToNull = (value: string) => (value === "" ? null : value);

/** One social link: optional, null (or "") clears it; an http(s) URL of at most 2000 characters (§5). */
export function socialLinkSchema(key: SocialLinkKey) {
  const link = z
    .string()
    .max(URL_MAX_LENGTH_HTTP, commonMessages.urlTooLong)
    .pipe(z.url({ protocol: /^https?$/, error: validationMessages.invalidUrl }));
  const checked =
    key === "site"
      ? link
      : link.refine((value) => linkPointsAt(value, socialLinkHosts[key]), {
          message: format(validationMessages.socialLinkWrongHost, {
            hosts: socialLinkHosts[key].join(" or "),
          }),
        });
  return userText().trim().transform(emptyToNull).pipe(checked.nullable()).nullable().optional();
}

export const socialLinksUpdateSchema = z.object({
  twitter: socialLinkSchema("twitter"),
  youtube: socialLinkSchema("youtube"),
  facebook: socialLinkSchema("facebook"),
  site: socialLinkSchema("site"),
  linkedin: socialLinkSchema("linkedin"),
  instagram: socialLinkSchema("instagram"),
});
export type SocialLinksUpdate = z.infer<typeof socialLinksUpdateSchema>;

/** E.164 allows at most 15 digits in a full international number. */
export const CONTACT_PHONE_MAX_DIGITS = 15;

/**
 * A contact phone (§5, as the enterprise form's): only digits and phone symbols, starting with +
 * (an international number anyone can dial), 7 to 15 digits. One message at a time, first failing.
 */
export const contactPhoneSchema = userText()
  .trim()
  .transform(emptyToNull)
  .pipe(
    z
      .string()
      .superRefine((value, ctx) => {
        const digits = value.replace(/\D/g, "").length;
        const message = !/^[0-9+\-() .]+$/.test(value)
          ? validationMessages.invalidPhone
          : !value.startsWith("+")
            ? validationMessages.phoneMustStartWithPlus
            : digits < PHONE_MIN_DIGITS
              ? validationMessages.phoneTooShort
              : digits > CONTACT_PHONE_MAX_DIGITS
                ? validationMessages.phoneTooLong
                : null;
        if (message) ctx.addIssue({ code: "custom", message });
      })
      .nullable(),
  )
  .nullable()
  .optional();

/** A contact email (§5 email rules); "" or null clears it. */
export const contactEmailSchema = userText()
  .trim()
  .transform(emptyToNull)
  .pipe(emailSchema.nullable())
  .nullable()
  .optional();

export const contactsUpdateSchema = z.object({
  mainEmail: contactEmailSchema,
  mainPhone: contactPhoneSchema,
  additionalEmail: contactEmailSchema,
  additionalPhone: contactPhoneSchema,
});
export type ContactsUpdate = z.infer<typeof contactsUpdateSchema>;

/** The fields of a page shared by people and companies (everything optional; null clears). */
export const pageFieldsUpdateShape = {
  socialLinks: socialLinksUpdateSchema.optional(),
  contacts: contactsUpdateSchema.optional(),
  /** An image the page uploaded as user_background_image / company_background_image (its URL). */
  backgroundImageUrl: imageUrlSchema,
};

/**
 * PATCH /users/me/general-info: a person's own profile, the wizard's and settings' fields plus the
 * page's (issue 14). One route for one's own profile keeps every field of it in one transaction;
 * each form sends the subset it shows.
 */
export const profileUpdateRequestSchema = generalInfoUpdateRequestSchema
  .extend(pageFieldsUpdateShape)
  .meta({ id: "ProfileUpdate" });
export type ProfileUpdate = z.infer<typeof profileUpdateRequestSchema>;
