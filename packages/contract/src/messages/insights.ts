/**
 * Strings of the web's insights feature (apps/web/src/features/insights).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const insightsMessages = {
  // Insights (issue 13): who viewed you
  viewersIntro: "People who looked at your profile or your publications in the last 90 days.",
  viewersEmpty: "Nobody has viewed your profile or publications in the last 90 days.",
  viewersViewedProfile: "Viewed your profile",
  viewersViewedPublications: "Viewed:",
  viewersViewCount: "{count} views",
  viewersViewCountOne: "{count} view",
  viewersLastViewed: "Last viewed {date}",
  viewersSpyTitle: "See who viewed you",
  viewersSpyText:
    "With the Spy add-on you see who viewed your profile and your publications in the last 90 days. People who use Stealth are not listed.",
  viewersSpyAction: "Get the Spy add-on",
} as const;
