/**
 * Profile pages' social links without schemas: zod-free, so the profile page does not load zod
 * to list them (decision 0027). The schemas are in schemas/profiles.ts.
 */

/** The social links a page may show (spec §3). */
export const socialLinkKeys = ["twitter", "youtube", "facebook", "site", "linkedin", "instagram"] as const;
export type SocialLinkKey = (typeof socialLinkKeys)[number];
