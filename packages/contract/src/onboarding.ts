import { onboardingTargets } from "./enums";

export type OnboardingTarget = (typeof onboardingTargets)[number];

/**
 * The guided onboarding tour (spec §1, §2 "Onboarding", §4 "Onboarding tour", §6) and the
 * getting-started checklist beside it (issue 18). The API stores which steps a person passed
 * (onboarding_steps) and when they finished; the web walks the steps in one of two orders.
 */

/** The steps as the API lists them (GET tooltips/steps): the spec's targets in its order. */
export const ONBOARDING_STEPS: readonly OnboardingTarget[] = onboardingTargets;

/** The width at and below which the mobile order applies (§4, §9: mobile at most 1023 px). */
export const ONBOARDING_MOBILE_MAX_WIDTH = 1023;

/**
 * Desktop: the header and the profile card first, then the profile's tabs (after connections the
 * tour goes to /{slug}/media, after media to /{slug}/feed, after feed to /{slug}/connect), then
 * the account menu.
 */
export const ONBOARDING_ORDER_DESKTOP: readonly OnboardingTarget[] = [
  "profile-photo",
  "home",
  "connections",
  "media",
  "feed",
  "connect",
  "setting",
  "billing",
  "add-business",
  "feedback",
];

/**
 * Mobile (≤ 1023 px): the tour starts on the profile page (/{slug}?media-onboarding=true) with its
 * tabs (media → /{slug}/feed → /{slug}/connect), then the photo and connections on the profile
 * card, then the header's home and the account menu. There is no connections → media path here.
 */
export const ONBOARDING_ORDER_MOBILE: readonly OnboardingTarget[] = [
  "media",
  "feed",
  "connect",
  "profile-photo",
  "connections",
  "home",
  "setting",
  "billing",
  "add-business",
  "feedback",
];

export type OnboardingLayout = "mobile" | "desktop";

export function onboardingLayoutFor(width: number): OnboardingLayout {
  return width <= ONBOARDING_MOBILE_MAX_WIDTH ? "mobile" : "desktop";
}

export function onboardingOrder(layout: OnboardingLayout): readonly OnboardingTarget[] {
  return layout === "mobile" ? ONBOARDING_ORDER_MOBILE : ONBOARDING_ORDER_DESKTOP;
}

/**
 * The page a step's target lives on, for the person with handle `slug` (null: the header, on every
 * page). The spec's tour paths (§2) follow from it: after media the tour goes to /{slug}/feed,
 * after feed to /{slug}/connect, and on desktop after connections to /{slug}/media.
 */
export function onboardingStepPage(step: OnboardingTarget, slug: string): string | null {
  const base = `/${encodeURIComponent(slug)}`;
  switch (step) {
    case "media":
      return `${base}/media`;
    case "feed":
      return `${base}/feed`;
    case "connect":
      return `${base}/connect`;
    case "profile-photo":
    case "connections":
      // The profile card (any tab of the person's own profile shows it).
      return base;
    default:
      return null;
  }
}

/** The query parameter that starts the tour (§2 "media-onboarding=true"). */
export const ONBOARDING_QUERY_PARAM = "media-onboarding";

/** The checklist's paths: whom it is for decides what it lists (issue 18). */
export const checklistKinds = ["person", "company", "invitee", "none"] as const;
export type ChecklistKind = (typeof checklistKinds)[number];

export const checklistItemIds = [
  // A person
  "verifyIdentity",
  "addPhoto",
  "firstPost",
  "followFive",
  // A company owner acting as the company
  "companyDetails",
  "businessVerification",
  "inviteTeam",
  // A person invited to a company
  "acceptInvitation",
  "completeProfile",
] as const;
export type ChecklistItemId = (typeof checklistItemIds)[number];

/** The items of each path, in the order the card lists them. */
export const CHECKLIST_ITEMS: Readonly<Record<ChecklistKind, readonly ChecklistItemId[]>> = {
  person: ["verifyIdentity", "addPhoto", "firstPost", "followFive"],
  company: ["companyDetails", "businessVerification", "inviteTeam"],
  invitee: ["acceptInvitation", "completeProfile"],
  none: [],
};

/** "Follow five people": how many follows tick it. */
export const CHECKLIST_FOLLOW_TARGET = 5;
