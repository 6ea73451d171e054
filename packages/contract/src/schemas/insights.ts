import { z } from "zod";
import { userText } from "./common";
import { profileCardSchema } from "./social";

/**
 * Who viewed you (issue 13, the spy add-on): the profiles that opened the owner's profile or had
 * a view of its publications counted in the last 90 days, newest visit first. Stealth visits,
 * blocked profiles and profiles the owner may not see are never listed.
 */

export const VIEWERS_PER_PAGE_DEFAULT = 20;
export const VIEWERS_PER_PAGE_MAX = 50;
/** Publications named per viewer; the rest only count in `views`. */
export const VIEWER_PUBLICATIONS_SHOWN = 3;

export const viewersQuerySchema = z.object({
  /** Keyset cursor from meta.nextCursor. */
  cursor: userText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(VIEWERS_PER_PAGE_MAX).default(VIEWERS_PER_PAGE_DEFAULT),
});

export const profileViewerSchema = z
  .object({
    profile: profileCardSchema,
    /** The viewer's latest visit (ISO 8601). */
    lastViewedAt: z.string(),
    /** Every view of the profile and its publications by this viewer in the last 90 days. */
    views: z.number().int(),
    /** The viewer opened the profile page itself. */
    viewedProfile: z.boolean(),
    /** Up to three publications the viewer looked at, the latest first. */
    publications: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        title: z.string().nullable(),
        /** The publication's page (its detail route). */
        path: z.string(),
      }),
    ),
  })
  .meta({ id: "ProfileViewer" });
export type ProfileViewer = z.infer<typeof profileViewerSchema>;

export const viewersResponseSchema = z.object({
  data: z.array(profileViewerSchema),
  meta: z.object({ limit: z.number(), nextCursor: z.string().nullable() }),
});
export type ViewersResponse = z.infer<typeof viewersResponseSchema>;
