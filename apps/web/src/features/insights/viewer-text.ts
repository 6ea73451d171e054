import { formatCount, type ProfileViewer } from "@vn/contract";
import { insightsMessages } from "@vn/contract/messages/insights";

/**
 * The words of one viewer row (who viewed you): how many views, and what was looked at. Pure, so
 * the unit test reads exactly what the page shows.
 */
export function viewCountText(views: number): string {
  return formatCount(views, {
    one: insightsMessages.viewersViewCountOne,
    other: insightsMessages.viewersViewCount,
  });
}

/** "Viewed your profile", and the publications by title (their handle when untitled). */
export function viewedWhat(viewer: Pick<ProfileViewer, "viewedProfile" | "publications">): {
  profile: boolean;
  publications: Array<{ path: string; label: string }>;
} {
  return {
    profile: viewer.viewedProfile,
    publications: viewer.publications.map((publication) => ({
      path: publication.path,
      label: publication.title?.trim() || publication.slug,
    })),
  };
}

/** Whether the viewer list is open to this owner: the spy add-on's entitlement from the session. */
export function hasSpy(features: Record<string, number | boolean | null> | undefined): boolean {
  return features?.["addons.spy"] === true;
}
