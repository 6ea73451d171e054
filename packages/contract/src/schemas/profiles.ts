import { z } from "zod";
import { mediaSubSections, profileTabs } from "../enums";
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

/** Profile page data (spec §3) and the tabs a viewer may open (§2, §6). */
export const socialLinkKeys = ["twitter", "youtube", "facebook", "site", "linkedin", "instagram"] as const;

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
    }),
    socialLinks: z.object(
      Object.fromEntries(socialLinkKeys.map((k) => [k, z.string().nullable()])) as Record<
        (typeof socialLinkKeys)[number],
        z.ZodNullable<z.ZodString>
      >,
    ),
    contacts: z.object({
      mainEmail: z.string().nullable(),
      mainPhone: z.string().nullable(),
      additionalEmail: z.string().nullable(),
      additionalPhone: z.string().nullable(),
    }),
    /** Tabs this viewer may open, in order (contact needs messenger; team needs the employees permission). */
    tabs: z.array(z.enum(profileTabs)),
    isOwner: z.boolean(),
  })
  .meta({ id: "ProfilePage" });
export type ProfilePage = z.infer<typeof profilePageSchema>;
export const profilePageResponseSchema = z.object({ data: profilePageSchema });
